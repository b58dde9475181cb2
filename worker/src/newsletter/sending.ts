/**
 * Sending an issue in the background. Starting a send writes one delivery row per active
 * subscriber (unique per issue and subscriber), and each run claims a batch of queued rows in
 * one statement, sends them and records each result. A run that stops half way leaves the
 * rest queued for the next run, so nobody is skipped and nobody is mailed twice: a row claimed
 * by a run that never finished is not sent again but shown as failed, because whether its email
 * left cannot be known.
 */
import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { NewsletterProgress } from '../contract/api.ts';
import { chunk, type Database } from '../db/client.ts';
import { collections, subscriber, type AnyTable } from '../db/schema.ts';
import { recordPage, recordTitle, type ResourceDefinition } from '../contract/fields.ts';
import { NEWSLETTER_KINDS, resourceKeyOf, resources } from '../contract/resources.ts';
import { CollectionStore, publicCondition } from '../collections/store.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../contract/locales.ts';
import type { Bindings } from '../env.ts';
import { sanitizeRichText } from '../content/sanitize.ts';
import { newsletterContext, subscriberLocale, unsubscribeUrls, type NewsletterContext } from './context.ts';
import { emailPictures, withEmailPictures, type EmailPictures } from './images.ts';
import { newsletterDelivery, newsletterIssue, type ArticleRef, type IssueTranslations } from '../db/newsletter.ts';
import { issueEmail, type ArticleCard, type IssueContent } from './templates.ts';

export const DEFAULT_BATCH_SIZE = 500;
/** Emails handed to the binding at the same time. */
const PARALLEL_SENDS = 10;
/** A claim older than this belongs to a run that was stopped. */
export const STALE_CLAIM_MS = 10 * 60_000;
export const INTERRUPTED = 'Pengiriman terputus; email ini mungkin belum terkirim dan tidak dikirim ulang agar tidak terkirim dua kali.';
export const UNSUBSCRIBED_MEANWHILE = 'Berhenti berlangganan sebelum email terkirim.';

export type SendProgress = NewsletterProgress;

export async function progressOf(db: Database, issueId: string): Promise<SendProgress> {
  const rows = await db
    .select({ status: newsletterDelivery.status, n: count() })
    .from(newsletterDelivery)
    .where(eq(newsletterDelivery.issueId, issueId))
    .groupBy(newsletterDelivery.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  return { total, sent: of('sent'), failed: of('failed'), left: of('queued') + of('claimed') };
}

/** One delivery row per active subscriber; the unique (issue, subscriber) key makes a repeat harmless. */
/** An issue goes to every subscriber whose status is active when it is sent. */
const RECIPIENT = sql`${subscriber.status} = 'active'`;

export const queueRecipients = (db: Database, issueId: string) =>
  db.run(sql`insert into ${newsletterDelivery} (issueId, subscriberId, email, language, status)
    select ${issueId}, id, email, language, 'queued' from ${subscriber} where ${RECIPIENT}
    on conflict (issueId, subscriberId) do nothing`);

/** How many would get an issue sent now. */
export async function recipientCount(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(subscriber).where(RECIPIENT);
  return row?.total ?? 0;
}

/**
 * The picked articles the public sees now (never one still scheduled), as cards, in the order
 * they were picked. In another language, only those published in it, with its text and address.
 */
export async function articleCards(db: Database, refs: ArticleRef[], language: Locale = DEFAULT_LOCALE): Promise<ArticleCard[]> {
  if (language !== DEFAULT_LOCALE) return translatedCards(db, refs, language);
  const time = new Date();
  const cards = new Map<string, ArticleCard>();
  for (const kind of NEWSLETTER_KINDS) {
    const ids = refs.filter((ref) => ref.kind === kind).map((ref) => ref.id);
    if (!ids.length) continue;
    const key = resourceKeyOf(kind);
    const resource: ResourceDefinition = resources[key];
    const table = collections[key] as unknown as AnyTable;
    const site = resource.site!;
    const rows = await db.select().from(table).where(and(inArray(table.id!, ids), publicCondition(key, time)));
    for (const row of rows) {
      const summary = site.card?.summary.map((field) => String(row[field] ?? '')).find((text) => text !== '') ?? '';
      const image = site.card?.image ? String(row[site.card.image] ?? '') : '';
      cards.set(`${kind}:${String(row.id)}`, { kind: site.nav?.label ?? resource.title, title: recordTitle(resource, row, String(row.id)), summary, image, path: recordPage(site.page, row) });
    }
  }
  return refs.map((ref) => cards.get(`${ref.kind}:${ref.id}`)).filter((card): card is ArticleCard => !!card);
}

async function translatedCards(db: Database, refs: ArticleRef[], language: Locale): Promise<ArticleCard[]> {
  const cards: ArticleCard[] = [];
  for (const ref of refs) {
    const key = resourceKeyOf(ref.kind);
    const resource: ResourceDefinition = resources[key];
    const site = resource.site!;
    const record = await new CollectionStore(db, key, language).find('id', ref.id, true);
    if (!record) continue;
    const summary = site.card?.summary.map((field) => String(record[field] ?? '')).find((text) => text !== '') ?? '';
    const image = site.card?.image ? String(record[site.card.image] ?? '') : '';
    cards.push({ kind: site.nav?.label ?? resource.title, title: recordTitle(resource, record, record._id), summary, image, path: LOCALES[language].prefix + recordPage(site.page, record) });
  }
  return cards;
}

/** The version of an issue in `language`: its own when written (a subject given), else the default language's. */
export const issueIn = (issue: { subject: string; body: string; translations?: IssueTranslations }, language: Locale) => {
  const version = language === DEFAULT_LOCALE ? undefined : issue.translations?.[language];
  return version?.subject ? { ...version, language } : { subject: issue.subject, body: issue.body, language: DEFAULT_LOCALE };
};

/** What an issue's emails show in a language; pictures only as the site build's email copies (images.ts). */
export async function issueContent(
  db: Database,
  issue: { subject: string; body: string; articles: ArticleRef[]; translations?: IssueTranslations },
  pictures: EmailPictures,
  language: Locale = DEFAULT_LOCALE,
): Promise<IssueContent> {
  const version = issueIn(issue, language);
  const cards = await articleCards(db, issue.articles, version.language);
  return {
    subject: version.subject,
    language: version.language,
    body: await withEmailPictures(sanitizeRichText(version.body), pictures),
    articles: await Promise.all(cards.map(async (card) => ({ ...card, image: (card.image && (await pictures(card.image))) || '' }))),
  };
}

const batchSizeOf = (env: Bindings) => {
  const size = Number(env.NEWSLETTER_BATCH_SIZE);
  return Number.isInteger(size) && size > 0 ? size : DEFAULT_BATCH_SIZE;
};

/**
 * Sends up to `limit` queued emails of the issues being sent, oldest issue first, and marks
 * an issue sent when nothing is left. Returns how many emails it handed to the binding.
 */
export async function runSendBatch(env: Bindings, db: Database, now: Date, limit = batchSizeOf(env)): Promise<number> {
  const issues = await db.select().from(newsletterIssue).where(eq(newsletterIssue.status, 'sending')).orderBy(asc(newsletterIssue.startedAt));
  let budget = limit;
  for (const issue of issues) {
    await db
      .update(newsletterDelivery)
      .set({ status: 'failed', error: INTERRUPTED })
      .where(and(eq(newsletterDelivery.issueId, issue.id), eq(newsletterDelivery.status, 'claimed'), lt(newsletterDelivery.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS).toISOString())));
    const ctx = await newsletterContext(env, db, issue.siteUrl);
    const contents = new Map<Locale, Promise<IssueContent>>();
    const contentIn = (language: string) => {
      const locale = isLocale(language) ? language : DEFAULT_LOCALE;
      if (!contents.has(locale)) contents.set(locale, issueContent(db, issue, emailPictures(env, ctx.brand.siteUrl), locale));
      return contents.get(locale)!;
    };
    while (budget > 0) {
      const claimed = await claim(db, issue.id, Math.min(budget, PARALLEL_SENDS), now);
      if (claimed.length === 0) break;
      budget -= claimed.length;
      await deliver(db, ctx, contentIn, issue.id, claimed);
    }
    const { left } = await progressOf(db, issue.id);
    if (left === 0) {
      await db.update(newsletterIssue).set({ status: 'sent', finishedAt: new Date().toISOString(), updatedAt: new Date().toISOString() }).where(and(eq(newsletterIssue.id, issue.id), eq(newsletterIssue.status, 'sending')));
    }
    if (budget <= 0) break;
  }
  return limit - budget;
}

