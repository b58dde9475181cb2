import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN } from '../../scripts/lib/local.ts';
import type { SessionUser } from '../src/contract/api.ts';
import { DECOY_HASH, hashPassword, PBKDF2_ITERATIONS, verifyPassword } from '../src/auth/password.ts';
import { asAdmin, Client, form, unique } from './client.ts';

describe('passwords', () => {
  it('hashes with PBKDF2 within the production cap of 100,000 iterations, salted per user', async () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    const [a, b] = [await hashPassword('rahasia-123'), await hashPassword('rahasia-123')];
    expect(a).not.toBe(b);
    expect(Number(a.split('$')[1])).toBeLessThanOrEqual(100_000);
    expect(await verifyPassword('rahasia-123', a)).toBe(true);
    expect(await verifyPassword('rahasia-124', a)).toBe(false);
    expect(Number(DECOY_HASH.split('$')[1])).toBeLessThanOrEqual(100_000);
    // A stored hash above the cap would fail in production: it is refused here too.
    expect(await verifyPassword('rahasia-123', a.replace('$100000$', '$200000$'))).toBe(false);
  });
});

describe('login', () => {
  it('answers the user and sets an HttpOnly session cookie; /me confirms it; logout ends it on the server', async () => {
    const client = new Client();
    const login = await client.login();
    expect(login.body).toMatchObject({ success: true, data: { username: 'admin', role: { name: 'Super Admin' } } });
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const token = client.cookie;
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    // The old cookie is worthless even if someone kept it.
    client.cookie = token;
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('says which part is wrong without telling whether the user exists', async () => {
    const client = new Client();
    const wrong = await client.post('/api/auth/login', { username: 'admin', password: 'salah-sekali' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Username atau password salah.');
    const nobody = await client.post('/api/auth/login', { username: unique('nobody'), password: 'salah-sekali' });
    expect(nobody.body.message).toBe('Username atau password salah.');
    const empty = await client.post('/api/auth/login', { username: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Username dan password wajib diisi.');
  });

  it('locks a username out after 5 failures with a 429 in Indonesian, without affecting others', async () => {
    const admin = await asAdmin();
    const roles = await admin.get<{ _id: string }[]>('/api/role');
    const username = unique('target');
    await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'benar-12345', fullName: 'Target', role: roles.body.success ? roles.body.data[0]!._id : '' }));
    const client = new Client();
    for (let i = 0; i < 5; i++) expect((await client.post('/api/auth/login', { username, password: 'salah-12345' })).status).toBe(401);
    const limited = await client.post('/api/auth/login', { username, password: 'benar-12345' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.body.message).toMatch(/^Terlalu banyak percobaan login\. Silakan coba lagi dalam \d+ menit\.$/);
    expect((await new Client().login()).status).toBe(200);
  });

  it('refuses inactive users as it refuses a wrong password', async () => {
    const admin = await asAdmin();
    const roles = await admin.get<{ _id: string }[]>('/api/role');
    const username = unique('inactive');
    await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'benar-12345', fullName: 'Off', role: roles.body.success ? roles.body.data[0]!._id : '', isActive: 'false' }));
    const answer = await new Client().post('/api/auth/login', { username, password: 'benar-12345' });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Username atau password salah.');
  });
});

/** Set-Cookie of a login sent to the worker under another host name, as in production. */
const loginCookieFor = (base: string, host: string) =>
  new Promise<string>((resolve, reject) => {
    const outgoing = request(`${base}/api/auth/login`, { method: 'POST', headers: { host, 'content-type': 'application/json' } }, (response) => {
      response.resume();
      resolve(String(response.headers['set-cookie'] ?? ''));
    });
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify({ username: 'admin', password: DEFAULT_ADMIN.password }));
  });

describe('sessions', () => {
  it('describes the signed-in user on /api/auth/me, and answers 401 in the envelope without a session', async () => {
    const admin = await asAdmin();
    const me = await admin.get<SessionUser>('/api/auth/me');
    expect(me.body).toMatchObject({ success: true, data: { username: 'admin', fullName: 'Administrator', role: { name: 'Super Admin' } } });
    const data = me.body.success ? me.body.data : null;
    expect(data?.id).toBe(data?._id);
    expect(data?.permissions).toEqual(expect.arrayContaining(['user.create', 'vision.update', 'files.delete']));
    expect(JSON.stringify(me.body)).not.toMatch(/password/i);
    const anonymous = await new Client().get('/api/auth/me');
    expect(anonymous).toMatchObject({ status: 401, body: { success: false, data: null, code: 'UNAUTHORIZED' } });
  });

  it('clears the cookie on logout, and the old token can no longer write', async () => {
    const client = new Client();
    await client.login();
    const token = client.cookie;
    const logout = await client.post('/api/auth/logout');
    expect(logout.headers.get('set-cookie')).toMatch(/^sid=;.*Max-Age=0/i);
    client.cookie = token;
    const write = await client.post('/api/category', form({ title: unique('Sesudah Logout') }));
    expect(write.status).toBe(401);
  });

  it('marks the cookie Secure when the site is not served from localhost', async () => {
    const client = new Client();
    expect(await loginCookieFor(client.base, 'cms.example.org')).toMatch(/HttpOnly; Secure; SameSite=Lax/);
    expect(await loginCookieFor(client.base, '127.0.0.1')).not.toMatch(/Secure/);
  });

  it('counts only consecutive failures: a successful login starts the count again', async () => {
    const admin = await asAdmin();
    const roles = await admin.get<{ _id: string }[]>('/api/role');
    const username = unique('lupa');
    await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'benar-12345', fullName: 'Lupa', role: roles.body.success ? roles.body.data[0]!._id : '' }));
    const client = new Client();
    const fail = () => client.post('/api/auth/login', { username, password: 'salah-12345' });
    for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
    expect((await client.post('/api/auth/login', { username, password: 'benar-12345' })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
    expect((await client.post('/api/auth/login', { username, password: 'benar-12345' })).status).toBe(200);
  });
});
