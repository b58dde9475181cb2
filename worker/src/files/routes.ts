/** The file manager's API, the editor's image upload, and serving stored files. */
import { Hono } from 'hono';
import * as z from '../contract/zod.ts';
import { THUMBNAIL_SUFFIX, thumbnailPart, type StoredFile } from '../contract/api.ts';
import { FILE_MANAGER_LABEL, FILE_MANAGER_TYPES, IMAGE_LABEL, IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../contract/limits.ts';
import { assertPermission, assertReadable } from '../auth/guard.ts';
import { auditStatement } from '../audit/log.ts';
import type { AppEnv } from '../env.ts';
import { readBody, type Upload } from '../http/body.ts';
import { ApiError, notFound, ok } from '../http/errors.ts';
import { checkFile, decodedPath, isThumbnail, putUpload, safeFolder, storedFile, UPLOAD_PREFIX } from './storage.ts';

const FOLDER_MARKER = '.folder';

const onlyFile = (files: Map<string, Upload>) => {
  const file = files.get('file') ?? files.get('image') ?? files.get('upload');
  if (!file) throw new ApiError(400, 'VALIDATION_ERROR', 'Pilih file terlebih dahulu.');
  return file;
};

export const fileRoutes = new Hono<AppEnv>()
  .post('/upload', async (c) => {
    assertPermission(c.var.user, 'files', 'create');
    const body = await readBody(c);
    const file = onlyFile(body.files);
    checkFile(file, { maxBytes: MAX_UPLOAD_BYTES, accept: FILE_MANAGER_TYPES, acceptLabel: FILE_MANAGER_LABEL });
    const folder = typeof body.fields.folder === 'string' ? body.fields.folder : '';
    const result = await putUpload(c.env.BUCKET, file, folder, 'file-manager', body.files.get(thumbnailPart('file')));
    await auditStatement(c.var.db, c.var.user, 'upload', 'files', result.path, result.originalName);
    return ok(c, result, `File ${file.name} berhasil diupload!`, 201);
  })
  .get('/list', async (c) => {
    assertReadable(c.var.user, 'files');
    const objects: R2Object[] = [];
    let cursor: string | undefined;
    do {
      const page = await c.env.BUCKET.list({ prefix: UPLOAD_PREFIX, cursor, include: ['httpMetadata', 'customMetadata'] });
      objects.push(...page.objects);
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    // Thumbnails are listed with the file they preview, not as files of their own.
    const thumbnails = new Set(objects.map((o) => o.key).filter(isThumbnail));
    const files: StoredFile[] = objects.filter((o) => !isThumbnail(o.key)).map((o) => storedFile(o, thumbnails));
    files.sort((a, b) => b.timeCreated.localeCompare(a.timeCreated));
    return ok(c, files);
  })
  .delete('/delete/:name{.+}', async (c) => {
    assertPermission(c.var.user, 'files', 'delete');
    // Hono has decoded the path once; a name may arrive encoded once more (the admin encodes it).
    const name = decodedPath(c.req.param('name'))?.replace(/^\/?uploads\//, '');
    if (!name) throw notFound('File tidak ditemukan.');
    const key = `${UPLOAD_PREFIX}${name}`;
    if (!(await c.env.BUCKET.head(key))) throw notFound('File tidak ditemukan.');
    await c.env.BUCKET.delete([key, `${key}${THUMBNAIL_SUFFIX}`]);
    await auditStatement(c.var.db, c.var.user, 'delete', 'files', key, name);
    return ok(c, null, 'File berhasil dihapus.');
  })
  .post('/create-folder', async (c) => {
    assertPermission(c.var.user, 'files', 'create');
    const parsed = z.object({ folderName: z.string() }).safeParse((await readBody(c)).fields);
    const folder = parsed.success ? safeFolder(parsed.data.folderName) : '';
    if (!folder) throw new ApiError(400, 'VALIDATION_ERROR', 'Nama folder wajib diisi.');
    // R2 has no folders: a small marker object makes an empty one visible in listings.
    await c.env.BUCKET.put(`${UPLOAD_PREFIX}${folder}/${FOLDER_MARKER}`, '', { httpMetadata: { contentType: 'application/x-directory' } });
    return ok(c, { folderName: folder, path: `${UPLOAD_PREFIX}${folder}/` }, 'Folder berhasil dibuat!', 201);
  });

/** POST /api/upload: images pasted or inserted in the rich-text editor. */
export const editorUploadRoutes = new Hono<AppEnv>().post('/', async (c) => {
  assertPermission(c.var.user, 'files', 'create');
  const body = await readBody(c);
  const file = onlyFile(body.files);
  checkFile(file, { maxBytes: MAX_UPLOAD_BYTES, accept: IMAGE_TYPES, acceptLabel: IMAGE_LABEL });
  return ok(c, await putUpload(c.env.BUCKET, file, 'editor', 'editor', body.files.get(thumbnailPart('file'))), 'Upload berhasil.', 201);
});

/**
 * Types a browser opens as a page of the site's own address, served as a download: the file
 * manager no longer takes them, but files stored before or brought back by a restore may be.
 * (Pictures, SVG included, are shown: the sandbox keeps their script from running.)
 */
const PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml', 'text/xml', 'application/xml']);

/** The bytes an R2 range covers, for a Content-Range header. */
const span = (range: R2Range, size: number) => {
  const { offset, length, suffix } = range as { offset?: number; length?: number; suffix?: number };
  if (suffix !== undefined) return { offset: Math.max(0, size - suffix), length: Math.min(size, suffix) };
  return { offset: offset ?? 0, length: length ?? size - (offset ?? 0) };
};

/**
 * GET /uploads/*: stored files, cacheable forever (names are unique), never run as a page.
 * Single byte ranges are served, as video players (Safari's above all) need them to play and seek.
 */
export const uploadsRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const key = decodedPath(new URL(c.req.url).pathname)?.replace(/^\//, '');
  if (!key || !key.startsWith(UPLOAD_PREFIX) || key.endsWith(`/${FOLDER_MARKER}`)) return c.notFound();
  const etag = c.req.header('if-none-match');
  const onlyIf = etag ? { onlyIf: { etagDoesNotMatch: etag.replace(/"/g, '') } } : {};
  const range = c.req.header('range');
  // A range R2 cannot read (several ranges, bad syntax) gets the whole file, as HTTP allows.
  // An ETag R2 cannot read (a list, a stray quote) is treated as none: the whole file is sent.
  const object =
    (await (range ? c.env.BUCKET.get(key, { ...onlyIf, range: c.req.raw.headers }).catch(() => null) : null)) ??
    (await c.env.BUCKET.get(key, onlyIf).catch(() => c.env.BUCKET.get(key)));
  // A file stored without a thumbnail (before thumbnails, or not made by the admin) previews as itself.
  if (!object && isThumbnail(key)) return c.redirect(`/${encodeURI(key.slice(0, -THUMBNAIL_SUFFIX.length))}`, 302);
  if (!object) return c.notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('etag', object.httpEtag);
  headers.set('cache-control', 'public, max-age=31536000, immutable');
  headers.set('accept-ranges', 'bytes');
  headers.set('x-content-type-options', 'nosniff');
  // An uploaded SVG or HTML file opened directly must not run script on this origin.
  headers.set('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  // Nor be shown as one of its pages: a web page in the file manager is downloaded when opened.
  if (PAGE_TYPES.has(headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '')) headers.set('content-disposition', 'attachment');
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  const start = Number(range?.match(/^bytes=(\d+)-/)?.[1] ?? 0);
  if (start >= object.size && object.size > 0) {
    await object.body.cancel();
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${object.size}` } });
  }
  if (range && object.range) {
    const { offset, length } = span(object.range, object.size);
    headers.set('content-range', `bytes ${offset}-${offset + length - 1}/${object.size}`);
    headers.set('content-length', String(length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set('content-length', String(object.size));
  return new Response(object.body, { headers });
});
