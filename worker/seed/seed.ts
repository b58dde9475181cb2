/**
 * Fills an empty database with the access model (every permission, three roles, the admin)
 * and the demo content, through the same write pipeline the API uses, so seeded records
 * obey the same validation, slug and link rules as records made in the admin.
 */
import { count } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { RelationField, ResourceDefinition } from '../src/contract/fields.ts';
import { isLocale } from '../src/contract/locales.ts';
import { resourceKeyOf, resources, type ResourceKey } from '../src/contract/resources.ts';
import { addMissingPermissions } from '../src/auth/permission-catalog.ts';
import { SUPER_ADMIN_ROLE } from '../src/auth/permissions.ts';
import { CollectionStore } from '../src/collections/store.ts';
import { prepareWrite } from '../src/collections/write.ts';
import { fieldStorage } from '../src/app/features.ts';
import { createDb, type Database } from '../src/db/client.ts';
import { user } from '../src/db/schema.ts';
import { prepareTranslation } from '../src/translations/write.ts';
import { content, seedPictures } from './content.ts';
import { demoImage, demoLogo } from './images.ts';

export interface SeedEnv {
  DB: D1Database;
  BUCKET: R2Bucket;
}

async function create(db: Database, bucket: R2Bucket, key: ResourceKey, fields: Record<string, unknown>, createdAt?: string) {
  const store = new CollectionStore(db, key);
  const id = store.newId();
  const write = await prepareWrite({ db, bucket, storage: fieldStorage }, store, { fields, files: new Map() }, { mode: 'create', id });
  const values = createdAt ? { ...write.values, createdAt, updatedAt: createdAt } : write.values;
  await write.commit([store.insert({ id, ...values }), ...write.links(id)] as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return id;
}

/** Stores a record's versions in other languages through the same checks as a translation saved in the admin. */
async function translate(db: Database, key: ResourceKey, id: string, versions: Record<string, Record<string, unknown>>) {
  const record = await new CollectionStore(db, key).findRow('id', id, false);
  for (const [locale, { published, ...values }] of Object.entries(versions)) {
    if (!record || !isLocale(locale)) throw new Error(`${key} ${id}: no record or an unknown language ${locale}`);
    const { statements } = await prepareTranslation(db, resources[key], record, locale, { values, isPublished: published === true });
    await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  }
}

/** Maps names used in content (slugs, permission names) to the ids they were stored under. */
async function idsBy(db: Database, key: ResourceKey, field: string) {
  const { records } = await new CollectionStore(db, key).list({ visibleOnly: false, where: {} });
  return new Map(records.map((record) => [String(record[field]), record._id]));
}

/** Collections in an order where each comes after the collections its relations link to. */
function linkedFirst(keys: ResourceKey[]): ResourceKey[] {
  const ordered: ResourceKey[] = [];
  const place = (key: ResourceKey) => {
    if (ordered.includes(key)) return;
    const resource: ResourceDefinition = resources[key];
    for (const field of Object.values(resource.fields)) {
      const target = field.kind === 'relation' ? resourceKeyOf(field.to) : undefined;
      if (target && target !== key && keys.includes(target)) place(target);
    }
    ordered.push(key);
  };
  keys.forEach(place);
  return ordered;
}

export async function isSeeded(env: SeedEnv) {
  const [row] = await createDb(env.DB).select({ n: count() }).from(user);
  return (row?.n ?? 0) > 0;
}

export async function seed(env: SeedEnv, admin: { username: string; password: string }) {
  const db = createDb(env.DB);
  const bucket = env.BUCKET;

  await addMissingPermissions(db);
  const permissionIds = await idsBy(db, 'permission', 'name');
  const contentModules = Object.values(resources)
    .filter((r) => r.public)
    .map((r) => r.path);
  const pick = (modules: readonly string[], actions: readonly string[]) =>
    modules.flatMap((m) => actions.map((a) => permissionIds.get(`${m}.${a}`)!)).filter(Boolean);

  const superAdmin = await create(db, bucket, 'role', {
    name: SUPER_ADMIN_ROLE,
    description: 'Akses penuh ke seluruh back-office.',
    isSystem: true,
    level: 10,
    permissions: [...permissionIds.values()],
  });
  await create(db, bucket, 'role', {
    name: 'Editor',
    description: 'Mengelola konten situs dan file.',
    level: 5,
    permissions: [
      ...pick([...contentModules, 'files'], ['create', 'read', 'update', 'delete', 'list']),
      ...pick(['dashboard', 'rebuild', 'subscribe'], ['read', 'list']),
    ],
  });
  await create(db, bucket, 'role', {
    name: 'Viewer',
    description: 'Hanya melihat konten.',
    level: 1,
    permissions: pick([...contentModules, 'dashboard'], ['read', 'list']),
  });
  await create(db, bucket, 'user', {
    username: admin.username,
    email: 'admin@example.org',
    password: admin.password,
    fullName: 'Administrator',
    role: superAdmin,
    department: 'IT',
    position: 'Administrator',
  });

  for (const [path, picture] of seedPictures()) {
    const index = [...seedPictures().keys()].indexOf(path);
    const svg = picture.kind === 'logo' ? demoLogo(picture.caption, index) : demoImage(picture.caption, index);
    await bucket.put(path, svg, { httpMetadata: { contentType: 'image/svg+xml' }, customMetadata: { originalName: `${picture.caption}.svg` } });
  }

  const start = Date.parse('2026-01-05T08:00:00Z');
  for (const key of linkedFirst(Object.keys(content) as ResourceKey[])) {
    const records: Array<Record<string, unknown> & { translations?: unknown }> = content[key] ?? [];
    // Demo records name the records they link to by slug: the ids they were stored under replace them.
    const resource: ResourceDefinition = resources[key];
    const relations = Object.entries(resource.fields).filter(
      (entry): entry is [string, RelationField] => entry[1].kind === 'relation' && (resources[resourceKeyOf(entry[1].to)] as ResourceDefinition).fields.slug !== undefined,
    );
    const idsBySlug = new Map(await Promise.all(relations.map(async ([name, field]) => [name, await idsBy(db, resourceKeyOf(field.to), 'slug')] as const)));
    for (const [index, { translations, ...record }] of records.entries()) {
      const fields = { ...record };
      for (const [name, ids] of idsBySlug) if (Array.isArray(record[name])) fields[name] = (record[name] as string[]).map((slug) => ids.get(slug));
      // Spread creation dates so "newest first" lists have a stable, realistic order.
      const id = await create(db, bucket, key, fields, new Date(start + index * 7 * 86_400_000).toISOString());
      if (translations) await translate(db, key, id, translations as Record<string, Record<string, unknown>>);
    }
  }
}
