import { describe, expect, it } from 'vitest';
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from '../src/auth/password.ts';
import { asAdmin, Client, form, unique } from './client.ts';

describe('passwords', () => {
  it('hashes with PBKDF2 within the production cap of 100,000 iterations, salted per user', async () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    const [a, b] = [await hashPassword('rahasia-123'), await hashPassword('rahasia-123')];
    expect(a).not.toBe(b);
    expect(Number(a.split('$')[1])).toBeLessThanOrEqual(100_000);
    expect(await verifyPassword('rahasia-123', a)).toBe(true);
    expect(await verifyPassword('rahasia-124', a)).toBe(false);
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

  it('refuses inactive users', async () => {
    const admin = await asAdmin();
    const roles = await admin.get<{ _id: string }[]>('/api/role');
    const username = unique('inactive');
    await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'benar-12345', fullName: 'Off', role: roles.body.success ? roles.body.data[0]!._id : '', isActive: 'false' }));
    const answer = await new Client().post('/api/auth/login', { username, password: 'benar-12345' });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Akun Anda tidak aktif. Hubungi administrator.');
  });
});
