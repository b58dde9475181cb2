/**
 * The generic REST routes of a collection, built from its resource definition:
 *   GET / (filters, search, sort, pagination)  GET /slug/:slug  GET /:id
 *   POST /  PUT /:id (partial)  DELETE /:id
 * Anonymous callers see only visible records of public collections; writes need
 * `module.create|update|delete`; non-public reads need `module.read` or `module.list`.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import { Hono, type Context } from 'hono';
import { recordTitle, type ResourceDefinition } from '../contract/fields.ts';
import { MAX_LIST_LIMIT, PUBLIC_LIST_LIMIT } from '../contract/limits.ts';
import { DEFAULT_LOCALE, isLocale, TRANSLATIONS, type Locale } from '../contract/locales.ts';
import { fieldNamed, readSort, sortableFields, sortRule, type ListSort } from '../contract/list-sort.ts';
import { TRANSLATION_DONE, TRANSLATION_STATUSES, type TranslationStatus } from '../contract/translation.ts';
import type { SessionUser } from '../contract/api.ts';
import type { PermissionAction } from '../contract/limits.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { SEARCH_MAX } from '../contract/validation.ts';
import type { AppEnv } from '../env.ts';
import { readBody, type RequestBody } from '../http/body.ts';
import { ApiError, notFound, ok } from '../http/errors.ts';
import { matches, sha1 } from '../http/etag.ts';
import { hookRunner, type ChangeEvent, type HookSet, type WriteOrigin } from './hooks.ts';
import { CollectionStore, type ApiRecord, type ListQuery, type Row } from './store.ts';
import type { FieldStorage } from './stored-forms.ts';
import { prepareWrite } from './write.ts';

export interface WriteOptions {
  origin?: WriteOrigin;
  /** Added to the audit entry's summary. */
  note?: string;
}

/** A collection's create and update pipelines (validation, permissions, hooks), shared by saves and restores. */
export interface RecordWriter {
  create(c: Context<AppEnv>, body: RequestBody, options?: WriteOptions & { id?: string }): Promise<ApiRecord>;
  update(c: Context<AppEnv>, id: string, body: RequestBody, options?: WriteOptions & { existing?: Row }): Promise<ApiRecord>;
}

/** Who may do what: a permission is `module.action`. */
export interface AccessPolicy {
  may(who: SessionUser | null, module: string, action: PermissionAction): boolean;
  /** Refuses (401 without a session, 403 without the permission). */
  require(who: SessionUser | null, module: string, action: PermissionAction): asserts who is SessionUser;
}

/** What the collection routes take from the features, given by the composition root. */
export interface CollectionsSetup {
  access: AccessPolicy;
  /** Every feature's hooks, in running order. */
  hooks: readonly HookSet[];
  storage: FieldStorage;
  /** Routes a feature adds under a collection's address (its history), given its write pipeline. */
  routes: readonly ((key: ResourceKey, writer: () => RecordWriter) => Hono<AppEnv> | undefined)[];
  /** Checks an update request before it is validated (refuses a save started from an older version). */
  updateChecks: readonly ((c: Context<AppEnv>, key: ResourceKey, existing: Row, body: RequestBody, current: () => Promise<ApiRecord>) => Promise<void>)[];
}

const truthy = (value: string | undefined) => (value === undefined ? undefined : value === 'true' || value === '1');

/** Far beyond any real list, and small enough that page × limit stays an exact SQLite integer. */
const PAGE_MAX = 1_000_000;

/** A positive whole number from the query (`page`, `limit`), or a clear refusal. */
const positive = (name: string, value: string | undefined, max: number) => {
  if (value === undefined || value === '') return undefined;
  const parsed = /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(parsed >= 1)) throw new ApiError(400, 'VALIDATION_ERROR', `Parameter ${name} harus berupa bilangan bulat positif.`);
  if (parsed > max && name === 'page') throw new ApiError(400, 'VALIDATION_ERROR', `Parameter page maksimal ${max}.`);
  return Math.min(parsed, max);
};

