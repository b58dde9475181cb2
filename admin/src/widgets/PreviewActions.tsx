/**
 * 'Pratinjau' and 'Bagikan pratinjau' for a record the site shows: the form's unsaved values are
 * sent as a draft (`POST /api/{collection}/preview`), then opened in a new tab in the site's own
 * page, or given as a link anyone can open until it expires or is revoked here. From a
 * translation's form the draft is that language's text, shown in that language's page.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, type OpenPreview, type PreviewLink, type ResourceDefinition } from '@cms/worker/contract';
import { api, getJson, sendJson } from '../api/client.ts';
import { RequestFailure } from '../api/messages.ts';
import { jakartaTime } from './differences.tsx';
import { PENDING_FILES, type ListItem } from './ListEditor.tsx';
import './PreviewActions.css';

interface Props {
  resource: ResourceDefinition;
  recordId: string | null;
  /** The form's current values, saved or not. */
  values: Record<string, unknown>;
  /** Files picked for the form's file fields and not uploaded yet. */
  files: Record<string, File>;
  disabled: boolean;
  /** The language of the draft (a translation's form); the default language's page otherwise. */
  locale?: Locale;
}

/** The long side of a picked picture as the preview shows it: sharp on a wide screen, small enough to send. */
const PICKED_EDGE = 1600;

/**
 * A picture picked but not uploaded yet, drawn within PICKED_EDGE as WebP, as a data: URL: the
 * preview shows it without uploading it. Anything the browser cannot draw is left out (the
 * preview then shows the stored picture).
 */
async function drawnSmall(file: File): Promise<string | null> {
  if (!file.type.startsWith('image/')) return null;
  const address = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = address;
    await image.decode();
    const scale = Math.min(1, PICKED_EDGE / Math.max(image.naturalWidth, image.naturalHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/webp', 0.75);
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(address);
  }
}

/** Each picked file is drawn once, from when it is picked: a click on 'Pratinjau' then only sends it. */
const drawings = new WeakMap<File, Promise<string | null>>();
function drawnOnce(file: File) {
  const drawing = drawings.get(file) ?? drawnSmall(file);
  drawings.set(file, drawing);
  return drawing;
}

/** Picked pictures by where they go: a field (`image`) or a list row (`features.2.image`). */
async function pickedPictures(resource: ResourceDefinition, values: Record<string, unknown>, files: Record<string, File>) {
  const picked: [string, File][] = Object.entries(files);
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind !== 'list') continue;
    ((values[name] as ListItem[] | undefined) ?? []).forEach((item, index) => {
      for (const [key, file] of Object.entries(item[PENDING_FILES] ?? {})) picked.push([`${name}.${index}.${key}`, file]);
    });
  }
  const drawn = await Promise.all(picked.map(async ([path, file]) => [path, await drawnOnce(file)] as const));
  return Object.fromEntries(drawn.filter(([, url]) => url !== null));
}

/** The values the preview shows: what a save would send (files not uploaded yet go beside them). */
const draftOf = (resource: ResourceDefinition, values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => {
    const field = resource.fields[name];
    return field && !(field.kind === 'timestamp' && !field.schedule) && field.kind !== 'password';
  }));

const messageOf = (error: unknown) => (error instanceof RequestFailure || error instanceof Error ? error.message : 'Pratinjau gagal dibuat. Silakan coba lagi.');

/** The language a link shows, when it is not the default one: ' (English)'. */
const languageOf = (locale: string) => (isLocale(locale) && locale !== DEFAULT_LOCALE ? ` (${LOCALES[locale].label})` : '');

export default function PreviewActions({ resource, recordId, values, files, disabled, locale }: Props) {
  const client = useQueryClient();
  const linksKey = [resource.path, recordId, 'previews'];
  const [shared, setShared] = useState<PreviewLink | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => void pickedPictures(resource, values, files), [resource, values, files]);
  const links = useQuery({
    queryKey: linksKey,
    queryFn: async () => (await getJson<OpenPreview[]>(`/${resource.path}/${recordId}/previews`)).data,
    enabled: recordId !== null && shared !== null,
  });
  const create = async () => {
    const body = { recordId: recordId ?? '', data: draftOf(resource, values), files: await pickedPictures(resource, values, files), ...(locale ? { locale } : {}) };
    return (await sendJson<PreviewLink>('POST', `/${resource.path}/preview`, body)).data;
  };

  const preview = useMutation({
    mutationFn: async () => {
      // Opened at the click, so the browser allows the tab; its address follows once the draft is stored.
      const tab = window.open('about:blank', '_blank');
      try {
        const link = await create();
        if (tab) tab.location.href = link.url;
        else window.open(link.url, '_blank');
      } catch (failure) {
        tab?.close();
        throw failure;
      }
    },
    onMutate: () => setError(''),
    onError: (failure) => setError(messageOf(failure)),
  });
  const share = useMutation({
    mutationFn: create,
    onMutate: () => {
      setError('');
      setCopied(false);
    },
    onSuccess: (link) => {
      setShared(link);
      void client.invalidateQueries({ queryKey: linksKey });
    },
    onError: (failure) => setError(messageOf(failure)),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api(`/preview/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      if (shared?.id === id) setShared(null);
      void client.invalidateQueries({ queryKey: linksKey });
    },
    onError: (failure) => setError(messageOf(failure)),
  });

  async function copy(url: string) {
    await navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      () => setError('Tautan tidak dapat disalin otomatis: pilih dan salin tautannya.'),
    );
  }

  const others = (links.data ?? []).filter((link) => link.id !== shared?.id);
  return (
    <>
      <button type="button" onClick={() => preview.mutate()} disabled={disabled || preview.isPending}>
        {preview.isPending ? 'Menyiapkan...' : 'Pratinjau'}
      </button>
      <button type="button" onClick={() => share.mutate()} disabled={disabled || share.isPending}>
        Bagikan pratinjau
      </button>
      {error && (
        <p className="alert error preview-error" role="alert">
          {error}
        </p>
      )}
      {shared && (
        <section className="preview-share" aria-label="Tautan pratinjau">
          <label htmlFor="preview-link">Tautan pratinjau (siapa pun yang memegangnya dapat membuka, tanpa login)</label>
          <div className="preview-share-row">
            <input id="preview-link" readOnly value={shared.url} onFocus={(event) => event.currentTarget.select()} />
            <button type="button" onClick={() => void copy(shared.url)}>
              {copied ? 'Tersalin' : 'Salin'}
            </button>
            <button type="button" onClick={() => revoke.mutate(shared.id)} disabled={revoke.isPending}>
              Cabut
            </button>
          </div>
          <small>Berlaku sampai {jakartaTime(shared.expiresAt)}. Isi tautan tidak ikut berubah jika formulir diubah lagi.</small>
          {others.length > 0 && (
            <>
              <h4>Tautan lain yang masih aktif</h4>
              <ul className="preview-links">
                {others.map((link) => (
                  <li key={link.id}>
                    Dibuat {jakartaTime(link.createdAt)} oleh {link.createdByName || 'staf'}{languageOf(link.locale)}, berlaku sampai {jakartaTime(link.expiresAt)}{' '}
                    <button type="button" onClick={() => revoke.mutate(link.id)} disabled={revoke.isPending}>
                      Cabut
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </>
  );
}
