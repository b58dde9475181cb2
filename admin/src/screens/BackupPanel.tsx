import { actionsOf, PERMISSION_MODULES } from '@cms/worker/contract';
import type { ApiFailure, BackupSummary } from '@cms/worker/contract/api';
import { useState, type FormEvent } from 'react';
import { CONNECTION } from '../api/messages.ts';
import { useSessionUser } from '../auth/Guard.tsx';
import styles from './BackupPanel.module.css';

const size = (bytes: number) => new Intl.NumberFormat('id-ID', { style: 'unit', unit: bytes >= 1_000_000 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(bytes >= 1_000_000 ? bytes / 1_000_000 : bytes / 1_000);

/** Whoever holds every permission: the Super Admin, the only one who may download a backup. */
const holdsEverything = (permissions: readonly string[]) => PERMISSION_MODULES.every((module) => actionsOf(module).every((action) => permissions.includes(`${module}.${action}`)));

const fileNameOf = (response: Response) => /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'waste-cms-backup.json';

/**
 * Downloads the newest backup after the password check. Sent without an Idempotency-Key: a
 * download is not repeated, and its answer must not be kept on the server.
 */
async function download(password: string) {
  const response = await fetch('/api/backup/latest', {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const failure = (await response.json().catch(() => null)) as ApiFailure | null;
    throw new Error(failure?.message || `Cadangan gagal diunduh (${response.status}).`);
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileNameOf(response);
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

/** The newest daily backup, and its download for the Super Admin after a password check. */
export function BackupPanel({ lastBackup }: { lastBackup: BackupSummary | null }) {
  const user = useSessionUser();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSending(true);
    setError('');
    setDone(false);
    try {
      await download(String(new FormData(form).get('password') ?? ''));
      form.reset();
      setDone(true);
    } catch (failure) {
      setError(failure instanceof TypeError ? CONNECTION : failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="panel">
      <h2>Cadangan data terakhir</h2>
      <p className="backup-status">
        {lastBackup
          ? `${new Date(lastBackup.createdAt).toLocaleString('id-ID')} · ${lastBackup.rows} baris, ${lastBackup.files} file · ${size(lastBackup.size)}`
          : 'Belum ada cadangan. Cadangan harian dibuat setiap pukul 02.00 WIB.'}
      </p>
      {lastBackup && !lastBackup.signed && (
        <p className="alert error" role="status">
          BACKUP_SECRET belum diatur: cadangan ini tidak menyertakan password akun dan tidak bertanda tangan.
        </p>
      )}
      {lastBackup && user.permissions.includes('backup.read') && !holdsEverything(user.permissions) && <p className="muted">Hanya Super Admin yang dapat mengunduh cadangan.</p>}
      {lastBackup && holdsEverything(user.permissions) && (
        <form className={styles.download} onSubmit={(event) => void submit(event)}>
          <label htmlFor="backup-password">Password Anda (konfirmasi untuk mengunduh)</label>
          <input id="backup-password" name="password" type="password" autoComplete="current-password" required disabled={sending} />
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Mengunduh...' : 'Unduh cadangan terakhir'}
          </button>
          {error && (
            <p className="alert error" role="alert">
              {error}
            </p>
          )}
          {done && (
            <p className="alert success" role="status">
              Cadangan diunduh. Simpan file ini di tempat yang aman.
            </p>
          )}
        </form>
      )}
    </section>
  );
}
