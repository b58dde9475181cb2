/**
 * The Kolaborasi inquiry form, the staff inbox and personal data: the form's spam rules and bad
 * input, staff emails (one per inquiry or a daily digest), replies kept in the thread, the
 * inbox's permissions, retention, and export and erasure of one email address.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CONSENT_TEXTS,
  INQUIRY_MESSAGES,
  INQUIRY_SPAM_RULES,
  INQUIRY_TEXTS,
  NEWSLETTER_CONSENT_TEXT,
  type ErasureSummary,
  type InquiryDetail,
  type InquiryFormConfig,
  type InquirySummary,
  type PersonalDataExport,
} from '../src/contract/inquiry.ts';
import { asAdmin, Client, form, unique, type Row } from './client.ts';
import { mailbox } from './mail.ts';
import { fileWorker, TestWorker } from './worker.ts';


const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The page stamp the worker would have put in the form `ageMs` ago, signed with the test worker's secret. */
const stamp = (ageMs = 10_000) => {
  const issued = Date.now() - ageMs;
  return `${issued}.${createHmac('sha256', inject('newsletterSecret')).update(`inquiry-form.${issued}`).digest('base64url')}`;
};

const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>';

const inquiryFields = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sari Wulandari',
  email: `${unique('mitra')}@example.org`,
  organisation: 'Universitas Hijau',
  topic: 'Riset dan data',
  message: 'Kami ingin meneliti data sampah bersama.',
  consent: true,
  language: 'id',
  sourcePage: '/kolaborasi',
  startedAt: stamp(),
  website: '',
  ...overrides,
});

/** A visitor on a client address of their own. */
const visitor = () => new Client();
const send = (fields: Record<string, unknown>, client = visitor()) => client.request<null>('POST', '/api/inquiries', fields);

let admin: Client;
let staffInbox: string;
beforeAll(async () => {
  admin = await asAdmin();
  staffInbox = `${unique('staf')}@example.org`;
  const saved = await admin.put('/api/settings', { inquiryRecipients: staffInbox, inquiryNotify: 'each' });
  if (saved.status !== 200) throw new Error(`staff recipients not saved: ${JSON.stringify(saved.body)}`);
});

async function inboxFind(email: string) {
  const found = await admin.get<InquirySummary[]>(`/api/inquiries?search=${encodeURIComponent(email)}`);
  expect(found.status).toBe(200);
  return found.body.success ? found.body.data : [];
}

async function storedInquiry(email: string) {
  const [summary] = await inboxFind(email);
  expect(summary).toBeDefined();
  const detail = await admin.get<InquiryDetail>(`/api/inquiries/${summary!._id}`);
  return detail.body.success ? detail.body.data : (undefined as never);
}

/** Runs the minute jobs at `time`; a time far ahead ends every session, so staff sign in again. */
async function runScheduledAt(time: number) {
  await fileWorker().runScheduled(time);
  admin = await asAdmin();
}

