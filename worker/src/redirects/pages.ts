/**
 * Where the site shows a record: the public addresses a slug change moves. Work pages sit under
 * each of their categories (or `all` without one), so a work has one address per category.
 */
import { eq, inArray } from 'drizzle-orm';
import type { ResourceKey } from '../contract/resources.ts';
import type { Database } from '../db/client.ts';
import { category, ourWorkCategories } from '../db/schema.ts';
import type { Row } from '../collections/store.ts';

type PagesOf = (db: Database, row: Row, relations: Record<string, string[]>) => Promise<string[]>;

const under = (prefix: string): PagesOf => async (_db, row) => [`${prefix}/${String(row.slug)}`];

async function categorySlugs(db: Database, workId: string, chosen: string[] | undefined) {
  const ids = chosen ?? (await db.select({ id: ourWorkCategories.targetId }).from(ourWorkCategories).where(eq(ourWorkCategories.ownerId, workId))).map((link) => link.id);
  if (ids.length === 0) return ['all'];
  return (await db.select({ slug: category.slug }).from(category).where(inArray(category.id, ids))).map((row) => String(row.slug));
}

export const sitePages: Partial<Record<ResourceKey, PagesOf>> = {
  vision: under('/vision'),
  bioCore: under('/bio-core'),
  ourImpact: under('/our-impact'),
  category: under('/our-work'),
  ourWork: async (db, row, relations) => (await categorySlugs(db, String(row.id), relations.category_ids)).map((slug) => `/our-work/${slug}/${String(row.slug)}`),
};
