/**
 * Preview links. `POST /api/{collection}/preview` stores a form's unsaved values (checked by the
 * collection's schema) as a draft and answers its link; `/preview/<token>` shows it in the site's
 * own page template (page.ts) to anyone holding the link until it expires or is revoked.
 */
import { Hono, type Context } from 'hono';
import { can } from '../auth/permissions.ts';
import { unauthorized, forbidden, ApiError, notFound, ok } from '../http/errors.ts';
import { resources } from '../contract/resources.ts';
import type { ResourceDefinition } from '../contract/fields.ts';
import { fieldErrors, inputSchema } from '../contract/validation.ts';
import { sanitizeRichText } from '../content/sanitize.ts';
import type { AppEnv } from '../env.ts';
import { createPreview, findPreview, openPreviews, revokePreview } from './store.ts';

const previewable = (path: string) =>
  (Object.values(resources) as ResourceDefinition[]).find((resource) => resource.path === path && resource.preview);

/** The collection named in the address, if it has previews, and the caller may edit it (create or update). */
function editableCollection(c: Context<AppEnv>, path: string) {
  const resource = previewable(path);
  if (!resource) throw notFound('Koleksi ini tidak memiliki pratinjau.');
  const who = c.var.user;
  if (!who) throw unauthorized();
  if (!can(who, resource.path, 'create') && !can(who, resource.path, 'update')) throw forbidden(`${resource.path}.update`);
  return { resource, who };
}

/** The draft as the site would store it: the schema's values, rich text sanitised like a save. */
function draftOf(resource: ResourceDefinition, input: unknown) {
  const checked = inputSchema(resource, 'create').safeParse(input);
  if (!checked.success) {
    const errors = fieldErrors(checked.error);
    throw new ApiError(400, 'VALIDATION_ERROR', errors.map((error) => error.message).join(' '), errors);
  }
  const data: Record<string, unknown> = { ...checked.data };
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind === 'richText' && typeof data[name] === 'string') data[name] = sanitizeRichText(data[name]);
  }
  return data;
}

export const previewApi = new Hono<AppEnv>()
  .post('/:collection/preview', async (c) => {
    const { resource, who } = editableCollection(c, c.req.param('collection'));
    const body = await c.req.json<{ recordId?: unknown; data?: unknown }>().catch(() => null);
    if (!body || typeof body !== 'object') throw new ApiError(400, 'VALIDATION_ERROR', 'Data pratinjau harus berupa JSON: { recordId, data }.');
    const recordId = typeof body.recordId === 'string' ? body.recordId : '';
    const data = draftOf(resource, body.data);
    const preview = await createPreview(c.var.db, { collection: resource.path, recordId, data, createdBy: who.id, createdByName: who.username });
    const url = new URL(`/preview/${preview.token}`, c.req.url).href;
    return ok(c, { id: preview.id, url, expiresAt: preview.expiresAt, createdAt: preview.createdAt }, 'Pratinjau dibuat.', 201);
  })
  .get('/:collection/:id/previews', async (c) => {
    const { resource } = editableCollection(c, c.req.param('collection'));
    return ok(c, await openPreviews(c.var.db, resource.path, c.req.param('id')));
  })
  .delete('/preview/:id', async (c) => {
    const preview = await findPreview(c.var.db, c.req.param('id'));
    if (!preview) throw notFound('Tautan pratinjau tidak ditemukan.');
    editableCollection(c, preview.collection);
    await revokePreview(c.var.db, preview.id);
    return ok(c, null, 'Tautan pratinjau dicabut.');
  });
