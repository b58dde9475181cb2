/**
 * Sign-in factors: the authenticator app (RFC 6238 codes, replay, throttle, recovery codes),
 * passkeys (several per user, named, removed; sign-in without a username; counters; origins),
 * the second step after a password, and the policy that makes a role or a permission require
 * a factor. Passkeys come from a software authenticator; codes are computed as an app would.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditEntry, SessionUser } from '../src/contract/api.ts';
import type { EnrolmentDone, FactorsSummary, SecondStep, TotpSetup } from '../src/contract/factors.ts';
import { codeAt, stepAt } from '../src/auth/totp.ts';
import { SoftAuthenticator } from './authenticator.ts';
import { sentEmails } from './mail.ts';
import { asAdmin, Client, form, unique, type Row } from './client.ts';
import { fileWorker } from './worker.ts';

const base = fileWorker().url;
const PASSWORD = 'rahasia-faktor-1';

let admin: Client;
let roleId: Map<string, string>;
let permissionId: Map<string, string>;
beforeAll(async () => {
  admin = await asAdmin();
  const roles = await admin.get<Row[]>('/api/role');
  roleId = new Map(roles.body.success ? roles.body.data.map((r) => [String(r.name), r._id]) : []);
  const permissions = await admin.get<Row[]>('/api/role/permissions/list');
  permissionId = new Map(permissions.body.success ? permissions.body.data.map((p) => [String(p.name), p._id]) : []);
});

const dataOf = <T>(answer: { body: { success: boolean; data: unknown } }) => {
  if (!answer.body.success) throw new Error(`expected success: ${JSON.stringify(answer.body)}`);
  return answer.body.data as T;
};

/** A new account with a role of its own (holding `permissions`, or requiring a factor when `required`). */
async function account({ permissions = [] as string[], required = false } = {}) {
  const role = dataOf<Row>(
    await admin.post('/api/role', form({ name: unique('Peran'), requireSecondFactor: String(required), permissions: permissions.map((name) => permissionId.get(name)!) })),
  );
  const username = unique('faktor');
  const created = await admin.post<Row>('/api/user', form({ username, email: `${username}@example.org`, password: PASSWORD, fullName: 'Akun Faktor', role: role._id }));
  expect(created.status).toBe(201);
  return { username, email: `${username}@example.org`, userId: dataOf<Row>(created)._id, roleId: role._id };
}

/** A signed-in client of a new account without factors. */
async function signedIn(options?: Parameters<typeof account>[0]) {
  const made = await account(options);
  const client = new Client();
  await client.login(made.username, PASSWORD);
  return { ...made, client };
}

const codeFor = (secret: string, stepsAhead = 0) => codeAt(secret, stepAt(Date.now()) + stepsAhead);

/** Sets up the authenticator app for a signed-in client; answers its secret and recovery codes. */
async function enrolApp(client: Client) {
  const setup = dataOf<TotpSetup>(await client.post('/api/auth/factors/totp/setup'));
  const done = dataOf<EnrolmentDone>(await client.post('/api/auth/factors/totp/confirm', { code: await codeFor(setup.secret) }));
  return { secret: setup.secret, recoveryCodes: done.recoveryCodes };
}

const passwordStep = async (client: Client, username: string) => client.post<SecondStep | SessionUser>('/api/auth/login', { username, password: PASSWORD });

async function auditOf(userId: string) {
  return dataOf<AuditEntry[]>(await admin.get('/api/audit?limit=200')).filter((entry) => entry.recordId === userId);
}

/** Subjects of the messages the local EMAIL binding was given for `address`. */
async function subjectsSentTo(address: string) {
  return (await sentEmails()).filter((email) => email.to.includes(address)).map((email) => email.subject);
}

