/**
 * The pages outside the signed-in admin that an email leads to: asking for a reset link, setting
 * a new password from one, and accepting an invite. Opening a link changes nothing; the form posts.
 * A link that is expired, used or not valid says so, with a way to ask again.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { InviteCheck, LinkCheck } from '@cms/worker/contract';
import { getJson, sendJson } from '../api/client.ts';
import { RequestFailure } from '../api/messages.ts';
import styles from './Login.module.css';


const failureText = (failure: unknown) => (failure instanceof RequestFailure ? failure.body?.message || 'Permintaan gagal. Silakan coba lagi.' : 'Koneksi ke server terputus. Silakan cek koneksi internet Anda.');

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={styles.page}>
      <section className={styles.card}>
        <h1>{title}</h1>
        {children}
      </section>
    </main>
  );
}

/** Sends a form's values; answers the server's message, or shows its refusal. */
function useSubmit(path: string) {
  const [state, setState] = useState<{ sending: boolean; error: string; done: string }>({ sending: false, error: '', done: '' });
  async function submit(event: FormEvent<HTMLFormElement>, values: Record<string, unknown>, check?: () => string) {
    event.preventDefault();
    const problem = check?.() ?? '';
    if (problem) return setState({ sending: false, error: problem, done: '' });
    setState({ sending: true, error: '', done: '' });
    try {
      const answer = await sendJson('POST', path, values);
      setState({ sending: false, error: '', done: answer.message });
    } catch (failure) {
      setState({ sending: false, error: failureText(failure), done: '' });
    }
  }
  return { ...state, submit };
}

const Alert = ({ text }: { text: string }) =>
  text ? (
    <p className="alert error" role="alert">
      {text}
    </p>
  ) : null;

/** A new password typed twice, with a show/hide switch. */
function NewPassword({ disabled }: { disabled: boolean }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <label htmlFor="new-password">Password baru</label>
      <span className={styles.passwordField}>
        <input id="new-password" name="password" type={shown ? 'text' : 'password'} autoComplete="new-password" minLength={8} maxLength={200} required disabled={disabled} aria-describedby="new-password-hint" />
        <button type="button" className="link-button" onClick={() => setShown(!shown)} aria-pressed={shown} aria-controls="new-password">
          {shown ? 'Sembunyikan' : 'Tampilkan'}
        </button>
      </span>
      <small id="new-password-hint" className="muted">
        Minimal 8 karakter.
      </small>
      <label htmlFor="repeat-password">Ulangi password baru</label>
      <input id="repeat-password" name="repeat" type={shown ? 'text' : 'password'} autoComplete="new-password" required disabled={disabled} />
    </>
  );
}

const MISMATCH = 'Kedua password tidak sama. Ketik ulang password baru Anda.';
const field = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '');

export function ForgotPassword() {
  const { sending, error, done, submit } = useSubmit('/auth/password/forgot');
  return (
    <Card title="Lupa password">
      {done ? (
        <>
          <p className="alert success" role="status">
            {done}
          </p>
          <Link to="/login">Kembali ke halaman login</Link>
        </>
      ) : (
        <form className={styles.form} onSubmit={(event) => void submit(event, { email: field(event.currentTarget, 'email') })}>
          <p>Masukkan alamat email akun admin Anda. Kami akan mengirim tautan untuk mengatur password baru.</p>
          <label htmlFor="forgot-email">Email</label>
          <input id="forgot-email" name="email" type="email" autoComplete="email" required autoFocus disabled={sending} />
          <Alert text={error} />
          <button type="submit" className="primary" disabled={sending}>
            {sending ? 'Mengirim...' : 'Kirim tautan reset'}
          </button>
          <Link to="/login">Kembali ke halaman login</Link>
        </form>
      )}
    </Card>
  );
}

/** What the link in the address is, as the server says; null while it is being read. */
function useLinkState<T extends LinkCheck>(path: string, token: string) {
  return useQuery({ queryKey: [path, token], queryFn: async () => (await getJson<T>(`${path}?${new URLSearchParams({ token })}`)).data, retry: false, gcTime: 0 });
}

