/**
 * A changed slug keeps the old address working: the save that changes it also stores a 301
 * from each old page address to the new one, and points older redirects at the new address,
 * so no visitor follows a chain. Only a public address is kept: a draft's or a scheduled
 * record's slug was never a page, and a redirect from it would show where it will appear. A
 * redirect never leads back to where it started: staff rules that would make a loop are
 * refused, and one that would make a chain is stored flattened.
 */
import { eq, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { publicState } from '../contract/fields.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import type { HookSet, WriteEvent } from '../collections/hooks.ts';
import { newId, now, type Database } from '../db/client.ts';
import { notFoundLog, redirect } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { pageBearing, recordPages } from './pages.ts';

async function slugMoves(key: ResourceKey, { db, id, existing, values, relations }: WriteEvent) {
  if (!existing || typeof values.slug !== 'string' || values.slug === existing.slug || !existing.slug) return [];
  if (publicState(resources[key], existing, new Date()).state !== 'public') return [];
  const before = await recordPages(db, key, { ...existing, id }, {});
  const after = await recordPages(db, key, { ...existing, ...values, id }, relations);
  return pageMoves(db, before, after);
}

/**
 * The statements that send each old address to the new one at its position (or the first):
 * a 301 stored, older redirects to the old address re-pointed, a rule from the new address dropped.
 */
export function pageMoves(db: Database, before: readonly string[], after: readonly string[]) {
  const statements: BatchItem<'sqlite'>[] = [];
  before.forEach((from, i) => {
    const to = after[i] ?? after[0];
    if (!to || to === from) return;
    const time = now();
    statements.push(
      // The page lives at `to` again (a slug changed back): a rule from there would loop.
      db.delete(redirect).where(eq(redirect.from, to)),
      db.update(redirect).set({ to, updatedAt: time }).where(eq(redirect.to, from)),
      db
        .insert(redirect)
        .values({ id: newId(), from, to, status: '301', isActive: true, createdAt: time, updatedAt: time })
        .onConflictDoUpdate({ target: redirect.from, set: { to, status: '301', isActive: true, updatedAt: time } }),
    );
  });
  return statements;
}

export const slugRedirects: HookSet = Object.fromEntries(pageBearing.map((key) => [key, { beforeChange: (event: WriteEvent) => slugMoves(key, event) }]));

/** The site path a rule starts at or leads to, as visits are matched (no query, no trailing slash); null off the site. */
export const sitePathOf = (address: string) => (address.startsWith('/') && !address.startsWith('//') ? address.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1') : null);

const loopRefused = (message: string) => new ApiError(400, 'VALIDATION_ERROR', message, [{ field: 'to', message }]);

/**
 * A staff rule that would send a visitor round in a circle is refused: to itself, or through
 * other rules back to where it started. One whose target is itself redirected is stored with
 * the final target, and rules that led to its source now lead there too: one hop reaches the page.
 */
async function oneHopRules({ db, id, existing, values }: WriteEvent) {
  const from = String(values.from ?? existing?.from ?? '');
  let to = String(values.to ?? existing?.to ?? '');
  if (!(values.isActive ?? existing?.isActive ?? true)) return [];
  const source = sitePathOf(from);
  const others = (await db.select({ id: redirect.id, from: redirect.from, to: redirect.to, isActive: redirect.isActive }).from(redirect)).filter((rule) => rule.id !== id);
  const onward = new Map(others.filter((rule) => rule.isActive).map((rule) => [sitePathOf(String(rule.from)), String(rule.to)]));
  const hops = [from];
  for (let at = sitePathOf(to); at !== null; at = sitePathOf(to)) {
    if (at === source && hops.length === 1) throw loopRefused(`Alamat tujuan sama dengan alamat asal (${from}): pengalihan ke dirinya sendiri tidak pernah sampai ke halaman.`);
    // Back at the start, or round a circle other rules already make.
    if (at === source || hops.length > others.length) {
      throw loopRefused(`Pengalihan ini membuat putaran: ${[...hops, to].join(' → ')}. Pengunjung tidak akan pernah sampai ke halaman; ubah alamat tujuannya.`);
    }
    const next = onward.get(at);
    if (next === undefined) break;
    hops.push(to);
    to = next;
  }
  values.to = to;
  const leadingHere = others.filter((rule) => sitePathOf(String(rule.to)) === source).map((rule) => rule.id);
  return leadingHere.length ? [db.update(redirect).set({ to, updatedAt: now() }).where(inArray(redirect.id, leadingHere))] : [];
}

/** An address given a redirect is no longer missing: it leaves the 404 log. */
export const resolvedMissing: HookSet = {
  redirect: {
    beforeChange: async (event) => [
      ...(await oneHopRules(event)),
      ...(typeof event.values.from === 'string' ? [event.db.delete(notFoundLog).where(eq(notFoundLog.path, event.values.from))] : []),
    ],
  },
};