describe('authenticator app codes', () => {
  it('computes the codes of RFC 6238 (SHA-1 test vectors, last six digits)', async () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"
    expect(await codeAt(secret, stepAt(59_000))).toBe('287082');
    expect(await codeAt(secret, stepAt(1_111_111_109_000))).toBe('081804');
    expect(await codeAt(secret, stepAt(2_000_000_000_000))).toBe('279037');
  });

  it('enrols by QR code, answers ten recovery codes once, emails the owner and logs it', async () => {
    const { client, userId, email } = await signedIn();
    const setup = dataOf<TotpSetup>(await client.post('/api/auth/factors/totp/setup'));
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]{32}&issuer=.+&algorithm=SHA1&digits=6&period=30$/);
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]+<\/svg>$/);
    // Not on until a code from the app proves it holds the secret.
    expect(dataOf<FactorsSummary>(await client.get('/api/auth/factors')).totp.enabled).toBe(false);
    const wrong = await client.post('/api/auth/factors/totp/confirm', { code: '000000' === (await codeFor(setup.secret)) ? '111111' : '000000' });
    expect(wrong).toMatchObject({ status: 400, body: { message: expect.stringContaining('Kode tidak cocok') } });
    const done = dataOf<EnrolmentDone>(await client.post('/api/auth/factors/totp/confirm', { code: await codeFor(setup.secret) }));
    expect(done.recoveryCodes).toHaveLength(10);
    expect(new Set(done.recoveryCodes).size).toBe(10);
    for (const code of done.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(dataOf<FactorsSummary>(await client.get('/api/auth/factors')).totp).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // A second enrolment over a working one is refused: the app in use stays valid.
    expect((await client.post('/api/auth/factors/totp/setup')).status).toBe(409);
    expect(await subjectsSentTo(email)).toContain('Cara masuk baru ditambahkan: Aplikasi autentikator');
    const actions = (await auditOf(userId)).map((entry) => entry.action);
    expect(actions).toContain('factor-add');
    expect(actions).toContain('login-failed');
  });

  it('asks for a code after the password, opens nothing before it, and refuses the same code twice', async () => {
    const { client, username } = await signedIn();
    const { secret } = await enrolApp(client);
    const browser = new Client();
    const step = await passwordStep(browser, username);
    expect(step).toMatchObject({ status: 200, body: { data: { secondStep: 'verify', methods: ['totp', 'recovery'] } } });
    expect((await browser.get('/api/auth/me')).status).toBe(401);
    // The enrolment used this step's code; the next one is within the allowed drift.
    const code = await codeFor(secret, 1);
    const done = await browser.post<SessionUser>('/api/auth/login/code', { code });
    expect(done.status).toBe(200);
    expect(dataOf<SessionUser>(done).username).toBe(username);
    expect(dataOf<SessionUser>(await browser.get('/api/auth/me')).username).toBe(username);

    const thief = new Client();
    await passwordStep(thief, username);
    expect(await thief.post('/api/auth/login/code', { code })).toMatchObject({ status: 401, body: { message: expect.stringContaining('sudah dipakai') } });
    // An older code than the last accepted one is a replay too.
    expect((await thief.post('/api/auth/login/code', { code: await codeFor(secret) })).status).toBe(401);
    expect((await thief.get('/api/auth/me')).status).toBe(401);
  });

  it('throttles wrong codes per account (5 in 15 minutes) and logs each one', async () => {
    const { client, username, userId } = await signedIn();
    const { secret } = await enrolApp(client);
    const browser = new Client();
    await passwordStep(browser, username);
    const right = await codeFor(secret, 1);
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 5; attempt++) expect((await browser.post('/api/auth/login/code', { code: wrongCode })).status).toBe(401);
    const refused = await browser.post('/api/auth/login/code', { code: right });
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Terlalu banyak kode yang salah\. Silakan coba lagi dalam \d+ menit\.$/) } });
    // Another browser with the password is throttled too: the count belongs to the account.
    const other = new Client();
    await passwordStep(other, username);
    expect((await other.post('/api/auth/login/code', { code: right })).status).toBe(429);
    const failures = (await auditOf(userId)).filter((entry) => entry.action === 'login-failed');
    expect(failures).toHaveLength(5);
    expect(failures[0]!.summary).toBe(`${username}: kode aplikasi autentikator salah`);
  });

  it('keeps secrets shown once out of the stored answers of repeated requests', async () => {
    const { client } = await signedIn();
    await enrolApp(client);
    const key = { 'idempotency-key': `codes-${Date.now()}` };
    const fresh = await client.request<{ recoveryCodes: string[] }>('POST', '/api/auth/factors/recovery-codes', undefined, key);
    expect(dataOf<{ recoveryCodes: string[] }>(fresh).recoveryCodes).toHaveLength(10);
    const repeat = await client.request('POST', '/api/auth/factors/recovery-codes', undefined, key);
    expect(repeat).toMatchObject({ status: 200, body: { data: null, message: 'Permintaan sebelumnya sudah berhasil.' } });
    const stored = await (await fileWorker().database()).prepare("select body from idempotent_request where body like '%recoveryCodes%' or body like '%otpauth%'").all();
    expect(stored.results).toEqual([]);
  });

  it('spends each recovery code once', async () => {
    const { client, username } = await signedIn();
    const { recoveryCodes } = await enrolApp(client);
    const first = new Client();
    await passwordStep(first, username);
    // Typed in capitals and without the dash, as people do.
    expect((await first.post('/api/auth/login/code', { code: recoveryCodes[0]!.replace('-', '').toUpperCase() })).status).toBe(200);
    const again = new Client();
    await passwordStep(again, username);
    expect(await again.post('/api/auth/login/code', { code: recoveryCodes[0]! })).toMatchObject({ status: 401, body: { message: 'Kode pemulihan salah atau sudah dipakai.' } });
    expect((await again.post('/api/auth/login/code', { code: recoveryCodes[1]! })).status).toBe(200);
    expect(dataOf<FactorsSummary>(await again.get('/api/auth/factors')).totp.recoveryCodesLeft).toBe(8);
  });

  it('refuses a code without a pending sign-in, and bad input with a clear message', async () => {
    expect(await new Client().post('/api/auth/login/code', { code: '123456' })).toMatchObject({
      status: 401,
      body: { message: 'Sesi login sudah berakhir. Silakan masukkan username dan password lagi.' },
    });
    const { client, username } = await signedIn();
    await enrolApp(client);
    const browser = new Client();
    await passwordStep(browser, username);
    expect(await browser.post('/api/auth/login/code', { code: '' })).toMatchObject({ status: 400, body: { message: 'Kode wajib diisi.' } });
    expect((await browser.post('/api/auth/login/code', { code: ['123456'] })).status).toBe(400);
    expect((await browser.post('/api/auth/login/code', { code: 'x'.repeat(5000) })).status).toBe(400);
  });
});