let permissionId: Map<string, string> | undefined;
/** A new account holding only these permissions, signed in. */
async function staffWith(...names: string[]) {
  if (!permissionId) {
    const list = await admin.get<Row[]>('/api/role/permissions/list');
    permissionId = new Map(list.body.success ? list.body.data.map((p) => [String(p.name), p._id]) : []);
  }
  const role = await admin.post<Row>('/api/role', form({ name: unique('Peran'), permissions: names.map((name) => permissionId!.get(name)!) }));
  expect(role.status).toBe(201);
  const username = unique('staf');
  const created = await admin.post<Row>('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: `Staf ${username}`, role: role.body.success ? role.body.data._id : '' }));
  expect(created.status).toBe(201);
  const client = new Client();
  await client.login(username, 'rahasia-123');
  return { client, id: created.body.success ? created.body.data._id : '' };
}

describe('the form', () => {
  it('offers the topics, the intro and the consent text from the settings, without Turnstile locally', async () => {
    const saved = await admin.put('/api/settings', { collaborateIntro: 'Mari bekerja sama.', inquiryTopics: 'Riset dan data\n  Kemitraan program \n\nLainnya' });
    expect(saved.status).toBe(200);
    const config = await visitor().get<InquiryFormConfig>('/api/inquiries/form');
    expect(config.body.success && config.body.data).toEqual({
      title: 'Mari Berkolaborasi',
      intro: 'Mari bekerja sama.',
      topics: ['Riset dan data', 'Kemitraan program', 'Lainnya'],
      consentText: CONSENT_TEXTS.id,
      turnstileSiteKey: '',
    });
    // The staff addresses that get the emails are not public.
    const settings = await visitor().get<Record<string, string>>('/api/settings');
    expect(settings.body.success && settings.body.data.inquiryRecipients).toBe('');
  });

  it('stores an inquiry with its consent record and emails staff at once', async () => {
    const fields = inquiryFields({ language: 'en' });
    const sent = await send(fields);
    expect(sent.status).toBe(201);
    // Sent from the English page: thanked in English.
    expect(sent.body.message).toBe(INQUIRY_TEXTS.en.sent);
    const stored = await storedInquiry(String(fields.email));
    expect(stored).toMatchObject({
      name: 'Sari Wulandari',
      organisation: 'Universitas Hijau',
      topic: 'Riset dan data',
      message: 'Kami ingin meneliti data sampah bersama.',
      status: 'new',
      consentText: CONSENT_TEXTS.en,
      sourcePage: '/kolaborasi',
      language: 'en',
      replies: [],
    });
    expect(Math.abs(Date.parse(stored.consentedAt) - Date.now())).toBeLessThan(60_000);
    const emails = (await mailbox(staffInbox)).filter((email) => email.text.includes(String(fields.email)));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Pesan kolaborasi baru: Riset dan data');
    expect(emails[0]!.text).toContain(`/admin/inquiries/${stored._id}`);
  });

  it('answers a bot that fills the hidden field as if it worked, and keeps nothing', async () => {
    const fields = inquiryFields({ website: 'https://spam.example' });
    const sent = await send(fields);
    expect(sent.status).toBe(201);
    expect(await inboxFind(String(fields.email))).toEqual([]);
  });

  it(`refuses a form sent within ${INQUIRY_SPAM_RULES.minFillSeconds} seconds, or with a missing, forged or day-old stamp`, async () => {
    const tooFast = await send(inquiryFields({ startedAt: stamp(500) }));
    expect(tooFast.status).toBe(400);
    expect(tooFast.body).toMatchObject({ code: 'TOO_FAST', message: INQUIRY_MESSAGES.tooFast });
    for (const startedAt of [undefined, 'abc', `${Date.now() - 10_000}.forged`, stamp(INQUIRY_SPAM_RULES.formValidHours * HOUR + 60_000)]) {
      const refused = await send(inquiryFields({ startedAt }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'FORM_EXPIRED', message: INQUIRY_MESSAGES.expired });
    }
    // The island gets a fresh stamp when its page's has grown old.
    const fresh = await visitor().get<{ startedAt: string }>('/api/inquiries/start');
    expect(fresh.body.success && fresh.body.data.startedAt).toMatch(/^\d+\.[\w-]+$/);
  });

  it('refuses bad input with a clear Indonesian message naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'bukan-email' }, 'email', INQUIRY_MESSAGES.emailInvalid],
      [{ email: 'a@b.org\r\nBcc: x@y.org' }, 'email', INQUIRY_MESSAGES.emailInvalid],
      [{ consent: false }, 'consent', INQUIRY_MESSAGES.consentRequired],
      [{ consent: undefined }, 'consent', INQUIRY_MESSAGES.consentRequired],
      [{ name: '   ' }, 'name', INQUIRY_MESSAGES.nameRequired],
      [{ name: 'n'.repeat(121) }, 'name', INQUIRY_MESSAGES.nameTooLong],
      [{ topic: 'Topik karangan' }, 'topic', INQUIRY_MESSAGES.topicInvalid],
      [{ message: '' }, 'message', INQUIRY_MESSAGES.messageRequired],
      // A 1 MB message is read and refused, so the page can hand it back to be shortened.
      [{ message: 'x'.repeat(1024 * 1024) }, 'message', INQUIRY_MESSAGES.messageTooLong],
    ];
    for (const [overrides, field, message] of cases) {
      const refused = await send(inquiryFields(overrides));
      expect(refused.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', message, details: { field } });
    }
    const huge = await send(inquiryFields({ message: 'x'.repeat(3 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ message: INQUIRY_MESSAGES.tooLarge });
  });

  it('refuses bad input from the English page in English, a body too large to read included', async () => {
    const english = (overrides: Record<string, unknown>) => inquiryFields({ language: 'en', topic: 'Research and data', ...overrides });
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, INQUIRY_TEXTS.en.emailInvalid],
      [{ consent: false }, INQUIRY_TEXTS.en.consentRequired],
      [{ topic: 'Made-up topic' }, INQUIRY_TEXTS.en.topicInvalid],
      [{ startedAt: stamp(500) }, INQUIRY_TEXTS.en.tooFast],
    ];
    for (const [overrides, message] of cases) {
      const refused = await send(english(overrides));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    // The island names its page's language in the address too.
    const huge = await visitor().request<null>('POST', '/api/inquiries?locale=en', english({ message: 'x'.repeat(3 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe(INQUIRY_TEXTS.en.tooLarge);
  });

  it('keeps HTML and script in every field as plain text, and escapes it in the staff email', async () => {
    await admin.put('/api/settings', { inquiryTopics: `Riset dan data\n${HOSTILE}` });
    const email = `${unique('skrip')}@example.org`;
    const sent = await send(inquiryFields({ email, name: HOSTILE, organisation: HOSTILE, topic: HOSTILE, message: `${HOSTILE}\n<b>tebal</b>`, sourcePage: 'javascript:alert(1)' }));
    expect(sent.status).toBe(201);
    const stored = await storedInquiry(email);
    expect(stored).toMatchObject({ name: HOSTILE, organisation: HOSTILE, topic: HOSTILE, message: `${HOSTILE}\n<b>tebal</b>`, sourcePage: '/kolaborasi' });
    const [notice] = (await mailbox(staffInbox)).filter((message) => message.text.includes(email));
    expect(notice!.html).not.toContain('<script>');
    expect(notice!.html).not.toContain('<img src=x');
    expect(notice!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    await admin.put('/api/settings', { inquiryTopics: 'Riset dan data\nKemitraan program\nLainnya' });
  });

  // A hundred posts one after another: about 30 s on a loaded two-core machine.
  it(`accepts ${INQUIRY_SPAM_RULES.perClientPerHour} inquiries an hour from one client and refuses the rest of 100`, { timeout: 120_000 }, async () => {
    const client = visitor();
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push((await send(inquiryFields({ email: `banjir-${i}@example.org` }), client)).status);
    expect(answers.filter((status) => status === 201)).toHaveLength(INQUIRY_SPAM_RULES.perClientPerHour);
    expect(answers.slice(INQUIRY_SPAM_RULES.perClientPerHour).every((status) => status === 429)).toBe(true);
    const refused = await send(inquiryFields(), client);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.body.message).toMatch(/^Terlalu banyak pesan dari jaringan Anda\. Silakan coba lagi dalam \d+ menit\.$/);
    // Another client is not affected.
    expect((await send(inquiryFields())).status).toBe(201);
  });
});

describe('staff emails', () => {
  it('sends one digest a day at 08:00 WIB instead of an email per inquiry, when chosen', async () => {
    const digestInbox = `${unique('ringkasan')}@example.org`;
    await admin.put('/api/settings', { inquiryNotify: 'digest', inquiryRecipients: digestInbox });
    const first = inquiryFields();
    const second = inquiryFields({ name: 'Budi', topic: 'Lainnya' });
    expect((await send(first)).status).toBe(201);
    expect((await send(second)).status).toBe(201);
    expect(await mailbox(digestInbox)).toHaveLength(0);

    // 07:30 WIB today (00:30 UTC): too early. 08:05 WIB: the digest. Later the same day: nothing more.
    const today = new Date();
    const at = (utcHour: number, minute: number, dayOffset = 0) => Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + dayOffset, utcHour, minute);
    const morning = Date.now() < at(1, 0) ? 0 : 1;
    await runScheduledAt(at(0, 30, morning));
    expect(await mailbox(digestInbox)).toHaveLength(0);
    await runScheduledAt(at(1, 5, morning));
    const [digest, ...more] = await mailbox(digestInbox);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toMatch(/^Ringkasan pesan kolaborasi \d{4}-\d{2}-\d{2}: \d+ pesan baru$/);
    expect(digest!.text).toContain(String(first.email));
    expect(digest!.text).toContain(String(second.email));
    await runScheduledAt(at(5, 0, morning));
    expect(await mailbox(digestInbox)).toHaveLength(1);
    await admin.put('/api/settings', { inquiryNotify: 'each', inquiryRecipients: staffInbox });
  });

  it('refuses invalid notification settings with Indonesian messages', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ inquiryNotify: 'weekly' }, 'Pilih email per pesan atau ringkasan harian.'],
      [{ inquiryRecipients: 'staf@example.org, bukan-email' }, 'Setiap penerima harus berupa email yang valid, dipisahkan koma.'],
      [{ inquiryRetentionMonths: '0' }, 'Masa simpan minimal 1 bulan.'],
      [{ inquiryRetentionMonths: 'dua' }, 'Masa simpan harus berupa angka bulan.'],
      [{ inquiryTopics: '\n \n' }, 'Isi minimal satu topik.'],
    ];
    for (const [change, message] of cases) {
      const refused = await admin.put('/api/settings', change);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(message);
    }
  });
});

