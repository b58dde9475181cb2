/**
 * The newsletter by email: double opt-in, signed links, one-click unsubscribe, sending an issue
 * in background batches, CSV export and import, and abuse limits. Sent mail is read back from
 * the Email Service binding's local simulation (wrangler dev's Local Explorer lists every
 * message the binding was given).
 */
import { createHmac } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { asAdmin, Client, form, unique } from './client.ts';
import { fileWorker } from './worker.ts';
import { mailbox, sentEmails } from './mail.ts';

const base = fileWorker().url;
type Row = { _id: string; email: string; status: string; source: string };
type Progress = { total: number; sent: number; failed: number; left: number };
type Issue = { _id: string; status: string; progress: Progress };

const linkIn = (text: string, path: string) => {
  const found = text.match(new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?token=[\\w.-]+`));
  if (!found) throw new Error(`no ${path} link in:\n${text}`);
  return found[0];
};

/** A fresh client address for each caller, so the per-address limit only counts our own sign-ups. */
const clientAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const signUp = (email: string, ip = clientAddress(), extra: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  new Client().request('POST', '/api/subscribe', { email, ...extra }, { 'cf-connecting-ip': ip, ...headers });

const open = (url: string, method = 'GET', body?: string) =>
  fetch(url, { method, redirect: 'manual', ...(body !== undefined ? { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}) });

/** Presses the button of the page an email's link opens: a form post to the page's own address. */
const press = (pageUrl: string) => open(pageUrl, 'POST', '');

async function subscriberOf(admin: Client, email: string) {
  const found = await admin.get<Row[]>(`/api/subscribe?page=1&limit=10&search=${encodeURIComponent(email)}`);
  return found.body.success ? found.body.data.find((row) => row.email === email) : undefined;
}

async function confirmedSubscriber(email: string) {
  expect((await signUp(email)).status).toBe(201);
  const [confirmation] = await mailbox(email);
  expect((await press(linkIn(confirmation!.text, '/newsletter/confirm'))).headers.get('location')).toBe('/newsletter/confirmed');
}

const csvImport = (admin: Client, csv: string) => {
  const data = new FormData();
  data.append('file', new File([csv], 'subscribers.csv', { type: 'text/csv' }));
  return admin.post<{ added: number; existing: number; invalid: { line: number; problem: string }[] }>('/api/subscribe/import', data);
};

const runScheduled = (time = Date.now()) => fileWorker().runScheduled(time);

describe('double opt-in', () => {
  it('keeps a sign-up pending until the link in its confirmation email is opened', async () => {
    const tag = unique('konfirmasi');
    const response = await signUp(`  ${tag.toUpperCase()}@Example.COM `);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Terima kasih telah berlangganan! Silakan periksa email Anda.');
    const email = `${tag}@example.com`;
    const admin = await asAdmin();
    expect(await subscriberOf(admin, email)).toMatchObject({ status: 'pending', source: 'website' });

    const [confirmation, ...more] = await mailbox(email);
    expect(more).toHaveLength(0);
    expect(confirmation!.subject).toBe('Konfirmasi langganan newsletter Resik Nusantara');
    expect(confirmation!.from).toBe('"Resik Nusantara" <newsletter@example.org>');
    for (const part of [confirmation!.text, confirmation!.html]) {
      expect(part).toContain('Resik Nusantara');
      expect(part).toContain(base);
      expect(part).toContain('mengonfirmasi alamat email Anda');
    }
    const link = linkIn(confirmation!.text, '/newsletter/confirm');
    expect(link.startsWith(`${base}/newsletter/confirm?token=`)).toBe(true);
    expect(confirmation!.html).toContain(link.replace(/&/g, '&amp;'));

    // Opening the link (as a mail scanner does) only shows the page with the button.
    await open(link);
    expect(await subscriberOf(admin, email)).toMatchObject({ status: 'pending' });
    const pressed = await press(link);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe('/newsletter/confirmed');
    expect(await subscriberOf(admin, email)).toMatchObject({ status: 'active' });
    // Pressing it again still lands on the confirmation page.
    expect((await press(link)).headers.get('location')).toBe('/newsletter/confirmed');

    // An address already subscribed gets exactly the answer a new one gets, and no email.
    const again = await signUp(` ${email.toUpperCase()}`);
    const fresh = await signUp(`${unique('baru')}@example.com`);
    expect(again.status).toBe(201);
    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual(fresh.body);
    expect(again.body.message).toBe('Terima kasih telah berlangganan! Silakan periksa email Anda.');
    expect(await mailbox(email)).toHaveLength(1);
  });

  it('changes nothing when a link is only opened, as mail scanners do, old or new', async () => {
    const admin = await asAdmin();
    const email = `${unique('pemindai')}@example.com`;
    await signUp(email);
    const [confirmation] = await mailbox(email);
    const link = linkIn(confirmation!.text, '/newsletter/confirm');
    const token = new URL(link).searchParams.get('token')!;
    // The address older emails carry answers with the page, token carried on.
    const old = await open(`${base}/api/newsletter/confirm?token=${token}`);
    expect(old.status).toBe(303);
    expect(old.headers.get('location')).toBe(`/newsletter/confirm?token=${token}`);
    for (let i = 0; i < 3; i++) {
      await open(link);
      await open(`${base}/api/newsletter/confirm?token=${token}`);
    }
    expect(await subscriberOf(admin, email)).toMatchObject({ status: 'pending' });
    expect((await press(link)).headers.get('location')).toBe('/newsletter/confirmed');
    expect(await subscriberOf(admin, email)).toMatchObject({ status: 'active' });
  });

  it('re-sends the confirmation of a pending address at most once per 10 minutes', async () => {
    const email = `${unique('ulang')}@example.com`;
    expect((await signUp(email)).status).toBe(201);
    const again = await signUp(email);
    expect(again.status).toBe(201);
    expect(again.body.message).toBe('Terima kasih telah berlangganan! Silakan periksa email Anda.');
    expect(await mailbox(email)).toHaveLength(1);
  });

  it('says when a confirmation link was tampered with or has expired, and changes nothing', async () => {
    const email = `${unique('rusak')}@example.com`;
    await signUp(email);
    const [confirmation] = await mailbox(email);
    const link = linkIn(confirmation!.text, '/newsletter/confirm');
    const token = new URL(link).searchParams.get('token')!;
    const [purpose, id, expires, signature] = token.split('.') as [string, string, string, string];
    const tampered = [
      `${purpose}.${id}.${Number(expires) + 86_400_000}.${signature}`,
      `${purpose}.${id}.${expires}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `unsubscribe.${id}.${expires}.${signature}`,
      'sampah',
    ];
    for (const bad of tampered) {
      const answer = await press(`${base}/newsletter/confirm?token=${encodeURIComponent(bad)}`);
      expect(answer.headers.get('location')).toBe('/newsletter/invalid-link');
    }
    const past = Date.now() - 1000;
    const expiredSignature = createHmac('sha256', inject('newsletterSecret')).update(`confirm.${id}.${past}.${email}`).digest('base64url');
    const expired = await press(`${base}/newsletter/confirm?token=confirm.${id}.${past}.${expiredSignature}`);
    expect(expired.headers.get('location')).toBe('/newsletter/expired-link');
    expect(await subscriberOf(await asAdmin(), email)).toMatchObject({ status: 'pending' });
  });

  it('never fails when the same address signs up several times at the same moment', async () => {
    const email = `${unique('serentak')}@example.com`;
    // Five: the most one address may try within an hour.
    const answers = await Promise.all(Array.from({ length: 5 }, () => signUp(email)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    const admin = await asAdmin();
    const found = await admin.get<Row[]>(`/api/subscribe?page=1&limit=10&search=${encodeURIComponent(email)}`);
    expect(found.body.success && found.body.data).toHaveLength(1);
    expect(await mailbox(email)).toHaveLength(1);
  });
});