describe('passkeys', () => {
  async function addPasskey(client: Client, authenticator: SoftAuthenticator, name?: string, origin = base) {
    const options = dataOf<{ challenge: string; rp: { id: string }; user: { id: string } }>(await client.post('/api/auth/factors/passkeys/options'));
    return client.post<{ id: string; name: string }>('/api/auth/factors/passkeys', { response: authenticator.create(options, origin), ...(name === undefined ? {} : { name }) });
  }

  async function passkeySignIn(client: Client, authenticator: SoftAuthenticator, options: Parameters<SoftAuthenticator['get']>[2] = {}, origin = base) {
    const challenge = dataOf<{ challenge: string; rpId: string; allowCredentials?: unknown[] }>(await client.post('/api/auth/passkey/options'));
    return client.post<SessionUser>('/api/auth/passkey/login', { response: authenticator.get(challenge, origin, options) });
  }

  it('registers several named passkeys, renames and removes them, and emails each new one', async () => {
    const { client, email, userId } = await signedIn();
    const authenticator = new SoftAuthenticator();
    const laptop = await addPasskey(client, authenticator, 'Laptop kantor');
    expect(laptop).toMatchObject({ status: 201, body: { data: { name: 'Laptop kantor' } } });
    const phone = await addPasskey(client, authenticator);
    expect(phone).toMatchObject({ status: 201, body: { data: { name: 'Passkey 2' } } });
    const phoneId = dataOf<{ id: string }>(phone).id;
    expect(dataOf<FactorsSummary>(await client.get('/api/auth/factors')).passkeys.map((key) => key.name)).toEqual(['Laptop kantor', 'Passkey 2']);
    expect((await client.put(`/api/auth/factors/passkeys/${phoneId}`, { name: '  Ponsel\u0007 ' })).body).toMatchObject({ data: { name: 'Ponsel' } });
    expect(await client.put(`/api/auth/factors/passkeys/${phoneId}`, { name: 'x'.repeat(61) })).toMatchObject({ status: 400, body: { message: 'Nama passkey maksimal 60 karakter.' } });
    expect((await client.delete(`/api/auth/factors/passkeys/${phoneId}`)).status).toBe(200);
    expect(dataOf<FactorsSummary>(await client.get('/api/auth/factors')).passkeys.map((key) => key.name)).toEqual(['Laptop kantor']);
    // Someone else's passkey is not found for this user.
    const other = await signedIn();
    const otherKey = dataOf<{ id: string }>(await addPasskey(other.client, new SoftAuthenticator()));
    expect((await client.delete(`/api/auth/factors/passkeys/${otherKey.id}`)).status).toBe(404);
    expect((await client.put(`/api/auth/factors/passkeys/${otherKey.id}`, { name: 'Milik saya' })).status).toBe(404);
    const subjects = await subjectsSentTo(email);
    expect(subjects).toContain('Cara masuk baru ditambahkan: Passkey "Laptop kantor"');
    expect(subjects).toContain('Cara masuk dihapus: Passkey "Ponsel"');
    expect((await auditOf(userId)).filter((entry) => entry.action === 'factor-add')).toHaveLength(2);
  });

  it('signs in with a passkey without a username, and checks its counter', async () => {
    const { client, username } = await signedIn();
    const authenticator = new SoftAuthenticator();
    await addPasskey(client, authenticator, 'Laptop');
    const browser = new Client();
    const options = dataOf<{ allowCredentials?: unknown[] }>(await browser.post('/api/auth/passkey/options'));
    // A discoverable sign-in names no credential: the authenticator offers its own.
    expect(options.allowCredentials ?? []).toEqual([]);
    const signed = await passkeySignIn(browser, authenticator);
    expect(signed.status).toBe(200);
    expect(dataOf<SessionUser>(await browser.get('/api/auth/me')).username).toBe(username);
    expect(dataOf<FactorsSummary>(await browser.get('/api/auth/factors')).passkeys[0]!.lastUsedAt).not.toBeNull();

    // A copy of the key signs with a counter already seen: refused.
    const clone = new Client();
    const cloned = await passkeySignIn(clone, authenticator, { counter: 1 });
    expect(cloned).toMatchObject({ status: 401, body: { message: expect.stringContaining('penghitungnya tidak bertambah') } });
    expect((await clone.get('/api/auth/me')).status).toBe(401);
    expect((await passkeySignIn(new Client(), authenticator)).status).toBe(200);
  });

  it('takes each challenge once', async () => {
    const { client } = await signedIn();
    const authenticator = new SoftAuthenticator();
    await addPasskey(client, authenticator);
    const browser = new Client();
    const options = dataOf<{ challenge: string; rpId: string }>(await browser.post('/api/auth/passkey/options'));
    expect((await browser.post('/api/auth/passkey/login', { response: authenticator.get(options, base) })).status).toBe(200);
    const replayed = await new Client().post('/api/auth/passkey/login', { response: authenticator.get(options, base) });
    expect(replayed).toMatchObject({ status: 400, body: { message: 'Permintaan passkey sudah kedaluwarsa atau sudah dipakai. Silakan coba lagi.' } });
  });

  it('offers Ed25519, P-256 and RSA keys and signs in with each', async () => {
    const { client, username } = await signedIn();
    const options = dataOf<{ pubKeyCredParams: { alg: number }[]; attestation: string; authenticatorSelection: { residentKey: string; userVerification: string } }>(
      await client.post('/api/auth/factors/passkeys/options'),
    );
    expect(options).toMatchObject({ attestation: 'none', authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
    expect(options.pubKeyCredParams.map((param) => param.alg)).toEqual([-8, -7, -257]);
    for (const algorithm of ['Ed25519', 'ES256', 'RS256'] as const) {
      const authenticator = new SoftAuthenticator(algorithm);
      expect(await addPasskey(client, authenticator, algorithm)).toMatchObject({ status: 201 });
      // Several sign-ins: ECDSA signatures vary in length, and the counter grows each time.
      for (let attempt = 0; attempt < 3; attempt++) {
        const browser = new Client();
        expect((await passkeySignIn(browser, authenticator)).status).toBe(200);
        expect(dataOf<SessionUser>(await browser.get('/api/auth/me')).username).toBe(username);
      }
    }
  });

  it('refuses a passkey that did not verify its user, or made for another site', async () => {
    const { client } = await signedIn();
    const presenceOnly = new SoftAuthenticator('ES256', { userVerified: false });
    expect(await addPasskey(client, presenceOnly)).toMatchObject({ status: 400, body: { message: 'Passkey tidak dapat diverifikasi untuk situs ini. Silakan coba lagi.' } });
    const otherSite = new SoftAuthenticator();
    const options = dataOf<{ challenge: string; rp: { id: string }; user: { id: string } }>(await client.post('/api/auth/factors/passkeys/options'));
    const forOtherSite = otherSite.create({ ...options, rp: { id: 'situs-lain.example' } }, base);
    expect(await client.post('/api/auth/factors/passkeys', { response: forOtherSite })).toMatchObject({ status: 400 });
    expect(dataOf<FactorsSummary>(await client.get('/api/auth/factors')).passkeys).toEqual([]);

    const authenticator = new SoftAuthenticator();
    await addPasskey(client, authenticator);
    const browser = new Client();
    const login = dataOf<{ challenge: string; rpId: string }>(await browser.post('/api/auth/passkey/options'));
    const wrongSite = await browser.post('/api/auth/passkey/login', { response: authenticator.get({ ...login, rpId: 'situs-lain.example' }, base) });
    expect(wrongSite).toMatchObject({ status: 401, body: { message: 'Passkey tidak dapat diverifikasi. Silakan coba lagi.' } });
    expect((await browser.get('/api/auth/me')).status).toBe(401);
  });

  it('refuses hostile passkey data with a clear message, not a server error', async () => {
    const { client } = await signedIn();
    const nested = Buffer.alloc(10_000, 0x81).toString('base64url');
    for (const attestationObject of [nested, Buffer.from([0xbf, 0xff]).toString('base64url'), Buffer.from([0x9a, 0xff, 0xff, 0xff, 0xff]).toString('base64url')]) {
      const options = dataOf<{ challenge: string; rp: { id: string }; user: { id: string } }>(await client.post('/api/auth/factors/passkeys/options'));
      const answer = new SoftAuthenticator().create(options, base);
      const hostile = { ...answer, response: { ...answer.response, attestationObject } };
      expect(await client.post('/api/auth/factors/passkeys', { response: hostile })).toMatchObject({ status: 400, body: { message: 'Passkey tidak dapat diverifikasi untuk situs ini. Silakan coba lagi.' } });
    }
    for (const algorithm of ['Ed25519', 'ES256', 'RS256'] as const) {
      const authenticator = new SoftAuthenticator(algorithm);
      await addPasskey(client, authenticator);
      for (const signature of ['', 'AA', Buffer.from([0x30, 0x06, 0x02, 0x01]).toString('base64url')]) {
        const browser = new Client();
        const options = dataOf<{ challenge: string; rpId: string }>(await browser.post('/api/auth/passkey/options'));
        const answer = authenticator.get(options, base);
        const forged = { ...answer, response: { ...answer.response, signature } };
        expect(await browser.post('/api/auth/passkey/login', { response: forged })).toMatchObject({ status: 401, body: { message: 'Passkey tidak dapat diverifikasi. Silakan coba lagi.' } });
      }
    }
  });

  it('refuses a passkey from another origin, when adding it and when signing in', async () => {
    const { client } = await signedIn();
    const authenticator = new SoftAuthenticator();
    const foreign = await addPasskey(client, authenticator, 'Asing', 'https://situs-lain.example');
    expect(foreign).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^Passkey ditolak: passkey ini berasal dari alamat lain \(https:\/\/situs-lain\.example\)/) } });
    expect(dataOf<FactorsSummary>(await client.get('/api/auth/factors')).passkeys).toEqual([]);
    await addPasskey(client, authenticator, 'Asli');
    const browser = new Client();
    const signed = await passkeySignIn(browser, authenticator, {}, 'https://situs-lain.example');
    expect(signed).toMatchObject({ status: 400, body: { message: expect.stringContaining('berasal dari alamat lain') } });
    expect((await browser.get('/api/auth/me')).status).toBe(401);
  });

  it('refuses forged or malformed passkey answers without a server error', async () => {
    const { client } = await signedIn();
    const authenticator = new SoftAuthenticator();
    await addPasskey(client, authenticator);
    const browser = new Client();
    const options = dataOf<{ challenge: string; rpId: string }>(await browser.post('/api/auth/passkey/options'));
    const answer = authenticator.get(options, base);
    const forged = { ...answer, response: { ...answer.response, signature: Buffer.from('palsu').toString('base64url') } };
    expect((await browser.post('/api/auth/passkey/login', { response: forged })).status).toBe(401);
    for (const response of [undefined, 'teks', { id: 'a' }, { ...answer, response: { ...answer.response, clientDataJSON: '!!' } }]) {
      expect(await browser.post('/api/auth/passkey/login', { response })).toMatchObject({ status: 400, body: { message: 'Jawaban passkey tidak dapat dibaca. Silakan coba lagi.' } });
    }
    const stranger = new SoftAuthenticator();
    stranger.create({ challenge: 'x', rp: { id: new URL(base).hostname }, user: { id: 'x' } }, base);
    const unknown = await passkeySignIn(new Client(), stranger);
    expect(unknown).toMatchObject({ status: 401, body: { message: expect.stringContaining('tidak terdaftar') } });
  });

  it('asks a user with only a passkey for it after the password, and only for their own', async () => {
    const { client, username } = await signedIn();
    const own = new SoftAuthenticator();
    await addPasskey(client, own);
    const someoneElse = await signedIn();
    const theirs = new SoftAuthenticator();
    await addPasskey(someoneElse.client, theirs);

    const browser = new Client();
    expect(dataOf<SecondStep>(await passwordStep(browser, username))).toMatchObject({ secondStep: 'verify', methods: ['passkey'] });
    const options = dataOf<{ allowCredentials: { id: string }[] }>(await browser.post('/api/auth/passkey/options'));
    expect(options.allowCredentials.map((credential) => credential.id)).toEqual([Buffer.from(own.credentials[0]!.id).toString('base64url')]);
    expect((await passkeySignIn(browser, theirs)).status).toBe(401);
    expect((await browser.get('/api/auth/me')).status).toBe(401);
    expect((await passkeySignIn(browser, own)).status).toBe(200);
    expect(dataOf<SessionUser>(await browser.get('/api/auth/me')).username).toBe(username);
  });
});

