import type { FactorPolicy, FactorsSummary, PasskeySummary } from '@cms/worker/contract/factors';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getJson, sendJson } from '../api/client.ts';
import { useAccess } from '../auth/access.ts';
import { AddPasskey } from '../auth/AddPasskey.tsx';
import { ChangePassword } from '../auth/ChangePassword.tsx';
import { factorError } from '../auth/factors.ts';
import styles from '../auth/Factors.module.css';
import { RecoveryCodes, TotpEnrolment } from '../auth/TotpEnrolment.tsx';
import { PageShell } from '../layout/PageShell.tsx';
import { jakartaTime } from '../widgets/differences.tsx';

const FACTORS_KEY = ['auth', 'factors'];

/** The signed-in user's password, passkeys and authenticator app, and (for role editors) who must use them. */
export default function Security() {
  const factors = useQuery({ queryKey: FACTORS_KEY, queryFn: async () => (await getJson<FactorsSummary>('/auth/factors')).data });
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: FACTORS_KEY });

  /** Runs a change, then shows its message (or its refusal) and reloads the list. */
  async function change(action: () => Promise<{ message: string }>) {
    setStatus('');
    setError('');
    try {
      setStatus((await action()).message);
    } catch (failure) {
      setError(factorError(failure));
    }
    await refresh();
  }

  const data = factors.data;
  return (
    <PageShell title="Keamanan Akun" subtitle="Password, passkey dan verifikasi dua langkah untuk akun Anda.">
      <ChangePassword />
      {factors.isError && <p className="alert error">Gagal memuat data keamanan akun. Silakan muat ulang halaman.</p>}
      {data?.requiredBy && (
        <p className="alert notice">Akun Anda wajib memakai passkey atau aplikasi autentikator karena {data.requiredBy}. Sisakan minimal satu.</p>
      )}
      {status && <p role="status" className="alert">{status}</p>}
      {error && <p role="alert" className="alert error">{error}</p>}
      {data && (
        <>
          <section className={`panel ${styles.section}`} aria-labelledby="passkeys-title">
            <h2 id="passkeys-title">Passkey</h2>
            <p className="muted">Masuk tanpa password dengan sidik jari, wajah atau PIN perangkat Anda.</p>
            {data.passkeys.length === 0 ? (
              <p>Belum ada passkey.</p>
            ) : (
              <ul className={styles.passkeys}>
                {data.passkeys.map((passkey) => (
                  <PasskeyRow key={passkey.id} passkey={passkey} onChange={change} />
                ))}
              </ul>
            )}
            <AddPasskey
              key={data.passkeys.length}
              suggestedName={`Passkey ${data.passkeys.length + 1}`}
              onAdded={(added) => {
                setError('');
                setStatus(`Passkey "${added.name}" ditambahkan.`);
                void refresh();
              }}
            />
          </section>
          <section className={`panel ${styles.section}`} aria-labelledby="totp-title">
            <h2 id="totp-title">Aplikasi autentikator</h2>
            <AppFactor summary={data.totp} onChange={change} onEnrolled={() => void refresh()} />
          </section>
        </>
      )}
      <PolicyPanel />
      <ResetPanel />
    </PageShell>
  );
}

type Change = (action: () => Promise<{ message: string }>) => Promise<void>;

function PasskeyRow({ passkey, onChange }: { passkey: PasskeySummary; onChange: Change }) {
  const [renaming, setRenaming] = useState(false);
  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    void onChange(() => sendJson('PUT', `/auth/factors/passkeys/${encodeURIComponent(passkey.id)}`, { name })).then(() => setRenaming(false));
  };
  const remove = () => {
    if (window.confirm(`Hapus passkey "${passkey.name}"? Anda tidak dapat masuk dengan passkey ini lagi.`)) {
      void onChange(() => sendJson('DELETE', `/auth/factors/passkeys/${encodeURIComponent(passkey.id)}`));
    }
  };
  return (
    <li>
      {renaming ? (
        <form className={styles.actions} onSubmit={rename}>
          <label className="sr-only" htmlFor={`rename-${passkey.id}`}>
            Nama baru untuk {passkey.name}
          </label>
          <input id={`rename-${passkey.id}`} name="name" defaultValue={passkey.name} maxLength={60} required autoFocus />
          <button type="submit">Simpan</button>
          <button type="button" onClick={() => setRenaming(false)}>
            Batal
          </button>
        </form>
      ) : (
        <span>
          <strong>{passkey.name}</strong>
          <br />
          <small className="muted">
            Ditambahkan {jakartaTime(passkey.createdAt)} · {passkey.lastUsedAt ? `terakhir dipakai ${jakartaTime(passkey.lastUsedAt)}` : 'belum pernah dipakai'}
          </small>
        </span>
      )}
      {!renaming && (
        <span className={styles.actions}>
          <button type="button" onClick={() => setRenaming(true)} aria-label={`Ganti nama ${passkey.name}`}>
            Ganti nama
          </button>
          <button type="button" className="danger" onClick={remove} aria-label={`Hapus ${passkey.name}`}>
            Hapus
          </button>
        </span>
      )}
    </li>
  );
}

