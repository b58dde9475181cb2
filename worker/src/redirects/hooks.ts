/**
 * A changed slug keeps the old address working: the save that changes it also stores a 301
 * from each old page address to the new one, and points older redirects at the new address,
 * so no visitor follows a chain. Only a public address is kept: a draft's or a scheduled
 * record's slug was never a page, and a redirect from it would show where it will appear.
 */
import { eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { publicState } from '../contract/fields.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import type { HookSet, WriteEvent } from '../collections/hooks.ts';
import { newId, now } from '../db/client.ts';
import { notFoundLog, redirect } from '../db/schema.ts';
import { sitePages } from './pages.ts';

async function slugMoves(key: ResourceKey, { db, id, existing, values, relations }: WriteEvent, pages: NonNullable<(typeof sitePages)[keyof typeof sitePages]>) {
  if (!existing || typeof values.slug !== 'string' || values.slug === existing.slug || !existing.slug) return [];
  if (publicState(resources[key], existing, new Date()).state !== 'public') return [];
  const before = await pages(db, { ...existing, id }, {});
  const after = await pages(db, { ...existing, ...values, id }, relations);
  const statements: BatchItem<'sqlite'>[] = [];
  before.forEach((from, i) => {
    const to = after[i] ?? after[0];
    if (!to || to === from) return;
    const time = now();
    statements.push(
      db.update(redirect).set({ to, updatedAt: time }).where(eq(redirect.to, from)),
      db
        .insert(redirect)
        .values({ id: newId(), from, to, status: '301', isActive: true, createdAt: time, updatedAt: time })
        .onConflictDoUpdate({ target: redirect.from, set: { to, status: '301', isActive: true, updatedAt: time } }),
    );
  });
  return statements;
}

export const slugRedirects: HookSet = Object.fromEntries(
  Object.entries(sitePages).map(([key, pages]) => [key, { beforeWrite: (event: WriteEvent) => slugMoves(key as ResourceKey, event, pages!) }]),
);

/** An address given a redirect is no longer missing: it leaves the 404 log. */
export const resolvedMissing: HookSet = {
  redirect: {
    beforeWrite: ({ db, values }) => (typeof values.from === 'string' ? [db.delete(notFoundLog).where(eq(notFoundLog.path, values.from))] : []),
  },
};