describe('the factor policy', () => {
  it('leads a user of a role that requires a factor through enrolment at sign-in', async () => {
    const { username, userId } = await account({ required: true });
    const browser = new Client();
    const step = dataOf<SecondStep>(await passwordStep(browser, username));
    expect(step).toMatchObject({ secondStep: 'enrol', requiredBy: expect.stringMatching(/^role Peran-.+ mewajibkannya$/) });
    // Only enrolment is open: no session, no other endpoint.
    expect((await browser.get('/api/auth/me')).status).toBe(401);
    expect((await browser.get('/api/auth/factors')).status).toBe(401);
    expect((await browser.post('/api/auth/factors/recovery-codes')).status).toBe(401);
    const setup = dataOf<TotpSetup>(await browser.post('/api/auth/factors/totp/setup'));
    const done = dataOf<EnrolmentDone>(await browser.post('/api/auth/factors/totp/confirm', { code: await codeFor(setup.secret) }));
    expect(done).toMatchObject({ signedIn: true });
    expect(dataOf<SessionUser>(await browser.get('/api/auth/me')).id).toBe(userId);
    // The enrol ticket is spent: it cannot start another enrolment.
    expect((await new Client().post('/api/auth/factors/totp/setup')).status).toBe(401);
  });

  it('enrols the account signing in, not the one whose session the browser still holds', async () => {
    const { client: previous, userId: previousId } = await signedIn();
    const { username, userId } = await account({ required: true });
    const browser = new Client();
    await passwordStep(browser, username);
    browser.cookie = `${previous.cookie}; ${browser.cookie}`;
    const setup = dataOf<TotpSetup>(await browser.post('/api/auth/factors/totp/setup'));
    expect(setup.uri).toContain(encodeURIComponent(username));
    expect(dataOf<EnrolmentDone>(await browser.post('/api/auth/factors/totp/confirm', { code: await codeFor(setup.secret) })).signedIn).toBe(true);
    expect(dataOf<SessionUser>(await browser.get('/api/auth/me')).id).toBe(userId);
    expect(dataOf<FactorsSummary>(await previous.get('/api/auth/factors')).totp.enabled).toBe(false);
    expect(previousId).not.toBe(userId);
  });

  it('refuses to remove the last factor while the role requires one, with the reason', async () => {
    const { username } = await account({ required: true });
    const browser = new Client();
    await passwordStep(browser, username);
    const authenticator = new SoftAuthenticator();
    const options = dataOf<{ challenge: string; rp: { id: string }; user: { id: string } }>(await browser.post('/api/auth/factors/passkeys/options'));
    const added = await browser.post<{ id: string; signedIn: boolean }>('/api/auth/factors/passkeys', { response: authenticator.create(options, base), name: 'Satu-satunya' });
    expect(added).toMatchObject({ status: 201, body: { data: { signedIn: true } } });
    const passkeyId = dataOf<{ id: string }>(added).id;

    const refused = await browser.delete(`/api/auth/factors/passkeys/${passkeyId}`);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: expect.stringMatching(/^Passkey "Satu-satunya" tidak dapat dihapus karena ini satu-satunya cara verifikasi Anda, dan role Peran-.+ mewajibkannya\./) },
    });
    expect(dataOf<FactorsSummary>(await browser.get('/api/auth/factors')).passkeys).toHaveLength(1);
    // With the app added, either may go, but not both.
    await enrolApp(browser);
    expect((await browser.delete('/api/auth/factors/totp')).status).toBe(200);
    await enrolApp(browser);
    expect((await browser.delete(`/api/auth/factors/passkeys/${passkeyId}`)).status).toBe(200);
    expect(await browser.delete('/api/auth/factors/totp')).toMatchObject({ status: 409, body: { message: expect.stringContaining('Aplikasi autentikator tidak dapat dihapus') } });
  });

  it('requires a factor of holders of a permission the admin names, and lets only role editors name them', async () => {
    const { client: editor } = await signedIn({ permissions: ['newsletter.approve', 'newsletter.list'] });
    expect((await editor.put('/api/auth/factor-policy', { permissions: ['newsletter.approve'] })).status).toBe(403);
    expect(await admin.put('/api/auth/factor-policy', { permissions: ['newsletter.terbang'] })).toMatchObject({ status: 400, body: { message: 'Izin tidak dikenal: newsletter.terbang.' } });
    expect((await admin.put('/api/auth/factor-policy', { permissions: 'newsletter.approve' })).status).toBe(400);
    try {
      expect(dataOf(await admin.put('/api/auth/factor-policy', { permissions: ['newsletter.approve'] }))).toEqual({ permissions: ['newsletter.approve'] });
      const sender = await account({ permissions: ['newsletter.approve'] });
      expect(dataOf<SecondStep>(await passwordStep(new Client(), sender.username))).toMatchObject({
        secondStep: 'enrol',
        requiredBy: 'izin newsletter.approve yang Anda miliki mewajibkannya',
      });
      const reader = await account({ permissions: ['newsletter.list'] });
      expect(dataOf<SessionUser>(await passwordStep(new Client(), reader.username)).username).toBe(reader.username);
      expect(dataOf<FactorsSummary>(await editor.get('/api/auth/factors')).requiredBy).toBe('izin newsletter.approve yang Anda miliki mewajibkannya');
    } finally {
      await admin.put('/api/auth/factor-policy', { permissions: [] });
    }
  });

  it('keeps sign-in as it was for users without factors or policy', async () => {
    const { username } = await account();
    const answer = await passwordStep(new Client(), username);
    expect(answer.status).toBe(200);
    expect(dataOf<SessionUser>(answer).username).toBe(username);
  });
});