describe('the inbox', () => {
  it('is closed to visitors and to staff without inquiry.read', async () => {
    expect((await visitor().get('/api/inquiries')).status).toBe(401);
    const { client } = await staffWith('vision.read');
    const refused = await client.get('/api/inquiries');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ details: { required: 'inquiry.read' } });
  });

  it('lets a reader read but not reply; a replier answers by email, kept in the thread, and the status becomes Dibalas', async () => {
    const fields = inquiryFields();
    await send(fields);
    const stored = await storedInquiry(String(fields.email));

    const reader = await staffWith('inquiry.read');
    expect((await reader.client.get(`/api/inquiries/${stored._id}`)).status).toBe(200);
    const refused = await reader.client.request('POST', `/api/inquiries/${stored._id}/replies`, { body: 'Halo' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ details: { required: 'inquiry.reply' } });

    const replier = await staffWith('inquiry.read', 'inquiry.reply');
    expect((await replier.client.request('POST', `/api/inquiries/${stored._id}/replies`, { body: '   ' })).body).toMatchObject({ message: 'Balasan wajib diisi.' });
    const replied = await replier.client.request<InquiryDetail>('POST', `/api/inquiries/${stored._id}/replies`, { body: `Terima kasih, mari bertemu.\n${HOSTILE}` });
    expect(replied.status).toBe(201);
    expect(replied.body.success && replied.body.data).toMatchObject({ status: 'replied', replies: [{ body: `Terima kasih, mari bertemu.\n${HOSTILE}` }] });

    const [answer] = await mailbox(String(fields.email));
    expect(answer!.subject).toBe('Balasan untuk pesan Anda: Riset dan data');
    expect(answer!.text).toContain('Terima kasih, mari bertemu.');
    expect(answer!.text).toContain('> Kami ingin meneliti data sampah bersama.');
    expect(answer!.html).not.toContain('<script>');
    expect((await storedInquiry(String(fields.email))).replies).toHaveLength(1);
    const list = await admin.get<InquirySummary[]>('/api/inquiries?status=replied');
    expect(list.body.success && list.body.data.some((row) => row._id === stored._id)).toBe(true);
  });

  it('changes status, assignee and notes; refuses an unknown status and an assignee who may not read the inbox', async () => {
    const fields = inquiryFields();
    await send(fields);
    const stored = await storedInquiry(String(fields.email));
    const colleague = await staffWith('inquiry.read');
    const outsider = await staffWith('vision.read');

    const changed = await admin.request<InquiryDetail>('PATCH', `/api/inquiries/${stored._id}`, { status: 'archived', assigneeId: colleague.id, notes: `Tindak lanjut minggu depan ${HOSTILE}` });
    expect(changed.status).toBe(200);
    expect(changed.body.success && changed.body.data).toMatchObject({ status: 'archived', assigneeId: colleague.id, notes: `Tindak lanjut minggu depan ${HOSTILE}` });
    const archived = await admin.get<InquirySummary[]>(`/api/inquiries?status=archived&assignee=${colleague.id}`);
    expect(archived.body.success && archived.body.data.map((row) => row._id)).toEqual([stored._id]);

    expect((await admin.request('PATCH', `/api/inquiries/${stored._id}`, { status: 'spam' })).body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Status harus Baru, Dibalas atau Arsip.' });
    expect((await admin.request('PATCH', `/api/inquiries/${stored._id}`, { assigneeId: outsider.id })).body).toMatchObject({
      message: 'Petugas harus akun aktif yang boleh membaca pesan masuk.',
    });
    expect((await colleague.client.request('PATCH', `/api/inquiries/${stored._id}`, { notes: 'x' })).status).toBe(403);
    expect((await admin.get('/api/inquiries/tidak-ada')).status).toBe(404);
    const people = await admin.get<{ _id: string }[]>('/api/inquiries/assignees');
    const ids = people.body.success ? people.body.data.map((person) => person._id) : [];
    expect(ids).toContain(colleague.id);
    expect(ids).not.toContain(outsider.id);
  });
});

