import type { EnrolmentDone, TotpSetup } from '@cms/worker/contract/factors';
import { useState, type FormEvent } from 'react';
import { sendJson } from '../api/client.ts';
import { factorError } from './factors.ts';
import styles from './Factors.module.css';

/** The ten recovery codes, shown once, with the reason to keep them. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  return (
    <div className={styles.recovery}>
      <h3>Kode pemulihan</h3>
      <p>Simpan kode ini di tempat aman. Setiap kode hanya dapat dipakai sekali, saat ponsel Anda tidak tersedia. Kode ini tidak akan ditampilkan lagi.</p>
      <ol className={styles.codes} aria-label="Kode pemulihan">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="primary" onClick={onSaved}>
        Saya sudah menyimpan kode ini
      </button>
    </div>
  );
}

/** Turns on the authenticator app: a QR code to scan, then a first code to prove it, then the recovery codes. */
export function TotpEnrolment({ onDone }: { onDone: (done: EnrolmentDone) => void }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [done, setDone] = useState<EnrolmentDone | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function start() {
    setBusy(true);
    setError('');
    try {
      setSetup((await sendJson<TotpSetup>('POST', '/auth/factors/totp/setup')).data);
    } catch (failure) {
      setError(factorError(failure));
    }
    setBusy(false);
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setBusy(true);
    setError('');
    try {
      setDone((await sendJson<EnrolmentDone>('POST', '/auth/factors/totp/confirm', { code })).data);
    } catch (failure) {
      setError(factorError(failure));
    }
    setBusy(false);
  }

  if (done) return <RecoveryCodes codes={done.recoveryCodes} onSaved={() => onDone(done)} />;
  if (!setup) {
    return (
      <div>
        {error && <p className="alert error" role="alert">{error}</p>}
        <button type="button" onClick={() => void start()} disabled={busy}>
          {busy ? 'Memproses...' : 'Aktifkan aplikasi autentikator'}
        </button>
      </div>
    );
  }
  return (
    <form className={styles.enrol} onSubmit={(event) => void confirm(event)}>
      <p>Pindai kode QR ini dengan aplikasi autentikator (misalnya Google Authenticator, Microsoft Authenticator atau Aegis).</p>
      <img className={styles.qr} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`} alt="Kode QR untuk aplikasi autentikator" width={200} height={200} />
      <p>
        Tidak dapat memindai? Ketik kode ini di aplikasi: <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <label htmlFor="totp-confirm-code">Kode 6 digit dari aplikasi</label>
      <input id="totp-confirm-code" type="text" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required disabled={busy} />
      {error && <p className="alert error" role="alert">{error}</p>}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Memproses...' : 'Aktifkan'}
      </button>
    </form>
  );
}
