/**
 * Where the site shows a record in another language: its collection's page pattern under the
 * language's prefix, with the translation's slug and, for a relation in the pattern, the slugs of
 * the related records in that language (`all` without one, as in the default language).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ResourceDefinition } from '../contract/fields.ts';
import { LOCALES, type Locale } from '../contract/locales.ts';
import { resourceKeyOf, resources, type ResourceKey } from '../contract/resources.ts';
import { isTranslatable } from '../contract/translation.ts';
import type { Database } from '../db/client.ts';
import { collections, links, translations, type AnyTable } from '../db/schema.ts';

const NONE_RELATED = 'all';

async function relatedSlugs(db: Database, key: ResourceKey, field: string, to: string, ownerId: string, locale: Locale) {
  const link = links[key]![field]!;
  const ids = (await db.select({ id: link.targetId }).from(link).where(eq(link.ownerId, ownerId))).map((row) => String(row.id));
  if (ids.length === 0) return [NONE_RELATED];
  const target: ResourceDefinition = resources[resourceKeyOf(to)];
  if (!isTranslatable(target)) {
    const table = collections[resourceKeyOf(to)] as unknown as AnyTable;
    return (await db.select({ slug: table.slug! }).from(table).where(inArray(table.id!, ids))).map((row) => String(row.slug));
  }
  const rows = await db
    .select({ slug: translations.slug })
    .from(translations)
    .where(and(eq(translations.collection, to), eq(translations.locale, locale), eq(translations.isPublished, true), inArray(translations.recordId, ids)));
  return rows.map((row) => String(row.slug));
}

/** The record's public addresses in `locale` when its translation has `slug`. */
export async function translatedPages(db: Database, key: ResourceKey, record: Record<string, unknown>, slug: string, locale: Locale): Promise<string[]> {
  const resource: ResourceDefinition = resources[key];
  if (!resource.site) return [];
  let addresses: string[] = [LOCALES[locale].prefix];
  for (const segment of resource.site.page.split('/').slice(1)) {
    const name = segment.startsWith(':') ? segment.slice(1) : null;
    const field = name ? resource.fields[name] : undefined;
    const values =
      name === null
        ? [segment]
        : field?.kind === 'slug'
          ? [slug]
          : field?.kind === 'relation'
            ? await relatedSlugs(db, key, name, field.to, String(record.id), locale)
            : [String(record[name] ?? '')];
    addresses = addresses.flatMap((address) => values.map((value) => `${address}/${value}`));
  }
  return addresses;
}