/** Query → filters: active/published mean "the public sees it now" (flag and schedule), a
 * collection's `queryAliases` name its fields (featured → isFeatured), and any boolean or choice
 * field can be matched by name (isActive=false, status=pending). `sort` orders by one field. */
export function listQuery(query: Record<string, string>, resource: ResourceDefinition, seesAll: boolean): ListQuery {
  const where: ListQuery['where'] = {};
  const visible = resource.visibleWhen ? (truthy(query.active) ?? truthy(query.published)) : undefined;
  for (const [alias, name] of Object.entries(resource.queryAliases ?? {})) {
    const value = truthy(query[alias]);
    if (value !== undefined) where[name] = value;
  }
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = query[name];
    if (value === undefined || value === '') continue;
    if (field.kind === 'boolean') {
      if (!/^(true|false|1|0)$/.test(value)) throw new ApiError(400, 'VALIDATION_ERROR', `${field.label} harus true atau false.`);
      where[name] = truthy(value)!;
    }
    if (field.kind === 'enum') {
      if (!field.values.includes(value)) throw new ApiError(400, 'VALIDATION_ERROR', `${field.label} harus salah satu dari: ${field.values.join(', ')}.`);
      where[name] = value;
    }
  }
  const search = query.search?.trim();
  if (search && search.length > SEARCH_MAX) throw new ApiError(400, 'VALIDATION_ERROR', `Kata pencarian maksimal ${SEARCH_MAX} karakter.`);
  const limit = positive('limit', query.limit, MAX_LIST_LIMIT);
  const page = positive('page', query.page, PAGE_MAX);
  const translation = seesAll ? translationFilter(query) : undefined;
  return {
    translation,
    visibleOnly: !seesAll,
    visible,
    where,
    search,
    updatedAfter: instant(query.updatedAfter),
    sort: sortOf(query.sort, resource),
    // Anyone may read a public list: without a page size, one answer stays bounded.
    limit: limit ?? (!seesAll && !page ? PUBLIC_LIST_LIMIT : undefined),
    page,
  };
}

/** `?sort=<field>` (ascending) or `-<field>` (descending), by a field whose kind orders a list, or a clear refusal. */
function sortOf(value: string | undefined, resource: ResourceDefinition): ListSort | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const sort = readSort(value.trim());
  if (sortRule(resource, sort.field)) return sort;
  const choices = `Pilihan: ${sortableFields(resource).join(', ')} (awali dengan - untuk urutan menurun).`;
  const field = fieldNamed(resource, sort.field);
  throw new ApiError(400, 'VALIDATION_ERROR', field ? `Daftar tidak dapat diurutkan menurut ${field.label}. ${choices}` : `Parameter sort tidak dikenal: ${sort.field}. ${choices}`);
}

/**
 * Staff's filter on translations: `?translation=missing|draft|outdated|scheduled|published`, or
 * `todo` (anything but current and published or scheduled), into `?translationLocale=` (the first translated language unless named).
 */
function translationFilter(query: Record<string, string>): ListQuery['translation'] {
  const wanted = query.translation;
  if (wanted === undefined || wanted === '') return undefined;
  const locale = query.translationLocale || TRANSLATIONS[0];
  if (!locale || !isLocale(locale) || locale === DEFAULT_LOCALE) throw new ApiError(400, 'VALIDATION_ERROR', 'Bahasa tidak dikenal.');
  if (wanted === 'todo') return { locale, statuses: TRANSLATION_STATUSES.filter((status) => !TRANSLATION_DONE.includes(status)) };
  if (!TRANSLATION_STATUSES.includes(wanted as TranslationStatus)) throw new ApiError(400, 'VALIDATION_ERROR', `Status terjemahan harus salah satu dari: ${TRANSLATION_STATUSES.join(', ')}, todo.`);
  return { locale, statuses: [wanted as TranslationStatus] };
}