describe('an admin resetting a colleague who lost every factor', () => {
  it('removes their factors and sessions after the password of the admin, tells them, and logs it', async () => {
    // Their role requires a factor: they set up the app at sign-in.
    const { userId, email, username } = await account({ required: true });
    const client = new Client();
    await passwordStep(client, username);
    const setup = dataOf<TotpSetup>(await client.post('/api/auth/factors/totp/setup'));
    expect(dataOf<EnrolmentDone>(await client.post('/api/auth/factors/totp/confirm', { code: await codeFor(setup.secret) })).signedIn).toBe(true);
    expect((await admin.post(`/api/auth/users/${userId}/factors/reset`, { password: 'salah-sekali' })).status).toBe(403);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect(await admin.post(`/api/auth/users/${userId}/factors/reset`, { password: inject('adminPassword') })).toMatchObject({ status: 200, body: { message: `Semua cara verifikasi ${username} dihapus dan sesinya diakhiri.` } });
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(await subjectsSentTo(email)).toContain('Cara masuk dihapus: Semua passkey dan aplikasi autentikator');
    expect((await auditOf(userId)).some((entry) => entry.action === 'factor-remove' && entry.summary === `${username}: semua cara verifikasi direset`)).toBe(true);
    // At the next sign-in the role's policy leads them through enrolment again.
    expect(dataOf<SecondStep>(await passwordStep(new Client(), username)).secondStep).toBe('enrol');
  });

  it('keeps accounts with more power than the caller out of reach', async () => {
    const superAdmin = await account();
    expect((await admin.put(`/api/user/${superAdmin.userId}`, form({ role: roleId.get('Super Admin')! }))).status).toBe(200);
    const { client } = await signedIn({ permissions: ['user.update', 'user.list'] });
    expect(await client.post(`/api/auth/users/${superAdmin.userId}/factors/reset`, { password: PASSWORD })).toMatchObject({
      status: 403,
      body: { message: 'Anda tidak dapat mengubah akun dengan hak akses yang tidak Anda miliki.' },
    });
    const { client: reader } = await signedIn({ permissions: ['user.list'] });
    expect((await reader.post(`/api/auth/users/${superAdmin.userId}/factors/reset`, { password: PASSWORD })).status).toBe(403);
  });
});