/** A link that no longer works: why, and where to go from here. */
function DeadLink({ title, message, action }: { title: string; message: string; action: ReactNode }) {
  return (
    <Card title={title}>
      <p className="alert error" role="alert">
        {message}
      </p>
      {action}
      <Link to="/login">Kembali ke halaman login</Link>
    </Card>
  );
}

export function ResetPassword() {
  const token = useSearchParams()[0].get('token') ?? '';
  const link = useLinkState<LinkCheck>('/auth/password/reset', token);
  const { sending, error, done, submit } = useSubmit('/auth/password/reset');
  const askAgain = (
    <Link className="button primary" to="/login/forgot">
      Minta tautan baru
    </Link>
  );
  if (link.isPending) return <p className="loading">Memuat...</p>;
  if (link.isError) return <DeadLink title="Atur password baru" message={failureText(link.error)} action={askAgain} />;
  if (done)
    return (
      <Card title="Password diperbarui">
        <p className="alert success" role="status">
          {done}
        </p>
        <Link className="button primary" to="/login">
          Ke halaman login
        </Link>
      </Card>
    );
  // A refusal of the link itself (used meanwhile, expired while typing) leads to asking again too.
  if (link.data.state !== 'valid') return <DeadLink title="Tautan tidak berlaku" message={link.data.message} action={askAgain} />;
  return (
    <Card title="Atur password baru">
      <form
        className={styles.form}
        onSubmit={(event) => {
          const form = event.currentTarget;
          void submit(event, { token, password: field(form, 'password') }, () => (field(form, 'password') !== field(form, 'repeat') ? MISMATCH : ''));
        }}
      >
        <p>Setelah password diganti, semua perangkat lain yang masuk dengan akun Anda akan dikeluarkan.</p>
        <NewPassword disabled={sending} />
        <Alert text={error} />
        {error.startsWith('Tautan') && askAgain}
        <button type="submit" className="primary" disabled={sending}>
          {sending ? 'Menyimpan...' : 'Simpan password baru'}
        </button>
      </form>
    </Card>
  );
}

export function AcceptInvite() {
  const token = useSearchParams()[0].get('token') ?? '';
  const link = useLinkState<InviteCheck>('/invites/accept', token);
  const { sending, error, done, submit } = useSubmit('/invites/accept');
  if (link.isPending) return <p className="loading">Memuat...</p>;
  if (link.isError) return <DeadLink title="Undangan" message={failureText(link.error)} action={null} />;
  if (done)
    return (
      <Card title="Akun siap dipakai">
        <p className="alert success" role="status">
          {done}
        </p>
        <Link className="button primary" to="/login">
          Ke halaman login
        </Link>
      </Card>
    );
  if (link.data.state !== 'valid')
    return <DeadLink title="Undangan tidak berlaku" message={link.data.message} action={link.data.state === 'used' ? <Link to="/login/forgot">Lupa password?</Link> : null} />;
  return (
    <Card title="Terima undangan">
      <form
        className={styles.form}
        onSubmit={(event) => {
          const form = event.currentTarget;
          void submit(event, { token, username: field(form, 'username'), fullName: field(form, 'fullName'), password: field(form, 'password') }, () =>
            field(form, 'password') !== field(form, 'repeat') ? MISMATCH : '',
          );
        }}
      >
        <p>
          Anda diundang sebagai <strong>{link.data.roleName}</strong> dengan email <strong>{link.data.email}</strong>. Pilih username dan password Anda sendiri.
        </p>
        <label htmlFor="invite-username">Username</label>
        <input id="invite-username" type="text" name="username" autoComplete="username" pattern="[A-Za-z0-9._\-]{3,50}" required autoFocus disabled={sending} aria-describedby="invite-username-hint" />
        <small id="invite-username-hint" className="muted">
          3-50 karakter: huruf, angka, titik, garis bawah atau strip.
        </small>
        <label htmlFor="invite-name">Nama lengkap</label>
        <input id="invite-name" type="text" name="fullName" autoComplete="name" maxLength={100} required disabled={sending} />
        <NewPassword disabled={sending} />
        <Alert text={error} />
        <button type="submit" className="primary" disabled={sending}>
          {sending ? 'Membuat akun...' : 'Buat akun'}
        </button>
      </form>
    </Card>
  );
}
