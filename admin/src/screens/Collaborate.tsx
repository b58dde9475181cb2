import type { Settings } from '@cms/worker/contract/api';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getJson, sendJson } from '../api/client.ts';
import { saveErrorMessage, SUCCESS } from '../api/messages.ts';
import { useAccess } from '../auth/access.ts';
import { PageShell } from '../layout/PageShell.tsx';

/** The settings this screen edits: the Kolaborasi page's section and intro, and how its inquiries are handled. */
type CollaborateSettings = Pick<Settings, 'collaborateTitle' | 'collaborateIntro' | 'inquiryTopics' | 'inquiryNotify' | 'inquiryRecipients' | 'inquiryRetentionMonths'>;
const KEYS: (keyof CollaborateSettings)[] = ['collaborateTitle', 'collaborateIntro', 'inquiryTopics', 'inquiryNotify', 'inquiryRecipients', 'inquiryRetentionMonths'];

/** The Collaborate page (the site's /kolaborasi): its title and intro, the form's topics, staff emails and retention. */
export default function Collaborate() {
  const mayUpdate = useAccess().may('settings', 'update');
  const settings = useQuery({ queryKey: ['settings'], queryFn: async () => (await getJson<Settings>('/settings')).data });
  const [edits, setEdits] = useState<Partial<CollaborateSettings>>({});
  const [alert, setAlert] = useState('');
  const save = useMutation({
    mutationFn: (values: CollaborateSettings) => sendJson<Settings>('PUT', '/settings', values),
    onSuccess: () => {
      setEdits({});
      setAlert(SUCCESS.id.update);
    },
    onError: (error) => setAlert(saveErrorMessage(error)),
  });
  const valueOf = (key: keyof CollaborateSettings) => edits[key] ?? settings.data?.[key] ?? '';
  const edit = (key: keyof CollaborateSettings) => (event: { target: { value: string } }) => setEdits({ ...edits, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(Object.fromEntries(KEYS.map((key) => [key, valueOf(key)])) as CollaborateSettings);
  };
  // Closed until the stored values have loaded, so nothing typed is overwritten by them.
  const closed = save.isPending || settings.isLoading || !mayUpdate;
  return (
    <PageShell title="Collaborate">
      <form className="panel" onSubmit={submit}>
        <div className="field">
          <label htmlFor="collaborate-title">Title</label>
          <input id="collaborate-title" value={valueOf('collaborateTitle')} onChange={edit('collaborateTitle')} required disabled={closed} />
        </div>
        <div className="field">
          <label htmlFor="collaborate-intro">Pengantar</label>
          <textarea id="collaborate-intro" rows={3} maxLength={1000} value={valueOf('collaborateIntro')} onChange={edit('collaborateIntro')} disabled={closed} />
        </div>
        <div className="field">
          <label htmlFor="inquiry-topics">Topik formulir (satu per baris)</label>
          <textarea id="inquiry-topics" rows={5} value={valueOf('inquiryTopics')} onChange={edit('inquiryTopics')} required disabled={closed} />
        </div>
        <div className="field">
          <label htmlFor="inquiry-notify">Email ke staf</label>
          <select id="inquiry-notify" value={valueOf('inquiryNotify')} onChange={edit('inquiryNotify')} disabled={closed}>
            <option value="each">Satu email per pesan</option>
            <option value="digest">Ringkasan harian (08.00 WIB)</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="inquiry-recipients">Penerima email (pisahkan dengan koma; kosong: tidak ada email)</label>
          <input id="inquiry-recipients" value={valueOf('inquiryRecipients')} onChange={edit('inquiryRecipients')} disabled={closed} />
        </div>
        <div className="field">
          <label htmlFor="inquiry-retention">Masa simpan pesan (bulan)</label>
          <input id="inquiry-retention" type="number" min={1} max={120} value={valueOf('inquiryRetentionMonths')} onChange={edit('inquiryRetentionMonths')} required disabled={closed} />
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