describe('sign-up abuse', () => {
  it('limits sign-ups per address and per client address, with a clear message', async () => {
    const email = `${unique('batas')}@example.com`;
    for (let i = 0; i < 5; i++) expect((await signUp(email)).status).toBeLessThan(300);
    const refused = await signUp(email);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Terlalu banyak percobaan pendaftaran\. Silakan coba lagi dalam \d+ menit\.$/);
    // Said in the language of the page the form is on.
    expect((await signUp(email, clientAddress(), { language: 'en' })).body.message).toMatch(/^Too many sign-up attempts\. Please try again in \d+ minutes\.$/);

    const ip = clientAddress();
    const tag = unique('klien');
    for (let i = 0; i < 30; i++) expect((await signUp(`${tag}-${i}@example.com`, ip)).status).toBe(201);
    const blocked = await signUp(`${tag}-lagi@example.com`, ip);
    expect(blocked.status).toBe(429);
    expect(await subscriberOf(await asAdmin(), `${tag}-lagi@example.com`)).toBeUndefined();
    // Another client is not affected.
    expect((await signUp(`${tag}-lain@example.com`)).status).toBe(201);
  });

  it('counts an IPv6 client by its /64 network, and an IPv4-mapped one as its IPv4 address', async () => {
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const tag = unique('enam');
    // Each sign-up from another address of the same /64, written in the forms IPv6 allows.
    for (let i = 0; i < 30; i++) {
      const address = i % 2 ? `${network}:${i.toString(16)}::1` : `${network.toUpperCase()}:0:0:${i.toString(16)}:abcd`;
      expect((await signUp(`${tag}-${i}@example.com`, address)).status).toBe(201);
    }
    const blocked = await signUp(`${tag}-lagi@example.com`, `${network}:ffff:ffff:ffff:ffff`);
    expect(blocked.status).toBe(429);
    expect(await subscriberOf(await asAdmin(), `${tag}-lagi@example.com`)).toBeUndefined();
    // The next /64 is someone else.
    expect((await signUp(`${tag}-tetangga@example.com`, `${network.replace(/[0-9a-f]+$/, (last) => (parseInt(last, 16) ^ 1).toString(16))}::1`)).status).toBe(201);

    const ip = clientAddress();
    for (let i = 0; i < 30; i++) expect((await signUp(`${tag}-v4-${i}@example.com`, i % 2 ? ip : `::ffff:${ip}`)).status).toBe(201);
    expect((await signUp(`${tag}-v4-lagi@example.com`, ip)).status).toBe(429);
  });

  it('mails one address at most 3 confirmations a day, answering as usual', async () => {
    const admin = await asAdmin();
    const email = `${unique('banjir')}@example.com`;
    const answers = [];
    // Staff deleting the pending sign-up lets the next one mail at once (no 10-minute wait).
    for (let i = 0; i < 4; i++) {
      answers.push(await signUp(email));
      const row = await subscriberOf(admin, email);
      expect(row).toMatchObject({ status: 'pending' });
      await admin.delete(`/api/subscribe/${row!._id}`);
    }
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(answers[3]!.body).toEqual(answers[0]!.body);
    expect(await mailbox(email)).toHaveLength(3);
  });

  it('refuses a sign-up another site posts, storing and mailing nothing; our own pages and scripts pass', async () => {
    const tag = unique('asing');
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://sub.evil.example' },
    ];
    for (const [i, headers] of foreign.entries()) {
      const email = `${tag}-${i}@example.com`;
      const answer = await signUp(email, clientAddress(), {}, headers);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toMatch(/asal permintaan tidak dikenali/);
      expect(await subscriberOf(await asAdmin(), email)).toBeUndefined();
      expect(await mailbox(email)).toHaveLength(0);
    }
    // A form posted from another site, as a browser sends it (no JavaScript involved).
    const formEmail = `${tag}-form@example.com`;
    const posted = await fetch(`${base}/api/subscribe`, {
      method: 'POST',
      redirect: 'manual',
      body: `email=${encodeURIComponent(formEmail)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'cf-connecting-ip': clientAddress() },
    });
    expect(posted.status).toBe(403);
    // A client that names the page it came from only in Referer.
    const referred = await fetch(`${base}/api/subscribe`, {
      method: 'POST',
      redirect: 'manual',
      body: `email=${encodeURIComponent(formEmail)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'https://evil.example/page', 'cf-connecting-ip': clientAddress() },
    });
    expect(referred.status).toBe(403);
    expect(await subscriberOf(await asAdmin(), formEmail)).toBeUndefined();
    expect(await mailbox(formEmail)).toHaveLength(0);

    const ours = await signUp(`${tag}-kami@example.com`, clientAddress(), {}, { origin: base, 'sec-fetch-site': 'same-origin' });
    expect(ours.status).toBe(201);
    expect(await mailbox(`${tag}-kami@example.com`)).toHaveLength(1);
  });

  it('drops a bot that fills the hidden field, answering as if it worked', async () => {
    const email = `${unique('robot')}@example.com`;
    const answer = await signUp(email, clientAddress(), { homepage: 'https://spam.example' });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Terima kasih telah berlangganan! Silakan periksa email Anda.');
    expect(await subscriberOf(await asAdmin(), email)).toBeUndefined();
    expect(await mailbox(email)).toHaveLength(0);
  });

  it('refuses an address that is too long or could break mail headers', async () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
    expect(long.length).toBeGreaterThan(254);
    const tooLong = await signUp(long);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Alamat email ini terlalu panjang (maksimal 254 karakter).');
    expect((await signUp(long, clientAddress(), { language: 'en' })).body.message).toBe('This email address is too long (at most 254 characters).');
    for (const sneaky of ['korban@example.com\r\nBcc: semua@example.com', 'a@example.com,b@example.com', 'Nama <a@example.com>']) {
      const answer = await signUp(sneaky, clientAddress(), { language: 'en' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('This email address contains characters that are not allowed.');
    }
    expect((await signUp('Nama <a@example.com>')).body.message).toBe('Alamat email ini memuat karakter yang tidak diizinkan.');
  });
});

