import type { BackupSummary } from '@cms/worker/contract/api';
import { useSessionUser } from '../auth/Guard.tsx';

const size = (bytes: number) => new Intl.NumberFormat('id-ID', { style: 'unit', unit: bytes >= 1_000_000 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(bytes >= 1_000_000 ? bytes / 1_000_000 : bytes / 1_000);

/** The newest daily backup, and its download for staff allowed to read backups. */
export function BackupPanel({ lastBackup }: { lastBackup: BackupSummary | null }) {
  const user = useSessionUser();
  return (
    <section className="panel">
      <h2>Cadangan data terakhir</h2>
      <p className="backup-status">
        {lastBackup
          ? `${new Date(lastBackup.createdAt).toLocaleString('id-ID')} · ${lastBackup.rows} baris, ${lastBackup.files} file · ${size(lastBackup.size)}`
          : 'Belum ada cadangan. Cadangan harian dibuat setiap pukul 02.00 WIB.'}
      </p>
      {lastBackup && user.permissions.includes('backup.read') && (
        <a className="button" href="/api/backup/latest" download>
          Unduh cadangan terakhir
        </a>
      )}
    </section>
  );
}
