/** Stored drafts behind preview links: made from a form's unsaved values, found by token, revoked, forgotten once expired. */
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import { randomToken, sha256 } from '../auth/session.ts';
import type { CronJob } from '../cron/scheduled.ts';
import { newId, type Database } from '../db/client.ts';
import { previews } from '../db/schema.ts';

/** How long a preview link works unless it is revoked first. */
export const PREVIEW_HOURS = 48;

/** The shape of every token we hand out (32 random bytes, base64url): anything else is refused unread. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface NewPreview {
  collection: string;
  recordId: string;
  locale: string;
  data: Record<string, unknown>;
  createdBy: string;
  createdByName: string;
}

export async function createPreview(db: Database, draft: NewPreview, now = new Date()) {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + PREVIEW_HOURS * 3_600_000).toISOString();
  const [row] = await db
    .insert(previews)
    .values({ id: newId(), tokenHash: await sha256(token), expiresAt, ...draft })
    .returning({ id: previews.id, expiresAt: previews.expiresAt, createdAt: previews.createdAt });
  return { ...row!, token };
}

/** The draft a token names: `missing` for an unknown or malformed token, else its state. */
export async function previewOfToken(db: Database, token: string, now = new Date()) {
  if (!TOKEN.test(token)) return { state: 'missing' } as const;
  const [row] = await db.select().from(previews).where(eq(previews.tokenHash, await sha256(token)));
  if (!row) return { state: 'missing' } as const;
  if (row.revokedAt) return { state: 'revoked' } as const;
  if (row.expiresAt <= now.toISOString()) return { state: 'expired' } as const;
  return { state: 'open', preview: row } as const;
}

/** The links of one record that still work, newest first (their tokens are not stored, so not shown). */
export const openPreviews = (db: Database, collection: string, recordId: string) =>
  db
    .select({ id: previews.id, locale: previews.locale, createdAt: previews.createdAt, expiresAt: previews.expiresAt, createdByName: previews.createdByName })
    .from(previews)
    .where(and(eq(previews.collection, collection), eq(previews.recordId, recordId), isNull(previews.revokedAt), gt(previews.expiresAt, new Date().toISOString())))
    .orderBy(desc(previews.createdAt));

export const findPreview = async (db: Database, id: string) => (await db.select().from(previews).where(eq(previews.id, id)))[0];

/** Ends a link at once; the draft it showed is dropped with it. */
export const revokePreview = (db: Database, id: string) => db.update(previews).set({ revokedAt: new Date().toISOString(), data: {} }).where(eq(previews.id, id));

/** Drafts past their expiry are deleted: an expired link then answers like an unknown one. */
export const forgetExpiredPreviews: CronJob = {
  name: 'forget expired previews',
  run: async ({ db, now }) => {
    await db.delete(previews).where(lt(previews.expiresAt, now.toISOString()));
  },
};
