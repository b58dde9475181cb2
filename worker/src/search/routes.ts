/**
 * The admin's search (Ctrl+K): GET /api/search?q= finds records of every collection with a
 * back-office screen that the caller may read, by the title field of its definition or its slug,
 * in Indonesian or in any language it is translated into (drafts of translations included).
 * One D1 batch, one statement per collection; the term is matched as plain text (instr), so no
 * character of it is a pattern or reaches the SQL as code.
 */
import { and, desc, eq, getTableColumns, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { Hono } from 'hono';
import type { ResourceDefinition } from '../contract/fields.ts';
import { mayRead } from '../contract/permissions.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { SEARCH_QUERY_MESSAGES, searchQueryProblem, type AdminSearchHit } from '../contract/search.ts';
import { isLocale } from '../contract/locales.ts';
import { isTranslatable } from '../contract/translation.ts';
import { caseFolded, containsText } from '../db/text-match.ts';
import { collections, translations, type AnyTable } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, ok, unauthorized } from '../http/errors.ts';

/** Hits answered per collection: enough to recognise the record, few enough to read at a glance. */
export const HITS_PER_COLLECTION = 5;

/** The slug field of a definition, when it has one. */
const slugFieldOf = (resource: ResourceDefinition) => Object.entries(resource.fields).find(([, field]) => field.kind === 'slug')?.[0];

/** The collections a caller may search: a screen to open the record in, and read (or list) permission. */
const searchableFor = (permissions: readonly string[]) =>
  (Object.keys(resources) as ResourceKey[]).filter((key) => {
    const resource: ResourceDefinition = resources[key];
    return resource.admin !== undefined && mayRead(permissions, resource.path);
  });

/**
 * The statement finding one collection's records: the closest titles first (same, then starting
 * with the term), then the latest changed. A record found only by a translation's title or slug
 * answers that translation's language, title and slug.
 */
function hitsOf(db: AppEnv['Variables']['db'], key: ResourceKey, term: string) {
  const resource: ResourceDefinition = resources[key];
  const table = collections[key] as unknown as AnyTable;
  const columns = getTableColumns(table);
  const title = columns[resource.titleField]!;
  const slugName = slugFieldOf(resource);
  const slug = slugName ? columns[slugName]! : undefined;
  const contains = (column: SQL | typeof title): SQL => containsText(column, term);
  const own = slug ? or(contains(title), contains(slug))! : contains(title);
  const folded = caseFolded(title, term);
  const ordered = [sql`${folded.value} = ${folded.term} desc`, sql`instr(${folded.value}, ${folded.term}) = 1 desc`, desc(columns.updatedAt!)];
  if (!isTranslatable(resource)) {
    return db
      .select({ id: columns.id!, title: sql<string | null>`${title}`, slug: slug ? sql<string | null>`${slug}` : sql<null>`null`, locale: sql<null>`null`, translatedTitle: sql<null>`null`, translatedSlug: sql<null>`null` })
      .from(table)
      .where(own)
      .orderBy(...ordered)
      .limit(HITS_PER_COLLECTION);
  }
  const translatedTitle = sql`json_extract(${translations.values}, ${`$.${resource.titleField}`})`;
  const inTranslation = or(contains(translatedTitle), contains(sql`${translations.slug}`))!;
  return db
    .select({
      // Named apart: D1 answers a row's columns by name, and both tables have a slug.
      id: sql<string>`${columns.id!}`.as('hitId'),
      title: sql<string | null>`${title}`.as('hitTitle'),
      slug: slug ? sql<string | null>`${slug}`.as('hitSlug') : sql<null>`null`.as('hitSlug'),
      // The language is named only when the Indonesian title and slug do not match.
      locale: sql<string | null>`case when ${own} then null else ${translations.locale} end`,
      translatedTitle: sql<string | null>`${translatedTitle}`,
      translatedSlug: sql<string | null>`${translations.slug}`.as('translatedSlug'),
    })
    .from(table)
    .leftJoin(translations, and(eq(translations.collection, resource.path), eq(translations.recordId, columns.id!), inTranslation))
    .where(or(own, isNotNull(translations.recordId)))
    .groupBy(columns.id!)
    .orderBy(...ordered)
    .limit(HITS_PER_COLLECTION);
}

type HitRow = { id: string; title: string | null; slug: string | null; locale: string | null; translatedTitle: string | null; translatedSlug: string | null };

const hitOf = (collection: ResourceKey, row: HitRow): AdminSearchHit => {
  if (row.locale && isLocale(row.locale)) {
    const sourceTitle = row.title || String(row.id);
    return { collection, id: String(row.id), title: row.translatedTitle || sourceTitle, slug: row.translatedSlug || null, locale: row.locale, sourceTitle };
  }
  return { collection, id: String(row.id), title: row.title || String(row.id), slug: row.slug || null };
};

export const searchRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const who = c.var.user;
  if (!who) throw unauthorized();
  const term = (c.req.query('q') ?? '').trim();
  const problem = searchQueryProblem(term);
  if (problem) throw new ApiError(400, 'VALIDATION_ERROR', SEARCH_QUERY_MESSAGES.id[problem], { field: 'q', problem });
  const keys = searchableFor(who.permissions);
  if (keys.length === 0) return ok(c, [] as AdminSearchHit[]);
  const [first, ...rest] = keys.map((key) => hitsOf(c.var.db, key, term));
  const answers = (await c.var.db.batch([first!, ...rest] as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])) as HitRow[][];
  const hits: AdminSearchHit[] = keys.flatMap((key, at) => answers[at]!.map((row) => hitOf(key, row)));
  return ok(c, hits);
});
