import type { SessionUser } from '@cms/worker/contract/api';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client.ts';
import { RequestFailure } from '../api/messages.ts';
import { remember } from './session.ts';
import styles from './Login.module.css';

/** The sign-in form; `onSignedIn` opens the admin (the login page itself loads no router). */
export default function Login({ onSignedIn }: { onSignedIn: () => void }) {
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSubmitting(true);
    setError('');
    try {
      const { data } = await api<SessionUser>('/auth/login', {
        method: 'POST',
        body: JSON.stringify({ username: form.get('username'), password: form.get('password') }),
      });
      remember(data);
      onSignedIn();
    } catch (failure) {
      setError(failure instanceof RequestFailure ? failure.body?.message || 'Login gagal' : 'Terjadi kesalahan jaringan');
      setSubmitting(false);
    }
  }

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={(event) => void submit(event)}>
        <h1>Admin Login</h1>
        <label htmlFor="login-username">Username</label>
        <input id="login-username" name="username" autoComplete="username" required autoFocus disabled={submitting} />
        <label htmlFor="login-password">Password</label>
        <span className={styles.passwordField}>
          <input id="login-password" name="password" type={showPassword ? 'text' : 'password'} autoComplete="current-password" required disabled={submitting} />
          <button type="button" className="link-button" onClick={() => setShowPassword(!showPassword)} aria-pressed={showPassword} aria-controls="login-password">
            {showPassword ? 'Sembunyikan' : 'Tampilkan'}
          </button>
        </span>
        {error && (
          <p className="alert error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={submitting}>
          {submitting ? 'Memproses...' : 'Login'}
        </button>
      </form>
    </main>
  );
}
