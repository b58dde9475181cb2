/**
 * /api/newsletter: the links in the emails (confirm and unsubscribe, no login: opening one only
 * shows a page whose button posts), one-click unsubscribe, and for staff
 * the issues: compose, preview, a test to yourself, send to every active subscriber, progress.
 */
import { and, desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as z from '../contract/zod.ts';
import { recordConfirmation } from '../privacy/consent.ts';
import { auditStatement } from '../audit/log.ts';
import { assertPermission, assertReadable } from '../auth/guard.ts';
import type { NewsletterAudience, NewsletterIssue, NewsletterPreview } from '../contract/api.ts';
import { NEWSLETTER_KINDS } from '../contract/resources.ts';
import { createDb, newId, now } from '../db/client.ts';
import { subscriber } from '../db/schema.ts';
import { stripControls } from '../contract/text.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { sanitizeRichText } from '../content/sanitize.ts';
import { inlineImagesOf, storeInlineImages, withCleanedInlineImages } from '../files/inline.ts';
import { ApiError, notFound, ok } from '../http/errors.ts';
import { LINK_PAGES, newsletterContext, pageIn, subscriberLocale, type NewsletterContext } from './context.ts';
import { emailPictures } from './images.ts';
import { issueContent, progressOf, queueRecipients, recipientCount } from './sending.ts';
import { newsletterIssue, type IssueTranslations } from '../db/newsletter.ts';
import { DEFAULT_LOCALE, LOCALES, TRANSLATIONS, type Locale } from '../contract/locales.ts';
import { localeOf } from '../collections/routes.ts';
import { issueEmail } from './templates.ts';
import { readToken, type TokenPurpose } from './tokens.ts';

/** Site pages that tell the visitor what a link did. */
export const OUTCOME_PAGES = {
  confirmed: '/newsletter/confirmed',
  unsubscribed: '/newsletter/unsubscribed',
  invalid: '/newsletter/invalid-link',
  expired: '/newsletter/expired-link',
};

/** The token of a link: in the query (the pages post to their own address), else in the form. */
async function tokenOf(c: Context<AppEnv>) {
  const query = c.req.query('token');
  if (query !== undefined) return query;
  if (c.req.method !== 'POST') return '';
  const { fields } = await readBody(c, 16 * 1024);
  return typeof fields.token === 'string' ? fields.token : '';
}

/** A link's check, and the language of the subscriber it names (the default until the signature is known good). */
async function readLink(c: Context<AppEnv>, purpose: TokenPurpose) {
  const ctx = await newsletterContext(c.env, c.var.db, new URL(c.req.url).origin);
  const token = await tokenOf(c);
  let language: string | null = null;
  const check = await readToken(ctx.secret, purpose, token, async (id) => {
    const [row] = await c.var.db.select({ email: subscriber.email, language: subscriber.language }).from(subscriber).where(eq(subscriber.id, id));
    language = row ? String(row.language) : null;
    return row ? String(row.email) : null;
  });
  // An expired link was still signed for this subscriber: only a forged one learns nothing.
  const signed = check.ok || check.reason === 'expired';
  return { check, locale: signed ? subscriberLocale(language) : DEFAULT_LOCALE };
}

/** Activates the pending sign-up a confirmation token names; the outcome page to show. */
async function confirm(c: Context<AppEnv>): Promise<string> {
  const { check } = await readLink(c, 'confirm');
  if (!check.ok) return check.reason === 'expired' ? OUTCOME_PAGES.expired : OUTCOME_PAGES.invalid;
  const db = c.var.db;
  const time = now();
  const [confirmed] = await db
    .update(subscriber)
    .set({ status: 'active', subscribedAt: time, updatedAt: time })
    .where(and(eq(subscriber.id, check.subscriberId), eq(subscriber.status, 'pending')))
    .returning({ email: subscriber.email });
  if (confirmed) await db.batch([recordConfirmation(db, check.subscriberId, time), auditStatement(db, null, 'update', 'subscribe', check.subscriberId, `${confirmed.email}: konfirmasi`)]);
  const [row] = await db.select({ status: subscriber.status }).from(subscriber).where(eq(subscriber.id, check.subscriberId));
  return row?.status === 'active' ? OUTCOME_PAGES.confirmed : OUTCOME_PAGES.invalid;
}

async function unsubscribe(c: Context<AppEnv>) {
  const { check } = await readLink(c, 'unsubscribe');
  if (!check.ok) return false;
  const db = c.var.db;
  const time = now();
  const [changed] = await db
    .update(subscriber)
    .set({ status: 'unsubscribed', unsubscribedAt: time, updatedAt: time })
    .where(and(eq(subscriber.id, check.subscriberId), eq(subscriber.status, 'active')))
    .returning({ email: subscriber.email });
  if (changed) await db.batch([auditStatement(db, null, 'update', 'subscribe', check.subscriberId, `${changed.email}: berhenti berlangganan`)]);
  return true;
}

/** The page with the button, carrying the link's token on. */
const pageOf = (c: Context<AppEnv>, page: string) => `${page}?${new URLSearchParams({ token: c.req.query('token') ?? '' })}`;

const withDb = createMiddleware<AppEnv>(async (c, next) => {
  c.set('db', createDb(c.env.DB));
  await next();
});

/**
 * The buttons of the confirmation and unsubscribe pages post to the page's own address, so the
 * token in its query comes along without JavaScript; the visitor then sees what happened, on the
 * outcome page in the language of the page they pressed it on (`/en/newsletter/...` in English).
 */
export const newsletterPageActions = new Hono<AppEnv>();

/**
 * Links mailed before a subscriber's language had emails of its own open the default language's
 * page: a link signed for such a subscriber is sent on to the same page in their language.
 * Any other request gets the page itself.
 */
for (const purpose of ['confirm', 'unsubscribe'] as const) {
  newsletterPageActions.get(LINK_PAGES[purpose], withDb, async (c, next) => {
    const { locale } = c.req.query('token') ? await readLink(c, purpose) : { locale: DEFAULT_LOCALE };
    if (locale === DEFAULT_LOCALE) return next();
    return c.redirect(pageOf(c, pageIn(locale, LINK_PAGES[purpose])), 302);
  });
}

for (const locale of Object.keys(LOCALES) as Locale[]) {
  newsletterPageActions
    .post(pageIn(locale, LINK_PAGES.confirm), withDb, async (c) => c.redirect(pageIn(locale, await confirm(c)), 303))
    .post(pageIn(locale, LINK_PAGES.unsubscribe), withDb, async (c) => c.redirect(pageIn(locale, (await unsubscribe(c)) ? OUTCOME_PAGES.unsubscribed : OUTCOME_PAGES.invalid), 303));
}

const articleRef = z.object({ kind: z.enum(NEWSLETTER_KINDS), id: z.string().min(1).max(64) });
// A subject is one line: a line break in a mail header would start a header of its own.
const oneLine = (value: unknown) => (typeof value === 'string' ? stripControls(value, false) : value);
const issueBody = z.string().max(200_000, 'Isi newsletter terlalu panjang (maksimal 200.000 karakter).').default('');
/** A version in another language: written when it has a subject; a body without one is refused rather than dropped. */
const issueVersion = (language: string) =>
  z
    .object({ subject: z.preprocess(oneLine, z.string().trim().max(200, `Subjek versi ${language} maksimal 200 karakter.`).default('')), body: issueBody })
    .refine((version) => version.subject !== '' || version.body.trim() === '', `Subjek versi ${language} wajib diisi.`);
const issueInput = z.object({
  subject: z.preprocess(oneLine, z.string({ error: 'Subjek wajib diisi.' }).trim().min(1, 'Subjek wajib diisi.').max(200, 'Subjek maksimal 200 karakter.')),
  body: issueBody,
  articles: z.array(articleRef).max(6, 'Pilih paling banyak 6 artikel.').default([]),
  translations: z
    .strictObject(Object.fromEntries(TRANSLATIONS.map((locale) => [locale, issueVersion(LOCALES[locale].label).optional()])), {
      error: (issue) => (issue.code === 'unrecognized_keys' ? 'Bahasa tidak dikenal.' : 'Versi terjemahan tidak valid.'),
    })
    .default({}),
});

/**
 * The issue sent. Pictures embedded in its body as data: URLs are never mailed as they are (a
 * photo's position would go with them, and mail clients do not show them): a saved issue
 * stores them as files, kept like the file manager's (the unused-files sweep does not read
 * newsletter bodies); a preview shows them cleaned in place.
 */
async function parseIssue(c: Context<AppEnv>, pictures: 'store' | 'clean' = 'store') {
  const { fields } = await readBody(c, 1024 * 1024);
  const json = (value: unknown) => (typeof value === 'string' ? safeJson(value) : value);
  const raw = { ...fields, articles: json(fields.articles), translations: json(fields.translations) };
  const parsed = issueInput.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', parsed.error.issues.map((issue) => issue.message).join(' '));
  const withPictures = async (html: string) => {
    if (!html.includes('data:')) return html;
    const body = sanitizeRichText(html);
    if (pictures === 'clean') return withCleanedInlineImages(body, 'di isi newsletter');
    return (await storeInlineImages(c.env.BUCKET, body, inlineImagesOf(body, 'isi newsletter'), 'file-manager')).html;
  };
  const translations: IssueTranslations = {};
  for (const [locale, version] of Object.entries(parsed.data.translations) as [Locale, { subject: string; body: string } | undefined][]) {
    if (version?.subject) translations[locale] = { subject: version.subject, body: await withPictures(version.body) };
  }
  return { ...parsed.data, body: await withPictures(parsed.data.body), translations };
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};


async function findIssue(c: Context<AppEnv>) {
  const [issue] = await c.var.db.select().from(newsletterIssue).where(eq(newsletterIssue.id, c.req.param('id') ?? ''));
  if (!issue) throw notFound('Newsletter tidak ditemukan.');
  return issue;
}

const present = async (c: Context<AppEnv>, issue: typeof newsletterIssue.$inferSelect): Promise<NewsletterIssue> => {
  const { id, ...rest } = issue;
  return { _id: id, ...rest, progress: await progressOf(c.var.db, id) };
};

/** The test copy goes to the signed-in staff member; its unsubscribe link is a harmless example. */
async function renderFor(c: Context<AppEnv>, ctx: NewsletterContext, issue: z.infer<typeof issueInput>, to: string) {
  const example = `${ctx.brand.siteUrl}${OUTCOME_PAGES.unsubscribed}?preview=1`;
  // `?locale=en`: the version an English subscriber gets.
  const content = await issueContent(c.var.db, issue, emailPictures(c.env, ctx.brand.siteUrl), localeOf(c.req.query()));
  return issueEmail(ctx.brand, content, to, { page: example, oneClick: example });
}

const assertDraft = (issue: typeof newsletterIssue.$inferSelect) => {
  if (issue.status !== 'draft') throw new ApiError(409, 'CONFLICT', 'Newsletter ini sudah dikirim dan tidak dapat diubah.');
};

export const newsletterRoutes = new Hono<AppEnv>()
  // Opening a link from an email (or a mail scanner opening it) changes nothing: it shows the
  // page whose button posts. Older emails link here; new ones link to the pages directly.
  .get('/confirm', (c) => c.redirect(pageOf(c, LINK_PAGES.confirm), 303))
  .get('/unsubscribe', (c) => c.redirect(pageOf(c, LINK_PAGES.unsubscribe), 303))
  // RFC 8058 one-click: the mail program POSTs `List-Unsubscribe=One-Click`, with no cookie.
  .post('/unsubscribe', async (c) => {
    if (!(await unsubscribe(c))) throw new ApiError(400, 'BAD_REQUEST', 'Tautan berhenti berlangganan tidak valid.');
    return ok(c, null, 'Anda telah berhenti berlangganan.');
  })

  .get('/issues', async (c) => {
    assertReadable(c.var.user, 'newsletter');
    const issues = await c.var.db.select().from(newsletterIssue).orderBy(desc(newsletterIssue.createdAt)).limit(100);
    return ok(c, await Promise.all(issues.map((issue) => present(c, issue))));
  })
  // Whoever writes or sends an issue sees how many it reaches, without the subscriber list.
  .get('/audience', async (c) => {
    assertReadable(c.var.user, 'newsletter');
    return ok<NewsletterAudience>(c, { active: await recipientCount(c.var.db) });
  })
  .post('/issues', async (c) => {
    assertPermission(c.var.user, 'newsletter', 'create');
    const input = await parseIssue(c);
    const id = newId();
    const db = c.var.db;
    await db.batch([
      db.insert(newsletterIssue).values({ id, ...input, createdBy: c.var.user.username }),
      auditStatement(db, c.var.user, 'create', 'newsletter', id, input.subject),
    ]);
    return ok(c, await present(c, await findIssueById(c, id)), 'Data berhasil disimpan!', 201);
  })
  .get('/issues/:id', async (c) => {
    assertReadable(c.var.user, 'newsletter');
    return ok(c, await present(c, await findIssue(c)));
  })
  .put('/issues/:id', async (c) => {
    assertPermission(c.var.user, 'newsletter', 'update');
    const issue = await findIssue(c);
    assertDraft(issue);
    const input = await parseIssue(c);
    const db = c.var.db;
    await db.batch([
      db.update(newsletterIssue).set({ ...input, updatedAt: now() }).where(and(eq(newsletterIssue.id, issue.id), eq(newsletterIssue.status, 'draft'))),
      auditStatement(db, c.var.user, 'update', 'newsletter', issue.id, input.subject),
    ]);
    return ok(c, await present(c, await findIssueById(c, issue.id)), 'Data berhasil diperbarui!');
  })
  .post('/preview', async (c) => {
    assertPermission(c.var.user, 'newsletter', 'create');
    const ctx = await newsletterContext(c.env, c.var.db, new URL(c.req.url).origin);
    const email = await renderFor(c, ctx, await parseIssue(c, 'clean'), c.var.user.email);
    return ok<NewsletterPreview>(c, { subject: email.subject, html: email.html, text: email.text });
  })
  .post('/issues/:id/test', async (c) => {
    assertPermission(c.var.user, 'newsletter', 'create');
    const issue = await findIssue(c);
    const to = c.var.user.email;
    if (!to) throw new ApiError(400, 'VALIDATION_ERROR', 'Akun Anda belum memiliki alamat email.');
    const ctx = await newsletterContext(c.env, c.var.db, new URL(c.req.url).origin);
    const email = await renderFor(c, ctx, issue, to);
    try {
      await ctx.mailer.send({ ...email, subject: `[Tes] ${email.subject}` });
    } catch (error) {
      console.error('test newsletter failed:', error);
      throw new ApiError(502, 'SERVER_ERROR', 'Email tes gagal dikirim. Periksa alamat pengirim di pengaturan dan coba lagi.');
    }
    return ok(c, { to }, `Email tes dikirim ke ${to}.`);
  })
  .post('/issues/:id/send', async (c) => {
    assertPermission(c.var.user, 'newsletter', 'approve');
    const issue = await findIssue(c);
    assertDraft(issue);
    const db = c.var.db;
    const time = now();
    const ctx = await newsletterContext(c.env, db, new URL(c.req.url).origin);
    // Recipients first, while the issue is still a draft the Cron Trigger ignores: a run between
    // the two statements must not find a `sending` issue with nobody queued and call it sent.
    // The unique (issue, subscriber) key makes a double click's second queue a no-op.
    await queueRecipients(db, issue.id);
    const [started] = await db
      .update(newsletterIssue)
      .set({ status: 'sending', startedAt: time, siteUrl: ctx.brand.siteUrl, updatedAt: time })
      .where(and(eq(newsletterIssue.id, issue.id), eq(newsletterIssue.status, 'draft')))
      .returning({ id: newsletterIssue.id });
    if (!started) throw new ApiError(409, 'CONFLICT', 'Newsletter ini sudah dikirim.');
    await db.batch([auditStatement(db, c.var.user, 'update', 'newsletter', issue.id, `Kirim: ${issue.subject}`)]);
    // The Cron Trigger sends it in batches, starting within a minute (app/jobs.ts).
    return ok(c, await present(c, await findIssueById(c, issue.id)), 'Newsletter dijadwalkan: pengiriman dimulai dalam satu menit.', 202);
  });

async function findIssueById(c: Context<AppEnv>, id: string) {
  const [issue] = await c.var.db.select().from(newsletterIssue).where(eq(newsletterIssue.id, id));
  if (!issue) throw notFound('Newsletter tidak ditemukan.');
  return issue;
}
