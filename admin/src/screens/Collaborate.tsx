import type { Settings } from '@cms/worker/contract/api';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getJson, sendJson } from '../api/client.ts';
import { saveErrorMessage, SUCCESS } from '../api/messages.ts';
import { useAccess } from '../auth/access.ts';
import { PageShell } from '../layout/PageShell.tsx';

/** The Collaborate page's title: a saved setting (the old screen's button did nothing). */
export default function Collaborate() {
  const mayUpdate = useAccess().may('settings', 'update');
  const settings = useQuery({ queryKey: ['settings'], queryFn: async () => (await getJson<Settings>('/settings')).data });
  const [title, setTitle] = useState<string | null>(null);
  const [alert, setAlert] = useState('');
  const save = useMutation({
    mutationFn: (collaborateTitle: string) => sendJson<Settings>('PUT', '/settings', { collaborateTitle }),
    onSuccess: () => setAlert(SUCCESS.id.update),
    onError: (error) => setAlert(saveErrorMessage(error)),
  });
  const value = title ?? settings.data?.collaborateTitle ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(value);
  };
  return (
    <PageShell title="Collaborate">
      <form className="panel" onSubmit={submit}>
        <div className="field">
          <label htmlFor="collaborate-title">Title</label>
          {/* Closed until the stored title has loaded, so nothing typed is overwritten by it. */}
          <input id="collaborate-title" value={value} onChange={(event) => setTitle(event.target.value)} required disabled={save.isPending || settings.isLoading || !mayUpdate} />
        </div>
        {alert && <p role="status" className="alert">{alert}</p>}
        {mayUpdate && (
          <button type="submit" className="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        )}
      </form>
    </PageShell>
  );
}
