/**
 * 'Pratinjau' and 'Bagikan pratinjau' for a record the site shows: the form's unsaved values are
 * sent as a draft (`POST /api/{collection}/preview`), then opened in a new tab in the site's own
 * page, or given as a link anyone can open until it expires or is revoked here.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ResourceDefinition } from '@cms/worker/contract';
import { api, getJson, sendJson } from '../api/client.ts';
import { RequestFailure } from '../api/messages.ts';
import { jakartaTime } from './differences.tsx';

interface PreviewLink {
  id: string;
  url: string;
  expiresAt: string;
}
interface OpenLink {
  id: string;
  createdAt: string;
  expiresAt: string;
  createdByName: string;
}

interface Props {
  resource: ResourceDefinition;
  recordId: string | null;
  /** The form's current values, saved or not. */
  values: Record<string, unknown>;
  disabled: boolean;
}

/** The values the preview shows: what a save would send, except files not uploaded yet. */
const draftOf = (resource: ResourceDefinition, values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => {
    const field = resource.fields[name];
    return field && !(field.kind === 'timestamp' && !field.schedule) && field.kind !== 'password';
  }));

const messageOf = (error: unknown) => (error instanceof RequestFailure || error instanceof Error ? error.message : 'Pratinjau gagal dibuat. Silakan coba lagi.');

export default function PreviewActions({ resource, recordId, values, disabled }: Props) {
  const client = useQueryClient();
  const linksKey = [resource.path, recordId, 'previews'];
  const [shared, setShared] = useState<PreviewLink | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState('');
  const links = useQuery({
    queryKey: linksKey,
    queryFn: async () => (await getJson<OpenLink[]>(`/${resource.path}/${recordId}/previews`)).data,
    enabled: recordId !== null && shared !== null,
  });
  const create = () => sendJson<PreviewLink>('POST', `/${resource.path}/preview`, { recordId: recordId ?? '', data: draftOf(resource, values) }).then((answer) => answer.data);

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
                    Dibuat {jakartaTime(link.createdAt)} oleh {link.createdByName || 'staf'}, berlaku sampai {jakartaTime(link.expiresAt)}{' '}
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