function AppFactor({ summary, onChange, onEnrolled }: { summary: FactorsSummary['totp']; onChange: Change; onEnrolled: () => void }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} />;
  if (!summary.enabled) return <TotpEnrolment onDone={onEnrolled} />;
  const renew = () =>
    void onChange(async () => {
      const answer = await sendJson<{ recoveryCodes: string[] }>('POST', '/auth/factors/recovery-codes');
      setCodes(answer.data.recoveryCodes);
      return answer;
    });
  const remove = () => {
    if (window.confirm('Nonaktifkan aplikasi autentikator? Kode pemulihan Anda juga tidak berlaku lagi.')) void onChange(() => sendJson('DELETE', '/auth/factors/totp'));
  };
  return (
    <>
      <p>
        <span className="badge on">Aktif</span> sejak {summary.since ? jakartaTime(summary.since) : '-'} · Sisa kode pemulihan: {summary.recoveryCodesLeft}
      </p>
      <span className={styles.actions}>
        <button type="button" onClick={renew}>
          Buat kode pemulihan baru
        </button>
        <button type="button" className="danger" onClick={remove}>
          Nonaktifkan
        </button>
      </span>
    </>
  );
}

/** Which permissions require a factor of whoever holds them; roles have their own switch in the role form. */
function PolicyPanel() {
  const access = useAccess();
  const mayRead = access.mayRead('role');
  const mayUpdate = access.may('role', 'update');
  const policy = useQuery({ queryKey: ['auth', 'factor-policy'], enabled: mayRead, queryFn: async () => (await getJson<FactorPolicy>('/auth/factor-policy')).data });
  const known = useQuery({
    queryKey: ['auth', 'permission-names'],
    enabled: mayUpdate,
    queryFn: async () => (await getJson<Array<{ name: string; displayName: string }>>('/role/permissions/list')).data,
  });
  const client = useQueryClient();
  const [message, setMessage] = useState('');
  if (!mayRead || !policy.data) return null;
  const current = policy.data.permissions;

  async function save(permissions: string[]) {
    setMessage('');
    try {
      setMessage((await sendJson<FactorPolicy>('PUT', '/auth/factor-policy', { permissions })).message);
    } catch (failure) {
      setMessage(factorError(failure));
    }
    await client.invalidateQueries({ queryKey: ['auth'] });
  }

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('permission') ?? '').trim();
    if (name && !current.includes(name)) void save([...current, name]);
    event.currentTarget.reset();
  };

  return (
    <section className={`panel ${styles.section}`} aria-labelledby="policy-title">
      <h2 id="policy-title">Kebijakan verifikasi dua langkah</h2>
      <p className="muted">
        Pengguna yang memegang salah satu izin ini wajib memakai passkey atau aplikasi autentikator, dan diminta menyiapkannya saat login berikutnya. Untuk mewajibkannya per role, aktifkan
        &quot;Wajib Verifikasi Dua Langkah&quot; di form role.
      </p>
      {current.length === 0 ? (
        <p>Belum ada izin yang mewajibkan verifikasi dua langkah.</p>
      ) : (
        <ul className="chips" aria-label="Izin yang mewajibkan verifikasi dua langkah">
          {current.map((name) => (
            <li key={name}>
              <code>{name}</code>{' '}
              {mayUpdate && (
                <button type="button" className="link-button" aria-label={`Hapus ${name} dari kebijakan`} onClick={() => void save(current.filter((other) => other !== name))}>
                  Hapus
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayUpdate && (
        <form className={styles.inline} onSubmit={add}>
          <label htmlFor="policy-permission">Tambah izin (misalnya newsletter.approve untuk mengirim newsletter)</label>
          <input id="policy-permission" name="permission" list="policy-permission-names" required />
          <datalist id="policy-permission-names">
            {known.data?.map((permission) => (
              <option key={permission.name} value={permission.name}>
                {permission.displayName}
              </option>
            ))}
          </datalist>
          <button type="submit">Tambah</button>
        </form>
      )}
      {message && <p role="status" className="alert">{message}</p>}
    </section>
  );
}

/** For user editors: a colleague who lost every factor gets them cleared (after the editor's password) and sets them up again. */
function ResetPanel() {
  const mayUpdate = useAccess().may('user', 'update');
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!mayUpdate) return null;

  async function reset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const username = String(values.get('username') ?? '').trim();
    if (!window.confirm(`Hapus semua passkey dan aplikasi autentikator milik ${username}? Semua sesinya juga diakhiri.`)) return;
    setBusy(true);
    setMessage('');
    try {
      const found = await getJson<Array<{ _id: string; username: string }>>(`/user?search=${encodeURIComponent(username)}&limit=50`);
      const target = found.data.find((row) => row.username.toLowerCase() === username.toLowerCase());
      if (target) {
        const answer = await sendJson('POST', `/auth/users/${encodeURIComponent(target._id)}/factors/reset`, { password: values.get('password') });
        setFailed(false);
        setMessage(answer.message);
        form.reset();
      } else {
        setFailed(true);
        setMessage(`User ${username} tidak ditemukan.`);
      }
    } catch (failure) {
      setFailed(true);
      setMessage(factorError(failure));
    }
    setBusy(false);
  }

  return (
    <section className={`panel ${styles.section}`} aria-labelledby="reset-title">
      <h2 id="reset-title">Reset verifikasi pengguna lain</h2>
      <p className="muted">Untuk rekan yang kehilangan perangkat dan kode pemulihannya. Semua passkey dan aplikasi autentikatornya dihapus; ia diminta menyiapkannya lagi saat login jika role-nya mewajibkan.</p>
      <form className={styles.enrol} onSubmit={(event) => void reset(event)}>
        <label htmlFor="reset-username">Username</label>
        <input id="reset-username" name="username" required disabled={busy} />
        <label htmlFor="reset-password">Password Anda</label>
        <input id="reset-password" name="password" type="password" autoComplete="current-password" required disabled={busy} />
        <button type="submit" className="danger" disabled={busy}>
          {busy ? 'Memproses...' : 'Reset verifikasi'}
        </button>
      </form>
      {message && (
        <p role={failed ? 'alert' : 'status'} className={failed ? 'alert error' : 'alert'}>
          {message}
        </p>
      )}
    </section>
  );
}
