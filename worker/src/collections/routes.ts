/**
 * The generic REST routes of a collection, built from its resource definition:
 *   GET / (filters, search, pagination)  GET /slug/:slug  GET /:id
 *   POST /  PUT /:id (partial)  DELETE /:id
 * Anonymous callers see only visible records of public collections; writes need
 * `module.create|update|delete`; non-public reads need `module.read` or `module.list`.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import { Hono, type Context } from 'hono';
import { recordTitle, type ResourceDefinition } from '../contract/fields.ts';
import { MAX_LIST_LIMIT, PUBLIC_LIST_LIMIT } from '../contract/limits.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { SEARCH_MAX } from '../contract/validation.ts';
import { assertPermission } from '../auth/guard.ts';
import { can } from '../auth/permissions.ts';
import { auditStatement } from '../audit/log.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { ApiError, notFound, ok } from '../http/errors.ts';
import { requestRebuild } from '../rebuild/rebuild.ts';
import { beforeDelete, beforeWrite } from './hooks.ts';
import { CollectionStore, type ListQuery } from './store.ts';
import { prepareWrite } from './write.ts';
import { droppedFiles, releaseFiles } from '../files/references.ts';
import { historyRoutes, type RecordWriter } from '../revisions/routes.ts';
import { keepsHistory } from '../revisions/store.ts';
import { refuseStaleSave } from '../revisions/conflict.ts';

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

/** Query → filters: active/published mean "the public sees it now" (flag and schedule), featured
 * means isFeatured, and any boolean or choice field can be matched by name (isActive=false, status=pending). */
function listQuery(c: Context<AppEnv>, resource: ResourceDefinition, seesAll: boolean): ListQuery {
  const where: ListQuery['where'] = {};
  const query = c.req.query();
  const visible = resource.visibleWhen ? (truthy(query.active) ?? truthy(query.published)) : undefined;
  const featured = truthy(query.featured);
  if (featured !== undefined && 'isFeatured' in resource.fields) where.isFeatured = featured;
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
  return {
    visibleOnly: !seesAll,
    visible,
    where,
    search,
    updatedAfter: instant(query.updatedAfter),
    // Anyone may read a public list: without a page size, one answer stays bounded.
    limit: limit ?? (!seesAll && !page ? PUBLIC_LIST_LIMIT : undefined),
    page,
  };
}

/** `updatedAfter` as the stored timestamps are written (ISO 8601 in UTC), or a clear refusal. */
function instant(value: string | undefined) {
  if (value === undefined || value === '') return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new ApiError(400, 'VALIDATION_ERROR', 'updatedAfter harus berupa tanggal ISO 8601, contoh: 2026-01-31T08:00:00.000Z.');
  return new Date(time).toISOString();
}

const sha1 = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text)))].map((b) => b.toString(16).padStart(2, '0')).join('');

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
/** Whether an If-None-Match header names `tag` (weak comparison, `*` matches any). */
const matches = (header: string | undefined, tag: string) =>
  !!header && header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(tag));

export function collectionRoutes(key: ResourceKey) {
  const resource: ResourceDefinition = resources[key];
  const module = resource.path;
  const app = new Hono<AppEnv>();
  const store = (c: Context<AppEnv>) => new CollectionStore(c.var.db, key);

  /** Whether the caller sees drafts; callers who may not read a private collection are refused. */
  const readAccess = (c: Context<AppEnv>, action: 'read' | 'list') => {
    const seesAll = can(c.var.user, module, action) || can(c.var.user, module, 'read');
    if (!resource.public && !seesAll) assertPermission(c.var.user, module, action);
    return seesAll;
  };

  const afterWrite = async (c: Context<AppEnv>, action: string) => {
    if (resource.rebuildsSite) await requestRebuild(c, `${resource.title}: ${action}`);
  };

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

  if (keepsHistory(resource)) app.route('/', historyRoutes(key, () => writer));

  app.get('/', async (c) => {
    const query = listQuery(c, resource, readAccess(c, 'list'));
    const { records, total, limit } = await store(c).list(query);
    const pagination = limit ? { page: query.page ?? 1, limit, total, pages: Math.max(1, Math.ceil(total / limit)) } : undefined;
    return ok(c, records, 'OK', 200, pagination);
  });

  /** Ids and last changes of every matching record (same filters as the list, no paging). */
  app.get('/versions', async (c) => {
    const { limit: _limit, page: _page, ...query } = listQuery(c, resource, readAccess(c, 'list'));
    return ok(c, await store(c).versions(query));
  });

  if (Object.values(resource.fields).some((field) => field.kind === 'slug')) {
    app.get('/slug/:slug', async (c) => {
      const record = await store(c).find('slug', c.req.param('slug'), !readAccess(c, 'read'));
      if (!record) throw notFound();
      return ok(c, record);
    });
  }

  app.get('/:id', async (c) => {
    const record = await store(c).find('id', c.req.param('id'), !readAccess(c, 'read'));
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
      const write = await prepareWrite({ db: c.var.db, bucket: c.env.BUCKET }, collection, body, {
        mode: 'create',
        id,
        guard: async (values, relations) => {
          hooked = await beforeWrite(key, { db: c.var.db, who, session: c.var.session, id, existing: undefined, values, relations, origin });
        },
      });
      await write.commit([
        collection.insert({ id, ...write.values }),
        ...write.links(id),
        ...hooked,
        auditStatement(c.var.db, c.var.user, 'create', module, id, write.summary + note),
      ]);
      await afterWrite(c, 'create');
      return (await collection.find('id', id, false))!;
    },
    async update(c, id, body, { origin, note = '', existing } = {}) {
      const who = c.var.user;
      assertPermission(who, module, 'update');
      const collection = store(c);
      existing ??= await collection.findRow('id', id, false);
      if (!existing) throw notFound();
      let hooked: BatchItem<'sqlite'>[] = [];
      const write = await prepareWrite({ db: c.var.db, bucket: c.env.BUCKET }, collection, body, {
        mode: 'update',
        id,
        existing,
        guard: async (values, relations) => {
          hooked = await beforeWrite(key, { db: c.var.db, who, session: c.var.session, id, existing, values, relations, origin });
        },
      });
      await write.commit([
        collection.update(id, write.values),
        ...write.links(id),
        ...hooked,
        auditStatement(c.var.db, c.var.user, 'update', module, id, write.summary + note),
      ]);
      await releaseFiles(c.var.db, c.env.BUCKET, droppedFiles(key, existing, write.values));
      await afterWrite(c, 'update');
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
    await refuseStaleSave(c, module, existing, body, () => collection.present([existing]).then(([record]) => record!));
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
    const hooked = await beforeDelete(key, { db: c.var.db, who, session: c.var.session, id, existing });
    await c.var.db.batch([collection.delete(id), ...hooked, auditStatement(c.var.db, c.var.user, 'delete', module, id, recordTitle(resource, existing, id))]);
    await releaseFiles(c.var.db, c.env.BUCKET, droppedFiles(key, existing, null));
    await afterWrite(c, 'delete');
    return ok(c, null, 'Data berhasil dihapus!');
  });

  return app;
}

/** Every collection under /api/{path}. */
export const collectionsApp = () => {
  const app = new Hono<AppEnv>();
  for (const key of Object.keys(resources) as ResourceKey[]) app.route(`/${resources[key].path}`, collectionRoutes(key));
  return app;
};