describe('retention', () => {
  // Four runs of every minute job (backups included) at times months ahead.
  it('deletes inquiries once the retention period set in settings has passed (24 months by default)', { timeout: 120_000 }, async () => {
    const fields = inquiryFields();
    await send(fields);
    expect(await inboxFind(String(fields.email))).toHaveLength(1);
    await runScheduledAt(Date.now() + 23 * 30 * DAY);
    expect(await inboxFind(String(fields.email))).toHaveLength(1);
    await runScheduledAt(Date.now() + 25 * 31 * DAY);
    expect(await inboxFind(String(fields.email))).toHaveLength(0);

    await admin.put('/api/settings', { inquiryRetentionMonths: '3' });
    const later = inquiryFields();
    await send(later);
    await runScheduledAt(Date.now() + 2 * 30 * DAY);
    expect(await inboxFind(String(later.email))).toHaveLength(1);
    await runScheduledAt(Date.now() + 4 * 31 * DAY);
    expect(await inboxFind(String(later.email))).toHaveLength(0);
    await admin.put('/api/settings', { inquiryRetentionMonths: '24' });
  });
});

describe('personal data', () => {
  it('records what a newsletter sign-up consented to and the double opt-in proof, exports everything about the address, and erases it', async () => {
    const email = `${unique('orang')}@example.org`;
    const signUp = await visitor().request('POST', '/api/subscribe', { email }, { referer: `${fileWorker().url}/vision` });
    expect(signUp.status).toBe(201);
    const [confirmation] = await mailbox(email);
    const link = confirmation!.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w.-]+/)![0];
    expect((await fetch(link, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    const fields = inquiryFields({ email });
    await send(fields);
    const stored = await storedInquiry(email);
    await admin.request('POST', `/api/inquiries/${stored._id}/replies`, { body: 'Balasan kami.' });

    const exported = await admin.get<PersonalDataExport>(`/api/privacy/export?email=${encodeURIComponent(email.toUpperCase())}`);
    expect(exported.status).toBe(200);
    const data = exported.body.success ? exported.body.data : (undefined as never);
    expect(data.email).toBe(email);
    expect(data.subscriber).toMatchObject({ email, status: 'active', consent: { text: NEWSLETTER_CONSENT_TEXT, sourcePage: '/vision', language: 'id' } });
    const consent = (data.subscriber as { consent: { confirmationSentAt: string; confirmedAt: string } }).consent;
    expect(Date.parse(consent.confirmedAt)).toBeGreaterThanOrEqual(Date.parse(consent.confirmationSentAt));
    expect(data.inquiries).toHaveLength(1);
    expect(data.inquiries[0]).toMatchObject({ message: fields.message, consentText: CONSENT_TEXTS.id, replies: [{ body: 'Balasan kami.' }] });

    const erased = await admin.request<ErasureSummary>('POST', '/api/privacy/erase', { email });
    expect(erased.status).toBe(200);
    expect(erased.body.success && erased.body.data).toMatchObject({ subscribers: 1, inquiries: 1 });
    expect(erased.body.message).toBe('Semua data alamat ini sudah dihapus.');
    const after = await admin.get<PersonalDataExport>(`/api/privacy/export?email=${encodeURIComponent(email)}`);
    expect(after.body.success && after.body.data).toMatchObject({ subscriber: null, inquiries: [], newsletterDeliveries: [] });

    // The audit log keeps that it happened, and the address nowhere.
    const audit = await admin.get<{ resource: string; summary: string }[]>('/api/audit?limit=200');
    const entries = audit.body.success ? audit.body.data : [];
    expect(entries.some((entry) => entry.resource === 'privacy' && entry.summary.startsWith('Data pribadi dihapus: 1 subscriber, 1 pesan'))).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(email);
  });

  it('is open only to staff with privacy.export and privacy.delete, and refuses an invalid address', async () => {
    const { client } = await staffWith('inquiry.read', 'subscribe.read');
    expect((await client.get('/api/privacy/export?email=a@example.org')).body).toMatchObject({ details: { required: 'privacy.export' } });
    expect((await client.request('POST', '/api/privacy/erase', { email: 'a@example.org' })).body).toMatchObject({ details: { required: 'privacy.delete' } });
    const invalid = await admin.get('/api/privacy/export?email=bukan-email');
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Masukkan alamat email yang valid, contoh: nama@contoh.org.');
    const nothing = await admin.request('POST', '/api/privacy/erase', { email: `${unique('tidak-ada')}@example.org` });
    expect(nothing.body.message).toBe('Tidak ada data yang tersimpan untuk alamat ini.');
  });
});

/** The built page's form, as the site renders it (the parts the worker fills in). */
const BUILT_PAGE = `<!doctype html><html lang="id"><head><title>Kolaborasi</title></head><body>
<p data-inquiry-alert hidden></p>
<form method="post" action="/kolaborasi" id="kolaborasi-form">
<input name="website" value=""><input type="hidden" name="startedAt" value="">
<input name="name"><input name="email"><input name="organisation">
<select name="topic"><option value="Riset dan data">Riset dan data</option><option value="Lainnya">Lainnya</option></select>
<textarea name="message"></textarea><input type="checkbox" name="consent"><div data-turnstile></div>
</form></body></html>`;

describe('the page without JavaScript', () => {
  let site: Server;
  let worker: TestWorker;
  let turnstileWorker: TestWorker;
  beforeAll(async () => {
    site = createServer((request, response) => {
      const english = request.url === '/en/kolaborasi';
      response
        .writeHead(request.url === '/kolaborasi' || english ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
        .end(english ? BUILT_PAGE.replace('lang="id"', 'lang="en"').replace('action="/kolaborasi"', 'action="/en/kolaborasi"') : BUILT_PAGE);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    [worker, turnstileWorker] = await Promise.all([
      TestWorker.start({ vars: { SITE_ORIGIN: siteOrigin } }),
      TestWorker.start({ vars: { SITE_ORIGIN: siteOrigin, TURNSTILE_SITE_KEY: '1x00000000000000000000AA', TURNSTILE_SECRET_KEY: 'rahasia' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([worker?.stop(), turnstileWorker?.stop()]);
    site?.close();
  });

  const post = (base: string, values: Record<string, string>, page = '/kolaborasi') =>
    fetch(`${base}${page}`, { method: 'POST', redirect: 'manual', headers: { origin: base, 'cf-connecting-ip': `10.9.${Math.floor(Math.random() * 250)}.1` }, body: new URLSearchParams(values) });

  const textFields = (overrides: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries(inquiryFields(overrides)).map(([key, value]) => [key, value === true ? 'on' : String(value ?? '')]));

  it('stamps the page when served, answers a refusal with the page, the message and everything typed, and a success with a redirect', async () => {
    const page = await (await fetch(`${worker.url}/kolaborasi`)).text();
    const served = page.match(/name="startedAt" value="(\d+)\.[\w-]+"/);
    expect(Number(served![1])).toBeGreaterThan(Date.now() - 60_000);

    const refused = await post(worker.url, textFields({ consent: '', name: `"><script>alert(3)</script>`, message: `${HOSTILE}\nBaris kedua` }));
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(INQUIRY_MESSAGES.consentRequired);
    expect(html).toMatch(/<p data-inquiry-alert[^>]*role="alert"/);
    // Inside a quoted attribute a tag is inert text; the quote that would end it is escaped.
    expect(html).toContain('<input name="name" value="&quot;><script>alert(3)</script>">');
    expect(html).toContain('<textarea name="message">&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;\nBaris kedua</textarea>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<option value="Riset dan data" selected="">');
    expect(html).toMatch(/name="consent" aria-invalid="true"/);

    const tooLong = await post(worker.url, textFields({ message: 'y'.repeat(1024 * 1024) }));
    expect(tooLong.status).toBe(400);
    const kept = await tooLong.text();
    expect(kept).toContain(INQUIRY_MESSAGES.messageTooLong);
    expect(kept).toContain('y'.repeat(1024 * 1024));

    // Topics come from the worker's settings; the seeded list holds "Riset dan data".
    const accepted = await post(worker.url, textFields());
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe('/kolaborasi?terkirim#kolaborasi');
    const thanks = await (await fetch(`${worker.url}/kolaborasi?terkirim`)).text();
    expect(thanks).toContain(INQUIRY_MESSAGES.sent);
  });

  it('answers a post to the English page on the English page, in English, keeping what was typed', async () => {
    const page = await (await fetch(`${worker.url}/en/kolaborasi`)).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toMatch(/name="startedAt" value="\d+\.[\w-]+"/);

    const english = (overrides: Record<string, string> = {}) => textFields({ topic: 'Research and data', sourcePage: '/en/kolaborasi', language: 'en', ...overrides });
    const refused = await post(worker.url, english({ consent: '', message: 'We would like to work together.' }), '/en/kolaborasi');
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(INQUIRY_TEXTS.en.consentRequired);
    expect(html).not.toContain(INQUIRY_MESSAGES.consentRequired);
    expect(html).toContain('<textarea name="message">We would like to work together.</textarea>');
    // A form that names another language is still answered in the language of the page it was posted to.
    const mislabelled = await post(worker.url, english({ consent: '', language: 'id' }), '/en/kolaborasi');
    expect(await mislabelled.text()).toContain(INQUIRY_TEXTS.en.consentRequired);

    const accepted = await post(worker.url, english(), '/en/kolaborasi');
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe('/en/kolaborasi?sent#kolaborasi');
    const thanks = await (await fetch(`${worker.url}/en/kolaborasi?sent`)).text();
    expect(thanks).toContain(INQUIRY_TEXTS.en.sent);
  });

  it('asks for Turnstile only when a site key and secret are configured', async () => {
    const page = await fetch(`${turnstileWorker.url}/kolaborasi`);
    const html = await page.text();
    expect(html).toContain('<div class="cf-turnstile" data-sitekey="1x00000000000000000000AA"></div>');
    expect(html).toContain('https://challenges.cloudflare.com/turnstile/v0/api.js');
    expect(page.headers.get('content-security-policy')).toContain('frame-src https://challenges.cloudflare.com');
    const refused = await post(turnstileWorker.url, textFields());
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(INQUIRY_MESSAGES.turnstile);
    // Locally (no key) the page has no widget.
    expect(await (await fetch(`${worker.url}/kolaborasi`)).text()).not.toContain('cf-turnstile"');
  });
});
