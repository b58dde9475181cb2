/**
 * Saving a collection's form: images chosen in list rows are uploaded first (their stored
 * address goes into the item), then the record is sent; both with XMLHttpRequest so the form
 * can show one percentage for every byte of every file on its way.
 */
import type { ResourceDefinition } from '@cms/worker/contract';
import type { UploadResult } from '@cms/worker/contract/api';
import { sendFormWithProgress, type Answer } from '../api/client.ts';
import { PENDING_FILES, type ListItem } from '../widgets/ListEditor.tsx';
import { toFormData, type Submission, type Values } from './ResourceForm.tsx';

interface Target {
  method: 'POST' | 'PUT';
  path: string;
}

/** Sends a submission; onProgress gets whole percents, and only when files are sent. */
export async function saveRecord(resource: ResourceDefinition, { values, files, version }: Submission, target: Target, onProgress: (percent: number) => void): Promise<Answer<unknown>> {
  const rowFiles = Object.entries(resource.fields).flatMap(([name, field]) =>
    field.kind !== 'list'
      ? []
      : ((values[name] as ListItem[] | undefined) ?? []).flatMap((item, index) => Object.entries(item[PENDING_FILES] ?? {}).map(([key, file]) => ({ name, index, key, file }))),
  );
  const formFiles = Object.values(files);
  // Each step weighs its bytes; the record's own text is light next to any file.
  const total = [...rowFiles.map((row) => row.file), ...formFiles].reduce((sum, file) => sum + file.size, 0);
  let done = 0;
  const step = (bytes: number) => (sent: number) => total > 0 && onProgress(Math.min(100, Math.floor(((done + sent * bytes) / total) * 100)));

  const sent: Values = { ...values };
  for (const { name, index, key, file } of rowFiles) {
    const form = new FormData();
    form.append('file', file);
    const stored = await sendFormWithProgress<UploadResult>('POST', '/files/upload', form, step(file.size));
    done += file.size;
    sent[name] = (sent[name] as ListItem[]).map((item, i) => (i === index ? { ...item, [key]: stored.data.url } : item));
  }
  const ownBytes = formFiles.reduce((sum, file) => sum + file.size, 0);
  const form = toFormData(resource, sent, files);
  // The version the form started from: a save over someone else's is refused (409).
  if (version) form.append('_version', version);
  return sendFormWithProgress(target.method, target.path, form, step(ownBytes));
}
