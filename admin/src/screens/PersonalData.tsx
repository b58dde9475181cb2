/**
 * Data Pribadi: everything held about one email address, downloaded as JSON, and its erasure.
 * Erasure is confirmed by typing the address again; the audit log then records that it
 * happened, without the address.
 */
import type { ErasureSummary, PersonalDataExport } from '@cms/worker/contract/inquiry';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getJson, sendJson } from '../api/client.ts';
import { saveErrorMessage } from '../api/messages.ts';
import { useAccess } from '../auth/access.ts';
import { NoPermissionNotice } from '../layout/NoPermission.tsx';
import { PageShell } from '../layout/PageShell.tsx';

const TITLE = 'Data Pribadi';

/** Offers the export as a file named after the day it was made. */
function download(data: PersonalDataExport) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `data-pribadi-${data.exportedAt.slice(0, 10)}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

const heldSummary = (data: PersonalDataExport) =>
  `Ditemukan: ${data.subscriber ? '1 subscriber' : 'tidak ada subscriber'}, ${data.inquiries.length} pesan kolaborasi, ${data.newsletterDeliveries.length} pengiriman newsletter.`;

export default function PersonalData() {
  const access = useAccess();
  const mayExport = access.may('privacy', 'export');
  const mayErase = access.may('privacy', 'delete');
  const [email, setEmail] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [alert, setAlert] = useState<{ text: string; error: boolean } | null>(null);
  const exportData = useMutation({
    mutationFn: async (address: string) => (await getJson<PersonalDataExport>(`/privacy/export?email=${encodeURIComponent(address)}`)).data,
    onSuccess: (data) => {
      download(data);
      setAlert({ text: `${heldSummary(data)} File JSON sudah diunduh.`, error: false });
    },
    onError: (error) => setAlert({ text: saveErrorMessage(error), error: true }),
  });
  const erase = useMutation({
    mutationFn: (address: string) => sendJson<ErasureSummary>('POST', '/privacy/erase', { email: address }),
    onSuccess: (answer) => {
      setConfirmation('');
      setAlert({ text: answer.message, error: false });
    },
    onError: (error) => setAlert({ text: saveErrorMessage(error), error: true }),
  });
  const address = email.trim();
  const confirmed = address !== '' && confirmation.trim().toLowerCase() === address.toLowerCase();
  const submitErase = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed) erase.mutate(address);
  };
  return (
    <PageShell title={TITLE} subtitle="Ekspor atau hapus semua data yang tersimpan tentang satu alamat email.">
      {alert && (
        <p role={alert.error ? 'alert' : 'status'} className={alert.error ? 'alert error' : 'alert'}>
          {alert.text}
        </p>
      )}
      {/* The page shows nothing by itself: the address is asked for only when something can be done with it. */}
      {!mayExport && !mayErase && <NoPermissionNotice text="Anda dapat membuka halaman ini, tetapi belum boleh mengekspor atau menghapus data pribadi." />}
      {(mayExport || mayErase) && (
        <form
          className="panel"
          onSubmit={(event) => {
            event.preventDefault();
            if (mayExport) exportData.mutate(address);
          }}
        >
          <div className="field">
            <label htmlFor="privacy-email">Alamat email</label>
            <input id="privacy-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} required maxLength={254} />
          </div>
          {mayExport && (
            <button type="submit" className="primary" disabled={exportData.isPending}>
              {exportData.isPending ? 'Mengekspor...' : 'Ekspor JSON'}
            </button>
          )}
        </form>
      )}
      {mayErase && (
        <form className="panel" onSubmit={submitErase}>
          <h2>Hapus semua data</h2>
          <p className="hint">Subscriber, pesan kolaborasi beserta balasannya, dan riwayat pengiriman newsletter alamat ini dihapus permanen. Alamat juga disamarkan di log aktivitas.</p>
          <div className="field">
            <label htmlFor="privacy-confirm">Ketik ulang alamat email untuk mengonfirmasi</label>
            <input id="privacy-confirm" type="email" value={confirmation} onChange={(event) => setConfirmation(event.target.value)} />
          </div>
          <button type="submit" className="danger" disabled={!confirmed || erase.isPending}>
            {erase.isPending ? 'Menghapus...' : 'Hapus data'}
          </button>
        </form>
      )}
    </PageShell>
  );
}
