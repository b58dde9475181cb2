/**
 * The newsletter's own tables: issues staff compose and send, one delivery row per issue and
 * subscriber (its unique key is what keeps a resumed send from mailing anyone twice), and the
 * sign-up counters that throttle abuse.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { NewsletterArticleRef } from '../contract/api.ts';
import type { Locale } from '../contract/locales.ts';

/** An issue's versions in other languages: each subscriber gets the one of their language, the default one without it. */
export type IssueTranslations = Partial<Record<Locale, { subject: string; body: string }>>;

export const ISSUE_STATUSES = ['draft', 'sending', 'sent'] as const;
export const DELIVERY_STATUSES = ['queued', 'claimed', 'sent', 'failed'] as const;

const isoNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const newsletterIssue = sqliteTable(
  'newsletter_issue',
  {
    id: text('id').primaryKey(),
    subject: text('subject').notNull(),
    body: text('body').notNull().default(''),
    /** Picked articles as `[{ kind, id }]` (kind: a collection with `site.newsletter`), shown as cards under the body. */
    articles: text('articles', { mode: 'json' }).$type<ArticleRef[]>().notNull().default(sql`'[]'`),
    translations: text('translations', { mode: 'json' }).$type<IssueTranslations>().notNull().default(sql`'{}'`),
    status: text('status', { enum: ISSUE_STATUSES }).notNull().default('draft'),
    /** The site's public address when sending started: links in a background send need it. */
    siteUrl: text('siteUrl').notNull().default(''),
    createdBy: text('createdBy').notNull().default(''),
    startedAt: text('startedAt'),
    finishedAt: text('finishedAt'),
    createdAt: text('createdAt').notNull().default(isoNow),
    updatedAt: text('updatedAt').notNull().default(isoNow),
  },
  (t) => [index('newsletter_issue_status').on(t.status)],
);

export const newsletterDelivery = sqliteTable(
  'newsletter_delivery',
  {
    issueId: text('issueId')
      .notNull()
      .references(() => newsletterIssue.id, { onDelete: 'cascade' }),
    subscriberId: text('subscriberId').notNull(),
    email: text('email').notNull(),
    /** The subscriber's language when the send started: the version of the issue they get. */
    language: text('language').notNull().default('id'),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    claimedAt: text('claimedAt'),
    sentAt: text('sentAt'),
    error: text('error').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.subscriberId] }), index('newsletter_delivery_status').on(t.issueId, t.status)],
);

/** Sign-ups per key (`email:...` or `client:...`) within a window. */
export const signupAttempts = sqliteTable('signup_attempt', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: text('windowStart').notNull(),
});

export type ArticleRef = NewsletterArticleRef;
