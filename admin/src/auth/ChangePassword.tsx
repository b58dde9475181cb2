/**
 * The signed-in user's own password: the current one, then the new one twice. The server checks
 * the current one as it checks a login, ends the account's other sessions and emails the owner.
 */
import { useState, type FormEvent } from 'react';
import { sendJson } from '../api/client.ts';
import { factorError } from './factors.ts';
import styles from './Factors.module.css';

export function ChangePassword() {
  const [state, setState] = useState({ sending: false, error: '', done: '' });
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const password = String(values.get('password') ?? '');
    if (password !== String(values.get('again') ?? '')) return setState({ sending: false, error: 'Password baru dan ulangannya tidak sama.', done: '' });
    setState({ sending: true, error: '', done: '' });
    try {
      const answer = await sendJson('POST', '/auth/password/change', { currentPassword: String(values.get('current') ?? ''), password });
      form.reset();
      setState({ sending: false, error: '', done: answer.message });
    } catch (failure) {
      setState({ sending: false, error: factorError(failure), done: '' });
    }
  }
  return (
    <section className={`panel ${styles.section}`} aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      {state.done && (
        <p role="status" className="alert">
          {state.done}
        </p>
      )}
      {state.error && (
        <p role="alert" className="alert error">
          {state.error}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor="password-current">Password saat ini</label>
          <input id="password-current" name="current" type="password" autoComplete="current-password" required maxLength={200} />
        </div>
        <div className="field">
          <label htmlFor="password-new">Password baru</label>
          <input id="password-new" name="password" type="password" autoComplete="new-password" required minLength={8} maxLength={200} aria-describedby="password-new-hint" />
          <small id="password-new-hint">Minimal 8 karakter. Sesi di perangkat lain akan diakhiri.</small>
        </div>
        <div className="field">
          <label htmlFor="password-again">Ulangi password baru</label>
          <input id="password-again" name="again" type="password" autoComplete="new-password" required minLength={8} maxLength={200} />
        </div>
        <button type="submit" disabled={state.sending}>
          {state.sending ? 'Menyimpan...' : 'Ubah password'}
        </button>
      </form>
    </section>
  );
}
