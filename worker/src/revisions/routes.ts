/**
 * History of a content collection's records, under /api/{collection}:
 *   GET /:id/revisions  GET /:id/revisions/:n  POST /:id/revisions/:n/restore
 *   GET /deleted  POST /deleted/:id/restore
 * Reading history needs `module.read` or `module.list`, as reading the records does; a restore
 * is a save (`module.update`, or `module.create` for a deleted record) through the collection's
 * own write pipeline, and becomes a new version.
 */
import { Hono, type Context } from 'hono';
import { recordTitle, type ResourceDefinition } from '../contract/fields.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { assertPermission, assertReadable } from '../auth/guard.ts';
import type { RecordWriter } from '../collections/routes.ts';
import { CollectionStore } from '../collections/store.ts';
import type { AppEnv } from '../env.ts';
import type { RequestBody } from '../http/body.ts';
import { ApiError, notFound, ok } from '../http/errors.ts';
import type { DeletedRecord, RevisionDetail, RevisionSummary } from '../contract/staff-answers.ts';
import { bringBackFiles, fileKeysIn } from '../files/references.ts';
import { currentSnapshot, deletedRecords, differences, restorableFields, versionsOf, type StoredVersion } from './store.ts';

/** A restore's message names every file it could not bring back, so no picture breaks unnoticed. */
const restoredMessage = (done: string, gone: string[]) =>
  gone.length ? `${done} Tetapi file ini sudah tidak ada lagi dan perlu diunggah ulang: ${gone.map((key) => `/${key}`).join(', ')}.` : done;

const versionNotFound = () => new ApiError(404, 'NOT_FOUND', 'Versi tidak ditemukan.');

const bodyOf = (resource: ResourceDefinition, version: StoredVersion): RequestBody => ({
  fields: restorableFields(resource, version.snapshot),
  files: new Map(),
});

export function historyRoutes(key: ResourceKey, writer: () => RecordWriter) {
  const resource = resources[key] as ResourceDefinition;
  const module = resource.path;
  const app = new Hono<AppEnv>();

  const versionsOfRecord = async (c: Context<AppEnv>) => {
    assertReadable(c.var.user, module);
    const versions = await versionsOf(c.var.db, key, c.req.param('id')!);
    if (!versions.length) throw notFound();
    return versions;
  };

  const versionNumber = (c: Context<AppEnv>) => Number.parseInt(c.req.param('n') ?? '', 10);

  app.get('/deleted', async (c) => {
    assertReadable(c.var.user, module);
    const deleted = await deletedRecords(c.var.db, key, new Date());
    return ok<DeletedRecord[]>(
      c,
      deleted.map((row) => ({
        _id: row.recordId,
        title: recordTitle(resource, row.snapshot, row.recordId),
        deletedAt: row.createdAt,
        deletedBy: row.username,
        record: row.snapshot,
      })),
    );
  });

  app.post('/deleted/:id/restore', async (c) => {
    assertPermission(c.var.user, module, 'create');
    const id = c.req.param('id');
    const deleted = (await deletedRecords(c.var.db, key, new Date())).find((row) => row.recordId === id);
    if (!deleted) throw new ApiError(404, 'NOT_FOUND', 'Data yang dihapus tidak ditemukan atau sudah lewat 30 hari.');
    const fields = restorableFields(resource, deleted.snapshot);
    const gone = await bringBackFiles(c.env.BUCKET, fileKeysIn(key, fields));
    const record = await writer().create(c, { fields, files: new Map() }, { id, origin: 'restore', note: ' (dipulihkan setelah dihapus)' });
    return ok(c, record, restoredMessage('Data berhasil dipulihkan!', gone), 201);
  });

  app.get('/:id/revisions', async (c) => {
    assertReadable(c.var.user, module);
    const id = c.req.param('id');
    const versions = await versionsOf(c.var.db, key, id);
    // A record stored before history was kept (seeded, imported) has none yet: an empty history.
    if (!versions.length && !(await new CollectionStore(c.var.db, key).findRow('id', id, false))) throw notFound();
    return ok<RevisionSummary[]>(
      c,
      versions.map((version, i) => ({
        version: version.version,
        action: version.action,
        username: version.username,
        createdAt: version.createdAt,
        // What this save changed: its difference from the version before it, when that is still kept.
        changedFields: differences(resource, versions[i + 1]?.snapshot, version.snapshot).map(({ field, label }) => ({ field, label })),
      })),
    );
  });

  app.get('/:id/revisions/:n', async (c) => {
    const versions = await versionsOfRecord(c);
    const version = versions.find((v) => v.version === versionNumber(c));
    if (!version) throw versionNotFound();
    const collection = new CollectionStore(c.var.db, key);
    const row = await collection.findRow('id', c.req.param('id'), false);
    const current = row ? await currentSnapshot(c.var.db, key, row) : undefined;
    return ok<RevisionDetail & { record: Record<string, unknown> }>(c, {
      version: version.version,
      action: version.action,
      username: version.username,
      createdAt: version.createdAt,
      record: version.snapshot,
      /** Field by field, this version (before) against the record as it is now (after). */
      differences: current ? differences(resource, version.snapshot, current) : [],
    });
  });

  app.post('/:id/revisions/:n/restore', async (c) => {
    assertPermission(c.var.user, module, 'update');
    const versions = await versionsOfRecord(c);
    const version = versions.find((v) => v.version === versionNumber(c));
    if (!version) throw versionNotFound();
    if (version.action === 'delete' && versions[0] === version) throw new ApiError(409, 'CONFLICT', 'Data ini sudah dihapus. Pulihkan dari daftar data yang dihapus.');
    const body = bodyOf(resource, version);
    const gone = await bringBackFiles(c.env.BUCKET, fileKeysIn(key, body.fields));
    const record = await writer().update(c, c.req.param('id'), body, { origin: 'restore', note: ` (dipulihkan dari versi ${version.version})` });
    return ok(c, record, restoredMessage(`Versi ${version.version} berhasil dipulihkan!`, gone));
  });

  return app;
}
