/**
 * Login throttling that holds: under parallel guessing, across usernames from one address,
 * against interleaved valid logins; logins from other sites refused; usernames and emails
 * unique and matched whatever their letter case.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, Client, form, unique, type Row } from './client.ts';

const LIMITED = /^Terlalu banyak percobaan login\. Silakan coba lagi dalam (\d+) menit\.$/;

let admin: Client;
let viewerRole: string;
beforeAll(async () => {
  admin = await asAdmin();
  const roles = await admin.get<Row[]>('/api/role');
  viewerRole = roles.body.success ? roles.body.data.find((r) => r.name === 'Viewer')!._id : '';
});

async function account(username = unique('pengguna'), email = `${username}@example.org`) {
  const created = await admin.post<Row>('/api/user', form({ username, email, password: 'benar-12345', fullName: 'Pengguna', role: viewerRole }));
  return created;
}

const attempt = (client: Client, username: string, password: string) => client.post('/api/auth/login', { username, password });
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status);
const countOf = (list: number[], status: number) => list.filter((s) => s === status).length;

describe('per username and address', () => {
  it('evaluates at most 5 of 20 parallel wrong passwords, refuses the rest with 429, then the right one too', async () => {
    const username = unique('serbu');
    expect((await account(username)).status).toBe(201);
    const attacker = new Client();
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt(attacker, username, 'salah-12345')));
    const seen = statuses(answers);
    expect(countOf(seen, 401)).toBe(5);
    expect(countOf(seen, 429)).toBe(15);
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.body.message).toMatch(LIMITED);
    expect(Number(LIMITED.exec(limited.body.message)![1])).toBeLessThanOrEqual(15);
    expect((await attempt(attacker, username, 'benar-12345')).status).toBe(429);
    // The account's owner, from another address, is not locked out.
    expect((await attempt(new Client(), username, 'benar-12345')).status).toBe(200);
  });

  it('counts the username whatever its letter case', async () => {
    const username = unique('Huruf');
    expect((await account(username)).status).toBe(201);
    const client = new Client();
    for (const variant of [username, username.toUpperCase(), username.toLowerCase(), username, username.toUpperCase()]) {
      expect((await attempt(client, variant, 'salah-12345')).status).toBe(401);
    }
    expect((await attempt(client, username.toLowerCase(), 'benar-12345')).status).toBe(429);
  });

  it('does not let the attacker\'s own valid logins reset the count on another username', async () => {
    const victim = unique('korban');
    const own = unique('penyerang');
    expect((await account(victim)).status).toBe(201);
    expect((await account(own)).status).toBe(201);
    const attacker = new Client();
    for (let i = 0; i < 5; i++) {
      expect((await attempt(attacker, victim, `tebakan-${i}-123`)).status).toBe(401);
      expect((await attempt(attacker, own, 'benar-12345')).status).toBe(200);
    }
    expect((await attempt(attacker, victim, 'benar-12345')).status).toBe(429);
  });
});

describe('per address, across usernames (password spraying)', () => {
  it('refuses an address after 20 failures over different usernames, whatever valid logins it interleaves', async () => {
    const own = unique('penyemprot');
    expect((await account(own)).status).toBe(201);
    const sprayer = new Client();
    const targets = Array.from({ length: 25 }, () => unique('sasaran'));
    const seen: number[] = [];
    const ownLogins: number[] = [];
    for (const [i, username] of targets.entries()) {
      seen.push((await attempt(sprayer, username, 'Rahasia2026!')).status);
      // Its own valid logins take back only their own attempt.
      if (i % 5 === 0 && seen.at(-1) === 401) ownLogins.push((await attempt(sprayer, own, 'benar-12345')).status);
    }
    expect(ownLogins).toEqual([200, 200, 200, 200]);
    expect(seen.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(seen.slice(20)).toEqual(Array(5).fill(429));
    const limited = await attempt(sprayer, own, 'benar-12345');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(LIMITED);
    // Another address is not affected.
    expect((await attempt(new Client(), own, 'benar-12345')).status).toBe(200);
  });

  it('holds under a parallel spray too', async () => {
    const sprayer = new Client();
    const seen = statuses(await Promise.all(Array.from({ length: 30 }, () => attempt(sprayer, unique('paralel'), 'Rahasia2026!'))));
    expect(countOf(seen, 401)).toBe(20);
    expect(countOf(seen, 429)).toBe(10);
  });
});

describe('login from another site', () => {
  it('is refused like any other cross-site write, and signs nobody in', async () => {
    const username = unique('asing');
    expect((await account(username)).status).toBe(201);
    const foreign = new Client();
    const refusal = { status: 403, body: { code: 'FORBIDDEN', message: 'Permintaan ditolak: asal permintaan tidak dikenali. Muat ulang halaman dan coba lagi.' } };
    const byOrigin = await foreign.request('POST', '/api/auth/login', { username, password: 'benar-12345' }, { origin: 'https://evil.example' });
    expect(byOrigin).toMatchObject(refusal);
    expect(byOrigin.headers.get('set-cookie')).toBeNull();
    const byReferer = await fetch(`${foreign.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', referer: 'https://evil.example/login.html' },
      body: JSON.stringify({ username, password: 'benar-12345' }),
    });
    expect(byReferer.status).toBe(403);
    const malformed = await fetch(`${foreign.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', referer: 'http://[::1' },
      body: JSON.stringify({ username, password: 'benar-12345' }),
    });
    expect(malformed.status).toBe(403);
    // This site's own pages, and scripts that name no origin, sign in.
    expect((await attempt(new Client(), username, 'benar-12345')).status).toBe(200);
    const script = await fetch(`${foreign.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'benar-12345' }) });
    expect(script.status).toBe(200);
  });
});

describe('usernames and emails regardless of letter case', () => {
  it('refuses a second account whose username or email differs only in case, and signs in by any case', async () => {
    const username = unique('Budi.Santoso');
    const email = `${username}@Example.org`;
    expect((await account(username, email)).status).toBe(201);
    const sameName = await account(username.toLowerCase(), `${unique('lain')}@example.org`);
    expect(sameName).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: `Username "${username.toLowerCase()}" sudah digunakan.` } });
    const sameEmail = await account(unique('lain'), email.toUpperCase());
    expect(sameEmail).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: `Email "${email.toUpperCase()}" sudah digunakan.` } });
    // Renaming another account to a case variant is refused the same way.
    const other = await account();
    const renamed = await admin.put(`/api/user/${other.body.success ? other.body.data._id : ''}`, form({ username: username.toUpperCase() }));
    expect(renamed.status).toBe(409);
    expect((await attempt(new Client(), username.toUpperCase(), 'benar-12345')).status).toBe(200);
    expect((await attempt(new Client(), username.toLowerCase(), 'benar-12345')).status).toBe(200);
  });

  it('keeps them unique when two case variants are created at the same moment', async () => {
    const username = unique('Kembar');
    const answers = await Promise.all([
      account(username, `${unique('a')}@example.org`),
      account(username.toLowerCase(), `${unique('b')}@example.org`),
      account(username.toUpperCase(), `${unique('c')}@example.org`),
    ]);
    expect(statuses(answers).sort((a, b) => a - b)).toEqual([201, 409, 409]);
  });
});
