import type { SessionUser } from '@cms/worker/contract/api';
import type { SecondStep as Step } from '@cms/worker/contract/factors';
import { useState, type FormEvent } from 'react';
import { getJson, sendJson } from '../api/client.ts';
import { AddPasskey } from './AddPasskey.tsx';
import { factorError, signInWithPasskey } from './factors.ts';
import { TotpEnrolment } from './TotpEnrolment.tsx';
import styles from './Factors.module.css';

interface Props {
  step: Step;
  /** Called with the signed-in user once the session has started. */
  onSignedIn: (user: SessionUser) => void;
  /** Back to the username and password. */
  onCancel: () => void;
}

/** The login's second step: a code or a passkey, or setting a factor up when the account's role requires one. */
export function SecondStep({ step, onSignedIn, onCancel }: Props) {
  return step.secondStep === 'verify' ? <Verify step={step} onSignedIn={onSignedIn} onCancel={onCancel} /> : <Enrol step={step} onSignedIn={onSignedIn} onCancel={onCancel} />;
}

function Verify({ step, onSignedIn, onCancel }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function run(action: () => Promise<SessionUser>) {
    setBusy(true);
    setError('');
    try {
      onSignedIn(await action());
    } catch (failure) {
      setError(factorError(failure));
      setBusy(false);
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    void run(async () => (await sendJson<SessionUser>('POST', '/auth/login/code', { code })).data);
  };

  return (
    <>
      <h1>Verifikasi Dua Langkah</h1>
      {step.methods.includes('totp') && (
        <form className={styles.enrol} onSubmit={submit}>
          <label htmlFor="login-code">Kode verifikasi</label>
          <input id="login-code" type="text" name="code" autoComplete="one-time-code" inputMode="text" maxLength={20} required autoFocus disabled={busy} aria-describedby="login-code-hint" />
          <small id="login-code-hint">Masukkan 6 digit dari aplikasi autentikator Anda, atau salah satu kode pemulihan.</small>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Memproses...' : 'Verifikasi'}
          </button>
        </form>
      )}
      {step.methods.includes('passkey') && (
        <button type="button" className={step.methods.includes('totp') ? undefined : 'primary'} disabled={busy} onClick={() => void run(signInWithPasskey)}>
          Gunakan passkey
        </button>
      )}
      {error && (
        <p className="alert error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="link-button" onClick={onCancel}>
        Kembali ke login
      </button>
    </>
  );
}

function Enrol({ step, onSignedIn, onCancel }: Props) {
  const me = async () => (await getJson<SessionUser>('/auth/me')).data;
  const finish = () => void me().then(onSignedIn);
  return (
    <>
      <h1>Siapkan Verifikasi Dua Langkah</h1>
      <p>Akun Anda wajib memakai verifikasi dua langkah karena {step.requiredBy}. Pilih salah satu cara di bawah ini untuk melanjutkan.</p>
      <section className={styles.section} aria-labelledby="enrol-passkey">
        <h2 id="enrol-passkey">Passkey</h2>
        <p>Masuk dengan sidik jari, wajah atau PIN perangkat ini.</p>
        <AddPasskey suggestedName="Passkey 1" onAdded={finish} />
      </section>
      <p className={styles.or}>atau</p>
      <section className={styles.section} aria-labelledby="enrol-app">
        <h2 id="enrol-app">Aplikasi autentikator</h2>
        <TotpEnrolment onDone={finish} />
      </section>
      <button type="button" className="link-button" onClick={onCancel}>
        Kembali ke login
      </button>
    </>
  );
}
