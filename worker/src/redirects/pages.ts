/**
 * Where the site shows a record: the public addresses a slug change moves, from its
 * collection's `site.page` pattern. A pattern's relation field gives one address per related
 * record's slug (`all` without one): a work has one address per category.
 */
import { eq, inArray } from 'drizzle-orm';
import type { ResourceDefinition } from '../contract/fields.ts';
import { resourceKeyOf, resources, type ResourceKey } from '../contract/resources.ts';
import type { Database } from '../db/client.ts';
import { collections, links, type AnyTable } from '../db/schema.ts';
import type { Row } from '../collections/store.ts';

/** The address segment a relation gives when the record has no related record. */
const NONE_RELATED = 'all';

async function relatedSlugs(db: Database, key: ResourceKey, field: string, to: string, ownerId: string, chosen: string[] | undefined) {
  const link = links[key]![field]!;
  const ids = chosen ?? (await db.select({ id: link.targetId }).from(link).where(eq(link.ownerId, ownerId))).map((row) => String(row.id));
  if (ids.length === 0) return [NONE_RELATED];
  const target = collections[resourceKeyOf(to)] as unknown as AnyTable;
  return (await db.select({ slug: target.slug! }).from(target).where(inArray(target.id!, ids))).map((row) => String(row.slug));
}

/** The collections with a record page of their own. */
export const pageBearing = (Object.keys(resources) as ResourceKey[]).filter((key) => resources[key].site !== undefined);

/** A record's public addresses; `relations`: relation fields being saved, read from the database otherwise. */
export async function recordPages(db: Database, key: ResourceKey, row: Row, relations: Record<string, string[]>): Promise<string[]> {
  const resource: ResourceDefinition = resources[key];
  if (!resource.site) return [];
  let addresses = [''];
  for (const segment of resource.site.page.split('/').slice(1)) {
    const name = segment.startsWith(':') ? segment.slice(1) : null;
    const field = name ? resource.fields[name] : undefined;
    const values =
      name === null ? [segment] : field?.kind === 'relation' ? await relatedSlugs(db, key, name, field.to, String(row.id), relations[name]) : [String(row[name] ?? '')];
    addresses = addresses.flatMap((address) => values.map((value) => `${address}/${value}`));
  }
  return addresses;
}