/** Claims queued rows in one statement, so two runs at the same moment never take the same row. */
async function claim(db: Database, issueId: string, size: number, now: Date) {
  return db
    .update(newsletterDelivery)
    .set({ status: 'claimed', claimedAt: now.toISOString() })
    .where(
      and(
        eq(newsletterDelivery.issueId, issueId),
        eq(newsletterDelivery.status, 'queued'),
        sql`${newsletterDelivery.subscriberId} in (select subscriberId from ${newsletterDelivery} where issueId = ${issueId} and status = 'queued' limit ${size})`,
      ),
    )
    .returning({ subscriberId: newsletterDelivery.subscriberId, email: newsletterDelivery.email, language: newsletterDelivery.language });
}

async function deliver(db: Database, ctx: NewsletterContext, contentIn: (language: string) => Promise<IssueContent>, issueId: string, claimed: { subscriberId: string; email: string; language: string }[]) {
  const stillActive = new Set(
    (await db.select({ id: subscriber.id }).from(subscriber).where(and(inArray(subscriber.id, claimed.map((row) => row.subscriberId)), eq(subscriber.status, 'active')))).map((row) => String(row.id)),
  );
  const results = await Promise.all(
    claimed.map(async ({ subscriberId, email, language }) => {
      if (!stillActive.has(subscriberId)) return { subscriberId, error: UNSUBSCRIBED_MEANWHILE };
      try {
        await ctx.mailer.send(issueEmail(ctx.brand, await contentIn(language), email, await unsubscribeUrls(ctx, subscriberId, email, subscriberLocale(language))));
        return { subscriberId, error: null };
      } catch (error) {
        return { subscriberId, error: error instanceof Error ? error.message.slice(0, 300) : 'Gagal mengirim.' };
      }
    }),
  );
  const sentAt = new Date().toISOString();
  const sent = results.filter((r) => r.error === null).map((r) => r.subscriberId);
  const statements = [
    ...chunk(sent, 90).map((ids) =>
      db.update(newsletterDelivery).set({ status: 'sent', sentAt }).where(and(eq(newsletterDelivery.issueId, issueId), inArray(newsletterDelivery.subscriberId, ids))),
    ),
    ...results
      .filter((r): r is { subscriberId: string; error: string } => r.error !== null)
      .map((r) =>
        db.update(newsletterDelivery).set({ status: 'failed', error: r.error }).where(and(eq(newsletterDelivery.issueId, issueId), eq(newsletterDelivery.subscriberId, r.subscriberId))),
      ),
  ];
  if (statements.length) {
    const [first, ...rest] = statements;
    await db.batch([first!, ...rest]);
  }
}