/** The language a read asks for (`?locale=en`): the default one when none is named, a clear refusal for one the site does not have. */
export function localeOf(query: Record<string, string>): Locale {
  const locale = query.locale;
  if (locale === undefined || locale === '') return DEFAULT_LOCALE;
  if (!isLocale(locale)) throw new ApiError(400, 'VALIDATION_ERROR', 'Bahasa tidak dikenal.');
  return locale;
}

/** `updatedAfter` as the stored timestamps are written (ISO 8601 in UTC), or a clear refusal. */
function instant(value: string | undefined) {
  if (value === undefined || value === '') return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new ApiError(400, 'VALIDATION_ERROR', 'updatedAfter harus berupa tanggal ISO 8601, contoh: 2026-01-31T08:00:00.000Z.');
  return new Date(time).toISOString();
}

export function collectionRoutes(key: ResourceKey, setup: CollectionsSetup) {
  const resource: ResourceDefinition = resources[key];
  const access: AccessPolicy = setup.access;
  const assertPermission: AccessPolicy['require'] = (who, module, action) => access.require(who, module, action);
  const hooks = hookRunner(setup.hooks);
  const module = resource.path;
  const app = new Hono<AppEnv>();
  const store = (c: Context<AppEnv>, locale: Locale = DEFAULT_LOCALE) => new CollectionStore(c.var.db, key, locale);
  /** The store of a read, in the language it asks for. */
  const reading = (c: Context<AppEnv>) => store(c, localeOf(c.req.query()));

  /**
   * Whether the caller sees drafts: its `read` or its `list` permission opens a list and every
   * record in it alike. Callers who may not read a private collection are refused.
   */
  const readAccess = (c: Context<AppEnv>) => {
    const seesAll = access.may(c.var.user, module, 'read') || access.may(c.var.user, module, 'list');
    if (!resource.public && !seesAll) assertPermission(c.var.user, module, 'read');
    return seesAll;
  };

  /** A change as its hooks see it. */
  const change = (c: Context<AppEnv>, who: SessionUser, action: ChangeEvent['action'], id: string, existing: Row | undefined, values: Row | null, summary: string): ChangeEvent => ({
    db: c.var.db,
    env: c.env,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
    who,
    key,
    action,
    id,
    existing,
    values,
    summary,
  });

  // Anonymous reads carry an ETag derived from the collection's version, so a client that
  // holds it gets 304 without the list being read, expanded or serialised again.
  if (resource.public) {
    app.get('*', async (c, next) => {
      if (c.var.user) return next();
      const url = new URL(c.req.url);
      const tag = `W/"${await sha1(`${await store(c).version()} ${url.pathname}${url.search}`)}"`;
      const headers = { etag: tag, 'cache-control': 'no-cache' };
      if (matches(c.req.header('if-none-match'), tag)) return c.body(null, 304, headers);
      await next();
      if (c.res.status === 200) for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    });
  }

  for (const routes of setup.routes) {
    const added = routes(key, () => writer);
    if (added) app.route('/', added);
  }

  app.get('/', async (c) => {
    const query = listQuery(c.req.query(), resource, readAccess(c));
    const { records, total, limit } = await reading(c).list(query);
    const pagination = limit ? { page: query.page ?? 1, limit, total, pages: Math.max(1, Math.ceil(total / limit)) } : undefined;
    return ok(c, records, 'OK', 200, pagination);
  });

  /** Ids and last changes of every matching record (same filters as the list, no paging). */
  app.get('/versions', async (c) => {
    const { limit: _limit, page: _page, ...query } = listQuery(c.req.query(), resource, readAccess(c));
    return ok(c, await reading(c).versions(query));
  });

  if (Object.values(resource.fields).some((field) => field.kind === 'slug')) {
    app.get('/slug/:slug', async (c) => {
      const record = await reading(c).find('slug', c.req.param('slug'), !readAccess(c));
      if (!record) throw notFound();
      return ok(c, record);
    });
  }

  app.get('/:id', async (c) => {
    const record = await reading(c).find('id', c.req.param('id'), !readAccess(c));
    if (!record) throw notFound();
    return ok(c, record);
  });

  /** The create and update pipelines, shared by the editors' saves and by restores. */
  const writer: RecordWriter = {
    async create(c, body, { id = store(c).newId(), origin, note = '' } = {}) {
      const who = c.var.user;
      assertPermission(who, module, 'create');
      const collection = store(c);
      let hooked: BatchItem<'sqlite'>[] = [];
      const write = await prepareWrite({ db: c.var.db, bucket: c.env.BUCKET, storage: setup.storage }, collection, body, {
        mode: 'create',
        id,
        guard: async (values, relations) => {
          hooked = await hooks.beforeChange(key, { db: c.var.db, bucket: c.env.BUCKET, who, session: c.var.session, id, existing: undefined, values, relations, origin });
        },
      });
      const event = change(c, who, 'create', id, undefined, write.values, write.summary + note);
      await write.commit([collection.insert({ id, ...write.values }), ...write.links(id), ...hooked, ...hooks.inBatch(event)]);
      await hooks.afterChange(event);
      return (await collection.find('id', id, false))!;
    },
    async update(c, id, body, { origin, note = '', existing } = {}) {
      const who = c.var.user;
      assertPermission(who, module, 'update');
      const collection = store(c);
      existing ??= await collection.findRow('id', id, false);
      if (!existing) throw notFound();
      let hooked: BatchItem<'sqlite'>[] = [];
      const write = await prepareWrite({ db: c.var.db, bucket: c.env.BUCKET, storage: setup.storage }, collection, body, {
        mode: 'update',
        id,
        existing,
        guard: async (values, relations) => {
          hooked = await hooks.beforeChange(key, { db: c.var.db, bucket: c.env.BUCKET, who, session: c.var.session, id, existing, values, relations, origin });
        },
      });
      const event = change(c, who, 'update', id, existing, write.values, write.summary + note);
      await write.commit([collection.update(id, write.values), ...write.links(id), ...hooked, ...hooks.inBatch(event)]);
      await hooks.afterChange(event);
      return (await collection.find('id', id, false))!;
    },
  };

  app.post('/', async (c) => {
    assertPermission(c.var.user, module, 'create');
    return ok(c, await writer.create(c, await readBody(c)), 'Data berhasil ditambahkan!', 201);
  });

  app.put('/:id', async (c) => {
    assertPermission(c.var.user, module, 'update');
    const collection = store(c);
    const id = c.req.param('id');
    const existing = await collection.findRow('id', id, false);
    if (!existing) throw notFound();
    const body = await readBody(c);
    // A save that names the version it started from is refused if someone saved since.
    for (const check of setup.updateChecks) await check(c, key, existing, body, () => collection.present([existing]).then(([record]) => record!));
    return ok(c, await writer.update(c, id, body, { existing }), 'Data berhasil diperbarui!');
  });

  app.delete('/:id', async (c) => {
    const who = c.var.user;
    assertPermission(who, module, 'delete');
    const collection = store(c);
    const id = c.req.param('id');
    const existing = await collection.findRow('id', id, false);
    if (!existing) throw notFound();
    if (resource.protectedWhen && existing[resource.protectedWhen]) {
      throw new ApiError(403, 'FORBIDDEN', `${resource.title} sistem tidak dapat dihapus.`);
    }
    const hooked = await hooks.beforeDelete(key, { db: c.var.db, who, session: c.var.session, id, existing });
    const event = change(c, who, 'delete', id, existing, null, recordTitle(resource, existing, id));
    await c.var.db.batch([collection.delete(id), ...hooked, ...hooks.inBatch(event)]);
    await hooks.afterChange(event);
    return ok(c, null, 'Data berhasil dihapus!');
  });

  return app;
}

/** Every collection under /api/{path}. */
export const collectionsApp = (setup: CollectionsSetup) => {
  const app = new Hono<AppEnv>();
  for (const key of Object.keys(resources) as ResourceKey[]) app.route(`/${resources[key].path}`, collectionRoutes(key, setup));
  return app;
};