describe('sign-up without JavaScript', () => {
  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${base}/api/subscribe`, { method: 'POST', redirect: 'manual', body, headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': clientAddress(), ...headers } });

  it('goes back to the page it came from with the outcome, never to raw JSON', async () => {
    const email = `${unique('tanpa-js')}@example.com`;
    const done = await post(`email=${encodeURIComponent(email)}`, { referer: `${base}/about-us?x=1` });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/about-us?x=1&newsletter=ok#newsletter-ok');
    const invalid = await post('email=bukan-email', { referer: `${base}/` });
    expect(invalid.headers.get('location')).toBe('/?newsletter=invalid#newsletter-invalid');
    // A browser's own form post from our page names our origin.
    const browser = await post(`email=${encodeURIComponent(`${unique('peramban')}@example.com`)}`, { origin: base, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', referer: `${base}/our-impact` });
    expect(browser.headers.get('location')).toBe('/our-impact?newsletter=ok#newsletter-ok');
    // An address already subscribed goes back exactly as a new one does.
    const confirmed = `${unique('sudah')}@example.com`;
    await confirmedSubscriber(confirmed);
    const duplicate = await post(`email=${encodeURIComponent(confirmed)}`, { referer: `${base}/vision` });
    expect(duplicate.headers.get('location')).toBe('/vision?newsletter=ok#newsletter-ok');
    // A script asking for JSON still gets JSON.
    const json = await post(`email=${encodeURIComponent(`${unique('json')}@example.com`)}`, { accept: 'application/json' });
    expect(json.status).toBe(201);
    expect(await json.json()).toMatchObject({ success: true });
  });
});

describe('sending an issue', () => {
  it('delivers to every active subscriber exactly once, in batches that can stop and resume, and to nobody else', async () => {
    const admin = await asAdmin();
    const tag = unique('kirim');
    const actives = Array.from({ length: 40 }, (_, i) => `${tag}-${i}@example.com`);
    const imported = await csvImport(admin, `email\n${actives.join('\n')}\n`);
    expect(imported.body.success && imported.body.data).toMatchObject({ added: 40, existing: 0, invalid: [] });
    const pending = `${tag}-menunggu@example.com`;
    await signUp(pending);
    const leaving = `${tag}-pergi@example.com`;
    await csvImport(admin, `email,status\n${leaving},unsubscribed\n`);

    const activeCount = await admin.get<Row[]>('/api/subscribe?page=1&limit=1&status=active');
    const expected = activeCount.body.success ? activeCount.body.pagination!.total : 0;
    const subject = `Kabar ${tag}`;
    const created = await admin.post<Issue>('/api/newsletter/issues', { subject, body: '<p>Halo <strong>semua</strong>, <a href="https://contoh.org/x">baca ini</a>.</p>', articles: [] });
    expect(created.status).toBe(201);
    const id = created.body.success ? created.body.data._id : '';
    const started = await admin.post<Issue>(`/api/newsletter/issues/${id}/send`);
    expect(started.status).toBe(202);
    expect(started.body.success && started.body.data.progress).toEqual({ total: expected, sent: 0, failed: 0, left: expected });
    expect((await admin.post(`/api/newsletter/issues/${id}/send`)).status).toBe(409);

    // One run sends one batch (25 here), then stops: the rest waits for the next run.
    await runScheduled();
    const half = await admin.get<Issue>(`/api/newsletter/issues/${id}`);
    expect(half.body.success && half.body.data.progress).toEqual({ total: expected, sent: Math.min(25, expected), failed: 0, left: Math.max(0, expected - 25) });
    // Two runs at the same moment never take the same recipients.
    for (let run = 0; run < 200; run++) {
      const now = await admin.get<Issue>(`/api/newsletter/issues/${id}`);
      if (now.body.success && now.body.data.status === 'sent') break;
      await Promise.all([runScheduled(), runScheduled()]);
    }
    const done = await admin.get<Issue>(`/api/newsletter/issues/${id}`);
    expect(done.body.success && done.body.data.progress).toEqual({ total: expected, sent: expected, failed: 0, left: 0 });

    const delivered = (await sentEmails()).filter((email) => email.subject === subject);
    expect(delivered).toHaveLength(expected);
    const recipients = delivered.map((email) => email.to[0]);
    expect(new Set(recipients).size).toBe(expected);
    for (const address of actives) expect(recipients.filter((to) => to === address)).toHaveLength(1);
    expect(recipients).not.toContain(pending);
    expect(recipients).not.toContain(leaving);

    const [one] = (await mailbox(actives[0]!)).filter((email) => email.subject === subject);
    expect(one!.text).toContain('Halo semua, baca ini (https://contoh.org/x).');
    expect(one!.html).toContain('<strong>semua</strong>');
    for (const part of [one!.text, one!.html]) {
      expect(part).toContain('Resik Nusantara');
      expect(part).toContain(`${base}/newsletter/unsubscribe?token=`);
    }
    const list = await admin.get<Issue[]>('/api/newsletter/issues');
    expect(list.body.success && list.body.data.find((issue) => issue._id === id)).toMatchObject({ status: 'sent', progress: { sent: expected } });
  });

  it('unsubscribes in one click by POST or by opening the link, and ignores a tampered link', async () => {
    const admin = await asAdmin();
    const byPost = `${unique('satu-klik')}@example.com`;
    const byLink = `${unique('tautan')}@example.com`;
    await csvImport(admin, `email\n${byPost}\n${byLink}\n`);
    const subject = `Edisi ${unique('berhenti')}`;
    const created = await admin.post<Issue>('/api/newsletter/issues', { subject, body: '<p>Isi</p>' });
    const id = created.body.success ? created.body.data._id : '';
    await admin.post(`/api/newsletter/issues/${id}/send`);
    for (let i = 0; i < 100; i++) {
      const issue = await admin.get<Issue>(`/api/newsletter/issues/${id}`);
      if (issue.body.success && issue.body.data.status === 'sent') break;
      await runScheduled();
    }
    const [postEmail] = (await mailbox(byPost)).filter((email) => email.subject === subject);
    const [linkEmail] = (await mailbox(byLink)).filter((email) => email.subject === subject);
    const header = postEmail!.headers['List-Unsubscribe']!;
    expect(header).toMatch(new RegExp(`^<${base}/api/newsletter/unsubscribe\\?token=[\\w.-]+>$`));
    const url = header.slice(1, -1);
    expect(postEmail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const tampered = url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await open(tampered, 'POST', 'List-Unsubscribe=One-Click')).status).toBe(400);
    expect(await subscriberOf(admin, byPost)).toMatchObject({ status: 'active' });
    // A mail scanner opening the header's address changes nothing.
    expect((await open(url)).headers.get('location')).toMatch(/^\/newsletter\/unsubscribe\?token=/);
    expect(await subscriberOf(admin, byPost)).toMatchObject({ status: 'active' });

    // The mail program's one-click POST: no cookie, no CSRF token.
    const oneClick = await open(url, 'POST', 'List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    expect(await subscriberOf(admin, byPost)).toMatchObject({ status: 'unsubscribed' });

    // The footer's link opens a page; only its button unsubscribes.
    const page = linkIn(linkEmail!.text, '/newsletter/unsubscribe');
    expect(page.startsWith(`${base}/newsletter/unsubscribe?token=`)).toBe(true);
    await open(page);
    expect(await subscriberOf(admin, byLink)).toMatchObject({ status: 'active' });
    expect((await press(page.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).headers.get('location')).toBe('/newsletter/invalid-link');
    const pressed = await press(page);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe('/newsletter/unsubscribed');
    expect(await subscriberOf(admin, byLink)).toMatchObject({ status: 'unsubscribed' });
  });

  it('tells a writer who may not list subscribers how many active ones an issue reaches', async () => {
    const admin = await asAdmin();
    const permissions = await admin.get<{ _id: string; name: string }[]>('/api/role/permissions/list');
    const ids = permissions.body.success ? permissions.body.data.filter((p) => ['newsletter.read', 'newsletter.create'].includes(p.name)).map((p) => p._id) : [];
    const role = await admin.post<{ _id: string }>('/api/role', form({ name: unique('Penulis Newsletter'), permissions: ids }));
    const username = unique('penulis');
    await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Penulis', role: role.body.success ? role.body.data._id : '' }));
    const writer = new Client();
    await writer.login(username, 'rahasia-123');
    const active = await admin.get('/api/subscribe?page=1&limit=1&status=active');
    expect((await writer.get('/api/subscribe?page=1&limit=1&status=active')).status).toBe(403);
    const audience = await writer.get<{ active: number }>('/api/newsletter/audience');
    expect(audience.body.success && audience.body.data.active).toBe(active.body.success && active.body.pagination?.total);
    expect((await new Client().get('/api/newsletter/audience')).status).toBe(401);
  });

  it('previews an issue, sends a test to the staff member, and keeps visitors out', async () => {
    const admin = await asAdmin();
    const subject = `Pratinjau ${unique('uji')}`;
    const preview = await admin.post<{ html: string; text: string }>('/api/newsletter/preview', { subject, body: '<h2>Judul</h2><p>Paragraf</p>' });
    expect(preview.body.success && preview.body.data.html).toContain('<h2>Judul</h2>');
    expect(preview.body.success && preview.body.data.text).toContain('Judul\nParagraf');
    const created = await admin.post<Issue>('/api/newsletter/issues', { subject, body: '<p>Uji</p>' });
    const id = created.body.success ? created.body.data._id : '';
    const test = await admin.post(`/api/newsletter/issues/${id}/test`);
    expect(test.body.message).toBe('Email tes dikirim ke admin@example.org.');
    expect((await mailbox('admin@example.org')).some((email) => email.subject === `[Tes] ${subject}`)).toBe(true);
    expect((await admin.post<Issue>('/api/newsletter/issues', { subject: ' ' })).body.message).toBe('Subjek wajib diisi.');

    const visitor = new Client();
    expect((await visitor.get('/api/newsletter/issues')).status).toBe(401);
    expect((await visitor.post(`/api/newsletter/issues/${id}/send`)).status).toBe(401);
    expect((await fetch(`${base}/api/subscribe/export`)).status).toBe(401);
  });
});

describe('pictures in emails', () => {
  it('never embeds a stored original, an SVG or an outside picture: without the build\'s email copy a picture is left out', async () => {
    const admin = await asAdmin();
    const found = await admin.get<{ _id: string; title: string; image: string }[]>(`/api/vision?search=${encodeURIComponent('Ekonomi Sirkular')}`);
    const article = found.body.success ? found.body.data.find((row) => row.title === 'Ekonomi Sirkular Dimulai dari Rumah') : undefined;
    expect(article?.image).toMatch(/\.svg$/);
    const body = `<p>Foto:</p><p><img src="${article!.image}" alt="Asli"></p><p><img src="https://elsewhere.example/besar.jpg" alt="Luar"></p>`;
    const preview = await admin.post<{ html: string }>('/api/newsletter/preview', { subject: 'Gambar', body, articles: JSON.stringify([{ kind: 'vision', id: article!._id }]) });
    const html = preview.body.success ? preview.body.data.html : '';
    expect(html).toContain('Ekonomi Sirkular Dimulai dari Rumah');
    expect(html).toContain('<p>Foto:</p>');
    // This worker has no built site: no copies, so no pictures at all.
    expect(html).not.toMatch(/<img\b/i);
    expect(html).not.toContain('.svg');
    expect(html).not.toContain('elsewhere.example/besar.jpg');
  });
});

describe('mail headers', () => {
  it('keeps a subject on one line, so it cannot add headers such as Bcc', async () => {
    const admin = await asAdmin();
    const tag = unique('baris');
    const created = await admin.post<Issue & { subject: string }>('/api/newsletter/issues', { subject: `Kabar ${tag}\r\nBcc: semua@example.com\nX-Jahat: 1`, body: '<p>Isi</p>' });
    expect(created.status).toBe(201);
    const stored = created.body.success ? created.body.data : null;
    expect(stored!.subject).toBe(`Kabar ${tag} Bcc: semua@example.com X-Jahat: 1`);
    const preview = await admin.post<{ subject: string }>('/api/newsletter/preview', { subject: `Pratinjau ${tag}\r\nBcc: semua@example.com`, body: '' });
    expect(preview.body.success && preview.body.data.subject).toBe(`Pratinjau ${tag} Bcc: semua@example.com`);
    await admin.post(`/api/newsletter/issues/${stored!._id}/test`);
    const [test] = (await mailbox('admin@example.org')).filter((email) => email.subject.includes(tag));
    expect(test!.subject).toBe(`[Tes] Kabar ${tag} Bcc: semua@example.com X-Jahat: 1`);
    expect(Object.keys(test!.headers).map((name) => name.toLowerCase())).not.toContain('x-jahat');
  });

  it('accepts only an absolute https site address (http only on this machine), which the links are built from', async () => {
    const admin = await asAdmin();
    const refused = [
      'http://resik.example',
      'javascript:alert(1)',
      'resik.example',
      '//resik.example',
      'https://resik.example/situs',
      'https://resik.example/?x=1',
      'https://resik.example/#a',
      'https://nama:sandi@resik.example',
      'https://resik.example\r\nBcc: semua@example.com',
      'https:// resik.example',
    ];
    for (const siteUrl of refused) {
      const answer = await admin.put('/api/settings', { siteUrl });
      expect(answer.status, siteUrl).toBe(400);
      expect(answer.body.message).toBe('Alamat situs harus berupa alamat https lengkap tanpa path, contoh: https://contoh.org (http hanya untuk localhost atau 127.0.0.1).');
    }
    for (const [given, stored] of [
      ['https://resik.example/', 'https://resik.example'],
      ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
      ['http://localhost:4321/', 'http://localhost:4321'],
    ]) {
      const answer = await admin.put<{ siteUrl: string }>('/api/settings', { siteUrl: given });
      expect(answer.status).toBe(200);
      expect(answer.body.success && answer.body.data.siteUrl).toBe(stored);
    }
    // The links of a sign-up's email use it.
    await admin.put('/api/settings', { siteUrl: 'https://resik.example' });
    try {
      const email = `${unique('alamat')}@example.com`;
      await signUp(email);
      const [confirmation] = await mailbox(email);
      expect(confirmation!.text).toMatch(/https:\/\/resik\.example\/newsletter\/confirm\?token=/);
    } finally {
      expect((await admin.put('/api/settings', { siteUrl: '' })).status).toBe(200);
    }
  });
});

describe('CSV export and import', () => {
  it('exports what the screen shows, imports it back with dedupe and a summary', async () => {
    const admin = await asAdmin();
    const tag = unique('csv');
    const addresses = Array.from({ length: 5 }, (_, i) => `${tag}-${i}@example.com`);
    const first = await csvImport(
      admin,
      `Nama,Email,Status\r\nSatu,${addresses[0]},active\r\nDua,${addresses[1]!.toUpperCase()},\r\nTiga,${addresses[2]},unsubscribed\r\nEmpat,${addresses[3]},active\r\nLima,${addresses[4]},active\r\nUlang,${addresses[0]},active\r\nSalah,bukan-email,active\r\nAneh,${tag}-x@example.com,hilang\r\n`,
    );
    expect(first.body.success && first.body.data).toMatchObject({ added: 5, existing: 1 });
    expect(first.body.success && first.body.data.invalid.map((line) => line.line)).toEqual([8, 9]);
    expect(first.body.message).toBe('Import selesai: 5 ditambahkan, 1 sudah ada, 2 baris tidak valid.');

    // A cell that a spreadsheet would run as a formula is defused.
    const fourth = await subscriberOf(admin, addresses[3]!);
    await admin.put(`/api/subscribe/${fourth!._id}`, { source: '=HYPERLINK("https://jahat.example")' });

    const exported = await fetch(`${base}/api/subscribe/export?search=${encodeURIComponent(tag)}&status=active`, { headers: { cookie: admin.cookie } });
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await exported.text();
    const lines = csv.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('email,status,source,subscribedAt,createdAt');
    expect(lines.slice(1).map((line) => line.slice(0, line.indexOf(','))).sort()).toEqual(addresses.filter((_, i) => i !== 2).sort());
    expect(csv).toContain(`${addresses[3]},active,"'=HYPERLINK(""https://jahat.example"")"`);

    // Round trip: two removed, the exported file brings back exactly those two.
    for (const address of [addresses[0]!, addresses[4]!]) await admin.delete(`/api/subscribe/${(await subscriberOf(admin, address))!._id}`);
    const back = await csvImport(admin, csv);
    expect(back.body.success && back.body.data).toMatchObject({ added: 2, existing: 2, invalid: [] });
    expect(await subscriberOf(admin, addresses[0]!)).toMatchObject({ status: 'active', source: 'import' });

    // A sheet's own source and status words (Indonesian too) are kept; the formula guard of an export is taken off.
    const own = await csvImport(admin, `email,status,source\r\n${tag}-bazar@example.com,Aktif,Bazar Hijau 2026\r\n${tag}-lama@example.com,berhenti,'=Formulir lama\r\n`);
    expect(own.body.success && own.body.data).toMatchObject({ added: 2, invalid: [] });
    expect(await subscriberOf(admin, `${tag}-bazar@example.com`)).toMatchObject({ status: 'active', source: 'Bazar Hijau 2026' });
    expect(await subscriberOf(admin, `${tag}-lama@example.com`)).toMatchObject({ status: 'unsubscribed', source: '=Formulir lama' });

    const visitor = new Client();
    expect((await csvImport(visitor, `email\n${tag}-tamu@example.com\n`)).status).toBe(401);
  });

  it('needs subscribe.export, subscribe.import and newsletter.approve, which a reader of the list does not have', async () => {
    const admin = await asAdmin();
    const permissions = await admin.get<{ _id: string; name: string }[]>('/api/role/permissions/list');
    const byName = new Map(permissions.body.success ? permissions.body.data.map((p) => [p.name, p._id]) : []);
    expect(['subscribe.export', 'subscribe.import', 'newsletter.create', 'newsletter.approve'].every((name) => byName.has(name))).toBe(true);
    const role = await admin.post<{ _id: string }>('/api/role', form({ name: unique('Pembaca Daftar'), permissions: [byName.get('subscribe.list')!, byName.get('newsletter.create')!] }));
    const username = unique('pembaca');
    await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Pembaca', role: role.body.success ? role.body.data._id : '' }));
    const reader = new Client();
    await reader.login(username, 'rahasia-123');
    expect((await reader.get('/api/subscribe?page=1')).status).toBe(200);
    const exported = await fetch(`${base}/api/subscribe/export`, { headers: { cookie: reader.cookie } });
    expect(exported.status).toBe(403);
    expect((await exported.json<{ message: string }>()).message).toBe('Anda tidak memiliki izin untuk melakukan aksi ini.');
    expect((await csvImport(reader, 'email\nx@example.com\n')).status).toBe(403);
    const draft = await reader.post<Issue>('/api/newsletter/issues', { subject: 'Draf pembaca' });
    expect(draft.status).toBe(201);
    expect((await reader.post(`/api/newsletter/issues/${draft.body.success ? draft.body.data._id : ''}/send`)).status).toBe(403);
  });
});

// Last in the file: it moves the clock 31 days ahead, which removes every older pending sign-up.
describe('clean-up', () => {
  it('removes sign-ups left unconfirmed for 30 days, and nobody else', async () => {
    const waiting = `${unique('lupa')}@example.com`;
    await signUp(waiting);
    const confirmed = `${unique('setia')}@example.com`;
    await confirmedSubscriber(confirmed);
    const day = 24 * 60 * 60_000;
    // Sign in after each run: at those times today's sessions have expired and are cleared.
    await runScheduled(Date.now() + 29 * day);
    expect(await subscriberOf(await asAdmin(), waiting)).toMatchObject({ status: 'pending' });
    await runScheduled(Date.now() + 31 * day);
    const admin = await asAdmin();
    expect(await subscriberOf(admin, waiting)).toBeUndefined();
    expect(await subscriberOf(admin, confirmed)).toMatchObject({ status: 'active' });
    // A pending address staff added (never mailed a confirmation) stays.
    const pending = await admin.get<Row[]>('/api/subscribe?page=1&limit=50&status=pending&search=maya%40example.com');
    expect(pending.body.success && pending.body.data.map((row) => row.email)).toContain('maya@example.com');
  });
});
