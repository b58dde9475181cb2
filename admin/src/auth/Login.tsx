import type { SessionUser } from '@cms/worker/contract/api';
import { isSecondStep, type SecondStep as Step } from '@cms/worker/contract/factors';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client.ts';
import { RequestFailure } from '../api/messages.ts';
import { factorError, signInWithPasskey } from './factors.ts';
import { SecondStep } from './SecondStep.tsx';
import { remember } from './session.ts';
import styles from './Login.module.css';

/** The sign-in form; `onSignedIn` opens the admin (the login page itself loads no router). */
export default function Login({ onSignedIn }: { onSignedIn: () => void }) {
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  // Set when the password was right and the account asks for a code, a passkey or enrolment.
  const [secondStep, setSecondStep] = useState<Step | null>(null);

  function signedIn(user: SessionUser) {
    remember(user);
    onSignedIn();
  }

  async function passkeyLogin() {
    setSubmitting(true);
    setError('');
    try {
      signedIn(await signInWithPasskey());
    } catch (failure) {
      setError(factorError(failure));
      setSubmitting(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSubmitting(true);
    setError('');
    try {
      const { data } = await api<SessionUser | Step>('/auth/login', {
        method: 'POST',
        body: JSON.stringify({ username: form.get('username'), password: form.get('password') }),
      });
      if (isSecondStep(data)) {
        setSecondStep(data);
        setSubmitting(false);
        return;
      }
      signedIn(data);
    } catch (failure) {
      setError(failure instanceof RequestFailure ? failure.body?.message || 'Login gagal' : 'Terjadi kesalahan jaringan');
      setSubmitting(false);
    }
  }

  if (secondStep) {
    return (
      <main className={styles.page}>
        <div className={styles.card}>
          <SecondStep step={secondStep} onSignedIn={signedIn} onCancel={() => setSecondStep(null)} />
        </div>
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={(event) => void submit(event)}>
        <h1>Admin Login</h1>
        <label htmlFor="login-username">Username</label>
        <input id="login-username" type="text" name="username" autoComplete="username" required autoFocus disabled={submitting} />
        <label htmlFor="login-password">Password</label>
        <span className={styles.passwordField}>
          <input id="login-password" name="password" type={showPassword ? 'text' : 'password'} autoComplete="current-password" required disabled={submitting} />
          <button type="button" className="link-button" onClick={() => setShowPassword(!showPassword)} aria-pressed={showPassword} aria-controls="login-password">
            {showPassword ? 'Sembunyikan' : 'Tampilkan'}
          </button>
        </span>
        <a className={styles.forgot} href="/login/forgot">
          Lupa password?
        </a>
        {error && (
          <p className="alert error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={submitting}>
          {submitting ? 'Memproses...' : 'Login'}
        </button>
        <button type="button" disabled={submitting} onClick={() => void passkeyLogin()}>
          Masuk dengan passkey
        </button>
      </form>
    </main>
  );
}
