/**
 * Staff accounts by email: password reset links (one answer for every address, single use, 30
 * minutes, 3 emails an hour per address, 10 requests an hour per client network, other sessions
 * ended), invites (72 hours, resend, revoke, only into roles the inviter holds), the list of
 * signed-in devices, and the emails a reset or a new device sends. Mail is read back from the
 * Email Service binding's local simulation; expiry is reached by ageing the stored link.
 */
import { describe, expect, it } from 'vitest';
import type { DeviceSession } from '../src/contract/staff-answers.ts';
import { asAdmin, Client, form, unique, type Row } from './client.ts';
import { mailbox as mailOf } from './mail.ts';
import { fileWorker } from './worker.ts';

type Invite = { _id: string; email: string; role: { name: string }; expired: boolean };

/** The messages sent to one address, oldest first, with their text part. */
const mailbox = async (address: string) => (await mailOf(address)).reverse();

/** Waits until `address` has received `count` emails, and answers them. */
async function received(address: string, count: number) {
  await expect.poll(async () => (await mailbox(address)).length, { timeout: 10_000 }).toBe(count);
  return mailbox(address);
}

const tokenIn = (email: { text: string }, page: string) => {
  const found = email.text.match(new RegExp(`https?://\\S+${page}\\?token=([\\w%-]+)`));
  if (!found) throw new Error(`no ${page} link in:\n${email.text}`);
  return decodeURIComponent(found[1]!);
};

const clientAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join('.')}`;
const forgot = (email: unknown, address = clientAddress()) => new Client().request('POST', '/api/auth/password/forgot', { email }, { 'cf-connecting-ip': address });
const sql = async (query: string, ...values: unknown[]) => (await fileWorker().database()).prepare(query).bind(...values).all<Record<string, unknown>>();

let admin: Client;
let roleId: Map<string, string>;
const ready = (async () => {
  admin = await asAdmin();
  const roles = await admin.get<Row[]>('/api/role?page=1&limit=100');
  roleId = new Map(roles.body.success ? roles.body.data.map((role) => [String(role.name), role._id]) : []);
})();

/** A new account of role `role` (made the old way, as scripts do), with its password. */
async function account(role = 'Editor') {
  await ready;
  const username = unique('staf');
  const email = `${username}@example.org`;
  const created = await admin.post<Row>('/api/user', form({ username, email, password: 'password-lama', fullName: 'Staf Uji', role: roleId.get(role)! }));
  expect(created.status).toBe(201);
  return { username, email, id: created.body.success ? created.body.data._id : '' };
}

const loginStatus = async (username: string, password: string) => (await new Client().post('/api/auth/login', { username, password })).status;

describe('password reset by email', () => {
  it('answers an unknown address exactly as a known one, and mails only the known one a single-use link', async () => {
    const { username, email } = await account();
    const signedIn = new Client();
    await signedIn.login(username, 'password-lama');

    const known = await forgot(` ${email.toUpperCase()} `);
    const unknown = await forgot(`${unique('tidak-ada')}@example.org`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe(
      'Jika alamat tersebut terdaftar, kami telah mengirim tautan untuk mengatur ulang password. Periksa email Anda (juga folder spam). Tautan berlaku 30 menit.',
    );
    const [resetMail] = await received(email, 1);
    expect(resetMail!.subject).toBe('Atur ulang password admin Resik Nusantara');
    expect(resetMail!.text).toContain('berlaku 30 menit');
    const token = tokenIn(resetMail!, '/login/reset');
    // Only the token's hash is stored.
    const stored = await sql('SELECT tokenHash FROM password_reset');
    expect(stored.results.map((row) => row.tokenHash)).not.toContain(token);

    // Opening the link changes nothing; a weak password is refused and the link stays usable.
    expect((await new Client().get(`/api/auth/password/reset?token=${encodeURIComponent(token)}`)).body).toMatchObject({ data: { state: 'valid' } });
    const weak = await new Client().post('/api/auth/password/reset', { token, password: 'pendek' });
    expect(weak).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', message: 'Password minimal 8 karakter.' } });
    const done = await new Client().post('/api/auth/password/reset', { token, password: 'password-baru-123' });
    expect(done).toMatchObject({ status: 200, body: { message: 'Password berhasil diubah. Silakan login dengan password baru Anda.' } });

    // The old password and every session signed in with it are over.
    expect((await signedIn.get('/api/auth/me')).status).toBe(401);
    expect(await loginStatus(username, 'password-lama')).toBe(401);
    expect(await loginStatus(username, 'password-baru-123')).toBe(200);
    // The reset, the notice of it, and the sign-in from a browser the account had not used.
    const mails = await received(email, 3);
    const notice = mails.find((mail) => mail.subject === 'Password admin Resik Nusantara telah diubah');
    expect(notice!.text).toContain('Semua perangkat lain yang masuk dengan akun ini telah dikeluarkan.');

    // Used once: the same link is refused with a way to ask again.
    const again = await new Client().post('/api/auth/password/reset', { token, password: 'password-lain-123' });
    expect(again).toMatchObject({ status: 400, body: { code: 'INVALID_TOKEN', details: { reason: 'used' } } });
    expect(again.body.message).toBe('Tautan reset password sudah dipakai. Silakan minta tautan baru jika Anda masih memerlukannya.');
    expect(await loginStatus(username, 'password-lain-123')).toBe(401);

    const audit = await admin.get<Array<{ summary: string; recordId: string }>>('/api/audit?limit=200');
    const summaries = audit.body.success ? audit.body.data.map((entry) => entry.summary) : [];
    expect(summaries).toContain(`Tautan reset password dikirim ke ${email}`);
    expect(summaries).toContain('Password diatur ulang lewat email; sesi lain diakhiri');
  });

  it('refuses an expired link after 30 minutes, and a forged or malformed one, each with its message', async () => {
    const { email } = await account();
    await forgot(email);
    const token = tokenIn((await received(email, 1))[0]!, '/login/reset');
    // Half an hour passes.
    await sql("UPDATE password_reset SET expiresAt = ? WHERE usedAt IS NULL AND expiresAt > ?", new Date(Date.now() - 1000).toISOString(), new Date().toISOString());
    expect((await new Client().get(`/api/auth/password/reset?token=${encodeURIComponent(token)}`)).body).toMatchObject({
      data: { state: 'expired', message: 'Tautan reset password sudah kedaluwarsa (berlaku 30 menit). Silakan minta tautan baru.' },
    });
    expect(await new Client().post('/api/auth/password/reset', { token, password: 'password-baru-123' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_TOKEN', details: { reason: 'expired' } },
    });

    const forged = `${token.slice(0, -4)}AAAA`;
    const invalid = 'Tautan reset password tidak valid. Periksa kembali tautan di email Anda atau minta tautan baru.';
    expect((await new Client().get(`/api/auth/password/reset?token=${forged}`)).body).toMatchObject({ data: { state: 'invalid', message: invalid } });
    for (const body of [{ token: forged, password: 'password-baru-123' }, { token: 'x'.repeat(5_000), password: 'password-baru-123' }, { token: 42, password: 'password-baru-123' }]) {
      const answer = await new Client().post('/api/auth/password/reset', body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(invalid);
    }
    expect((await new Client().get('/api/auth/password/reset')).body).toMatchObject({ data: { state: 'invalid' } });
  });

  it('mails one address at most 3 times an hour however often it is asked, and limits one client network to 10 requests', async () => {
    const { email } = await account();
    const answers = [];
    // 50 requests for one address, from 50 different networks.
    for (let i = 0; i < 50; i++) answers.push(await forgot(email));
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.body.message}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    // Whether to send is decided before each answer: all 50 were counted, only the first 3 were sent.
    expect((await sql('SELECT count FROM account_throttle WHERE key = ?', `reset-email:${email}`)).results).toEqual([{ count: 50 }]);
    await received(email, 3);

    const network = clientAddress();
    for (let i = 0; i < 10; i++) expect((await forgot(`${unique('siapa')}@example.org`, network)).status).toBe(200);
    const refused = await forgot(`${unique('siapa')}@example.org`, network);
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(refused.body.message).toMatch(/^Terlalu banyak permintaan reset password dari jaringan Anda\. Silakan coba lagi dalam \d+ menit\.$/);
  });

  it('sets one password when the same link is sent twice at once, and forgets old links and counters after their hour', async () => {
    const { username, email } = await account();
    await forgot(email);
    const token = tokenIn((await received(email, 1))[0]!, '/login/reset');
    const answers = await Promise.all(['password-satu-123', 'password-dua-123'].map((password) => new Client().post('/api/auth/password/reset', { token, password })));
    expect(answers.map((answer) => answer.status).sort((a, b) => a - b)).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? 'password-satu-123' : 'password-dua-123';
    expect(await loginStatus(username, winner)).toBe(200);

    expect((await sql('SELECT count(*) AS n FROM password_reset')).results[0]!.n).not.toBe(0);
    await fileWorker().runScheduled(Date.now() + 2 * 60 * 60_000);
    expect((await sql('SELECT count(*) AS n FROM password_reset')).results[0]!.n).toBe(0);
    expect((await sql('SELECT count(*) AS n FROM account_throttle')).results[0]!.n).toBe(0);
  });

  it('says what is wrong with a bad address, never a server error', async () => {
    for (const [email, message] of [
      ['bukan-email', 'Masukkan alamat email yang valid.'],
      ['', 'Email wajib diisi.'],
      [12, 'Email wajib diisi.'],
      [`${'a'.repeat(300)}@example.org`, 'Email tidak valid.'],
    ] as const) {
      const answer = await forgot(email);
      expect(answer.status, String(email)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
  });

  it('refuses the forms of these links posted by another site', async () => {
    const foreign = { origin: 'https://bukan-situs-kita.example' };
    for (const [path, body] of [
      ['/api/auth/password/forgot', { email: 'siapa@example.org' }],
      ['/api/auth/password/reset', { token: 'x', password: 'password-baru-123' }],
      ['/api/invites/accept', { token: 'x', username: 'orang', fullName: 'Orang', password: 'password-baru-123' }],
    ] as const) {
      const answer = await new Client().request('POST', path, body, foreign);
      expect(answer.status, path).toBe(403);
      expect(answer.body.message).toBe('Permintaan ditolak: asal permintaan tidak dikenali. Muat ulang halaman dan coba lagi.');
    }
  });

  it('does not mail a deactivated account', async () => {
    const { email, id } = await account();
    expect((await admin.put(`/api/user/${id}`, { isActive: false })).status).toBe(200);
    expect((await forgot(email)).status).toBe(200);
    // A known address asked after it is mailed at once; the deactivated one never is.
    const { email: other } = await account();
    await forgot(other);
    await received(other, 1);
    expect(await mailbox(email)).toHaveLength(0);
  });
});

describe('changing one\'s own password while signed in', () => {
  it('takes the current password, refuses a short or unchanged one, ends the other sessions and says so by email', async () => {
    const { username, email } = await account();
    const here = new Client();
    await here.login(username, 'password-lama');
    const elsewhere = new Client();
    await elsewhere.login(username, 'password-lama');
    const change = (currentPassword: string, password: string) => here.post('/api/auth/password/change', { currentPassword, password });

    expect((await new Client().post('/api/auth/password/change', { currentPassword: 'password-lama', password: 'password-baru-1' })).status).toBe(401);
    expect((await change('salah-sekali', 'password-baru-1')).body).toMatchObject({ code: 'FORBIDDEN', message: 'Password salah. Masukkan password akun Anda.' });
    expect((await change('password-lama', 'pendek')).body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Password minimal 8 karakter.' });
    expect((await change('password-lama', 'password-lama')).body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Password baru harus berbeda dari password saat ini.' });
    expect(await loginStatus(username, 'password-lama')).toBe(200);

    const changed = await change('password-lama', 'password-baru-1');
    expect(changed.body).toMatchObject({ success: true, message: 'Password berhasil diubah. Sesi di perangkat lain telah diakhiri.' });
    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect(await loginStatus(username, 'password-lama')).toBe(401);
    expect(await loginStatus(username, 'password-baru-1')).toBe(200);
    await expect.poll(async () => (await mailbox(email)).map((mail) => mail.subject), { timeout: 10_000 }).toContain('Password admin Resik Nusantara telah diubah');
  });
});

describe('invites', () => {
  async function invite(email: string, role = 'Editor', by = admin) {
    return by.post<{ _id: string }>('/api/invites', { email, role: roleId.get(role) });
  }
  const accept = (token: string, username: string, password = 'password-saya-123') => new Client().post('/api/invites/accept', { token, username, fullName: 'Rekan Baru', password });

  it('lets a colleague choose their own username and password through the emailed link, once', async () => {
    await ready;
    const email = `${unique('rekan')}@example.org`;
    const sent = await invite(email.toUpperCase());
    expect(sent).toMatchObject({ status: 201, body: { message: `Undangan telah dikirim ke ${email}.` } });
    const listed = await admin.get<Invite[]>('/api/invites');
    expect(listed.body.success && listed.body.data.find((row) => row.email === email)).toMatchObject({ role: { name: 'Editor' }, expired: false });

    const [mail] = await received(email, 1);
    expect(mail!.subject).toBe('Undangan menjadi admin Resik Nusantara');
    expect(mail!.text).toContain('sebagai Editor');
    expect(mail!.text).toContain('berlaku 72 jam');
    const token = tokenIn(mail!, '/login/invite');
    expect((await new Client().get(`/api/invites/accept?token=${encodeURIComponent(token)}`)).body).toMatchObject({ data: { state: 'valid', email, roleName: 'Editor' } });

    expect((await accept(token, 'a b')).body.message).toBe('Username 3-50 karakter: huruf, angka, titik, garis bawah atau strip.');
    expect((await accept(token, 'admin')).body).toMatchObject({ code: 'CONFLICT', message: 'Username sudah dipakai. Silakan pilih username lain.' });
    expect((await accept(token, unique('baru'), 'pendek')).body.message).toBe('Password minimal 8 karakter.');
    // Every problem at once: one answer is enough to fix the whole form.
    const allWrong = await new Client().post('/api/invites/accept', { token, username: 'a b', fullName: ' ', password: 'pendek' });
    expect(allWrong.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Username 3-50 karakter: huruf, angka, titik, garis bawah atau strip. Nama lengkap wajib diisi. Password minimal 8 karakter.',
      details: { fields: ['username', 'fullName', 'password'] },
    });
    // Sent twice at once, the link makes one account.
    const both = await Promise.all([accept(token, unique('baru')), accept(token, unique('kembar'))]);
    expect(both.map((answer) => answer.status).sort((a, b) => a - b)).toEqual([201, 400]);
    const made = both.find((answer) => answer.status === 201)!;
    const username = made.body.success ? (made.body.data as { username: string }).username : '';

    const colleague = new Client();
    const signedIn = await colleague.login(username, 'password-saya-123');
    expect(signedIn.body).toMatchObject({ data: { email, role: { name: 'Editor' } } });
    expect(await accept(token, unique('lagi'))).toMatchObject({ status: 400, body: { code: 'INVALID_TOKEN', details: { reason: 'used' } } });
    const after = await admin.get<Invite[]>('/api/invites');
    expect(after.body.success && after.body.data.some((row) => row.email === email)).toBe(false);
  });

  it('resends with a new link (the old one stops working), renews an expired invite, and revokes', async () => {
    await ready;
    const email = `${unique('ulang')}@example.org`;
    const { body } = await invite(email);
    const id = body.success ? body.data._id : '';
    const first = tokenIn((await received(email, 1))[0]!, '/login/invite');
    expect((await invite(email)).body).toMatchObject({ code: 'CONFLICT', message: 'Undangan untuk alamat ini masih berlaku. Gunakan "Kirim ulang" di daftar undangan.' });

    // 72 hours pass: the link says so, and the admin's list shows it expired.
    await sql('UPDATE invite SET expiresAt = ? WHERE id = ?', new Date(Date.now() - 1000).toISOString(), id);
    expect((await new Client().get(`/api/invites/accept?token=${encodeURIComponent(first)}`)).body).toMatchObject({ data: { state: 'expired' } });
    expect(await accept(first, unique('telat'))).toMatchObject({ status: 400, body: { details: { reason: 'expired' } } });
    const listed = await admin.get<Invite[]>('/api/invites');
    expect(listed.body.success && listed.body.data.find((row) => row._id === id)).toMatchObject({ expired: true });

    expect((await admin.post(`/api/invites/${id}/resend`)).body).toMatchObject({ message: `Undangan telah dikirim ulang ke ${email}.` });
    const second = tokenIn((await received(email, 2))[1]!, '/login/invite');
    expect(second).not.toBe(first);
    expect((await new Client().get(`/api/invites/accept?token=${encodeURIComponent(first)}`)).body).toMatchObject({ data: { state: 'invalid' } });
    expect((await new Client().get(`/api/invites/accept?token=${encodeURIComponent(second)}`)).body).toMatchObject({ data: { state: 'valid' } });

    // At most 5 resends an hour for one invite.
    for (let i = 2; i <= 5; i++) expect((await admin.post(`/api/invites/${id}/resend`)).status).toBe(200);
    expect((await admin.post(`/api/invites/${id}/resend`)).body).toMatchObject({ code: 'RATE_LIMITED', message: 'Undangan ini sudah dikirim ulang 5 kali dalam satu jam. Silakan coba lagi nanti.' });
    const latest = tokenIn((await received(email, 6))[5]!, '/login/invite');
    expect((await new Client().get(`/api/invites/accept?token=${encodeURIComponent(second)}`)).body).toMatchObject({ data: { state: 'invalid' } });

    expect((await admin.delete(`/api/invites/${id}`)).body).toMatchObject({ message: `Undangan ke ${email} telah dibatalkan.` });
    expect(await accept(latest, unique('batal'))).toMatchObject({ status: 400, body: { details: { reason: 'invalid' } } });
    expect((await admin.post(`/api/invites/${id}/resend`)).status).toBe(404);
    expect((await admin.delete(`/api/invites/${id}`)).status).toBe(404);
  });

  it('refuses an address already in use, bad input, callers without users.create, and roles beyond the inviter', async () => {
    const { email } = await account();
    expect((await invite(email)).body).toMatchObject({ code: 'CONFLICT', message: 'Alamat email ini sudah dipakai oleh user lain.' });
    expect((await admin.post('/api/invites', { email: 'bukan-email', role: roleId.get('Editor') })).body.message).toBe('Masukkan alamat email yang valid.');
    expect((await admin.post('/api/invites', { email: `${unique('x')}@example.org`, role: 'tidak-ada' })).body.message).toBe('Role tidak ditemukan. Pilih role dari daftar.');
    expect((await admin.post('/api/invites', { email: `${unique('x')}@example.org` })).body.message).toBe('Role wajib dipilih.');

    const editor = await account('Editor');
    const editorClient = new Client();
    await editorClient.login(editor.username, 'password-lama');
    expect((await invite(`${unique('x')}@example.org`, 'Viewer', editorClient)).status).toBe(403);
    expect((await editorClient.get('/api/invites')).status).toBe(403);
    expect((await new Client().get('/api/invites')).status).toBe(401);

    // A role that may create users but not hand out the Super Admin's power.
    const permissions = await admin.get<Row[]>('/api/permission?page=1&limit=500');
    const userCreate = permissions.body.success ? permissions.body.data.filter((p) => ['user.create', 'user.read', 'user.list'].includes(String(p.name))).map((p) => p._id) : [];
    const inviterRole = await admin.post<Row>('/api/role', form({ name: unique('Pengundang'), permissions: userCreate }));
    const inviterName = unique('pengundang');
    await admin.post('/api/user', form({ username: inviterName, email: `${inviterName}@example.org`, password: 'password-lama', fullName: 'Pengundang', role: inviterRole.body.success ? inviterRole.body.data._id : '' }));
    const inviter = new Client();
    await inviter.login(inviterName, 'password-lama');
    expect((await invite(`${unique('x')}@example.org`, 'Super Admin', inviter)).body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Anda tidak dapat mengundang ke role dengan hak akses yang tidak Anda miliki.',
    });
  });
});

describe('signed-in devices', () => {
  const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

  async function signIn(username: string, userAgent: string, cookie = '') {
    const client = new Client();
    const answer = await client.request('POST', '/api/auth/login', { username, password: 'password-lama' }, { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) });
    expect(answer.status).toBe(200);
    const device = answer.headers.getSetCookie().find((line) => line.startsWith('device='))!.split(';')[0]!;
    return { client, device };
  }

  it('lists the user\'s own sessions with browser and address, ends one, then all but the current', async () => {
    const { username } = await account();
    const laptop = await signIn(username, chrome);
    const phone = await signIn(username, firefox);
    const tablet = await signIn(username, firefox);
    const list = await laptop.client.get<DeviceSession[]>('/api/sessions');
    expect(list.body.success && list.body.data).toHaveLength(3);
    const sessions = list.body.success ? list.body.data : [];
    expect(sessions[0]).toMatchObject({ current: true, browser: 'Chrome di Windows', address: laptop.client.address });
    expect(sessions.filter((s) => s.browser === 'Firefox di Linux')).toHaveLength(2);

    const phoneSession = sessions.find((s) => s.address === phone.client.address)!;
    expect((await laptop.client.delete(`/api/sessions/${phoneSession.id}`)).body).toMatchObject({ message: 'Perangkat telah dikeluarkan.' });
    expect((await phone.client.get('/api/auth/me')).status).toBe(401);
    expect((await tablet.client.get('/api/auth/me')).status).toBe(200);
    expect((await laptop.client.delete(`/api/sessions/${sessions[0]!.id}`)).body.message).toBe('Ini sesi yang sedang Anda pakai. Gunakan tombol Logout untuk keluar.');

    // Another user's session is out of reach by its id.
    const tabletSession = sessions.find((s) => s.address === tablet.client.address)!;
    expect((await admin.delete(`/api/sessions/${tabletSession.id}`)).status).toBe(404);
    expect((await tablet.client.get('/api/auth/me')).status).toBe(200);

    expect((await laptop.client.post('/api/sessions/end-others')).body).toMatchObject({ data: { ended: 1 }, message: '1 perangkat lain telah dikeluarkan.' });
    expect((await tablet.client.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.client.get('/api/auth/me')).status).toBe(200);
    expect((await new Client().get('/api/sessions')).status).toBe(401);
  });

  it('lets an admin who may update users end all sessions of a user; others may not', async () => {
    const { username, id } = await account();
    const first = await signIn(username, chrome);
    const second = await signIn(username, firefox);
    const editor = await account('Editor');
    const editorSession = await signIn(editor.username, chrome);
    expect((await editorSession.client.post(`/api/sessions/of/${id}/end`)).status).toBe(403);
    expect((await first.client.get('/api/auth/me')).status).toBe(200);

    expect((await admin.post(`/api/sessions/of/${id}/end`)).body).toMatchObject({ data: { ended: 2 }, message: `Semua sesi ${username} telah diakhiri.` });
    expect((await first.client.get('/api/auth/me')).status).toBe(401);
    expect((await second.client.get('/api/auth/me')).status).toBe(401);
    expect((await admin.post('/api/sessions/of/tidak-ada/end')).status).toBe(404);
    const audit = await admin.get<Array<{ summary: string }>>('/api/audit?limit=50');
    expect(audit.body.success && audit.body.data.map((entry) => entry.summary)).toContain(`Mengakhiri semua sesi ${username} (2)`);
  });

  it('emails a sign-in from a browser the account has not used, not the first one nor a known one', async () => {
    const { username, email } = await account();
    const first = await signIn(username, chrome);
    await signIn(username, chrome, first.device);
    await signIn(username, firefox);
    const [notice, ...more] = await received(email, 1);
    expect(more).toHaveLength(0);
    expect(notice!.subject).toBe('Login baru ke admin Resik Nusantara');
    expect(notice!.text).toContain('dari Firefox di Linux');
    await signIn(username, chrome, first.device);
    await received(email, 1);
  });
});
