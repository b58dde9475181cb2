/**
 * The worker: the JSON API under /api, stored files under /uploads, the admin SPA under
 * /admin and /login, the /work redirects; every other path is a static file of the site.
 */
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { auditRoutes } from './audit/log.ts';
import { authRoutes } from './auth/routes.ts';
import { loadSession, sameOriginWrites } from './auth/session.ts';
import { collectionsApp } from './collections/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { createDb } from './db/client.ts';
import type { AppEnv } from './env.ts';
import { editorUploadRoutes, fileRoutes, uploadsRoutes } from './files/routes.ts';
import { ApiError, failure } from './http/errors.ts';
import { rebuildRoutes } from './rebuild/rebuild.ts';
import { settingsRoutes } from './settings/routes.ts';
import { publicSubscribe } from './subscribers/routes.ts';
import { PERMISSION_MODULES } from './contract/resources.ts';
import { CollectionStore } from './collections/store.ts';
import { requirePermission } from './auth/guard.ts';
import { ok } from './http/errors.ts';
import { cronJobs } from './cron/jobs.ts';
import { runJobs } from './cron/scheduled.ts';
import type { Bindings } from './env.ts';

const api = new Hono<AppEnv>()
  .use(async (c, next) => {
    c.set('db', createDb(c.env.DB));
    await next();
  })
  .use(loadSession)
  .use(sameOriginWrites)
  .use(async (c, next) => {
    await next();
    // Answers that may be revalidated say so themselves (public reads with an ETag).
    if (!c.res.headers.has('cache-control')) c.header('cache-control', 'no-store');
  })
  .route('/auth', authRoutes)
  .route('/files', fileRoutes)
  .route('/upload', editorUploadRoutes)
  .route('/rebuild', rebuildRoutes)
  .route('/audit', auditRoutes)
  .route('/settings', settingsRoutes)
  .route('/dashboard', dashboardRoutes)
  .route('/subscribe', publicSubscribe)
  .get('/role/permissions/list', requirePermission('role', 'read'), async (c) =>
    ok(c, (await new CollectionStore(c.var.db, 'permission').list({ visibleOnly: false, where: { isActive: true } })).records),
  )
  .get('/permission/modules/list', requirePermission('permission', 'read'), (c) => ok(c, [...PERMISSION_MODULES]))
  .route('/', collectionsApp())
  .all('*', (c) => failure(c, new ApiError(404, 'NOT_FOUND', `Endpoint tidak ditemukan: ${c.req.method} ${new URL(c.req.url).pathname}`)));

/** A file of the built admin, copied so security headers can be added to it. */
const adminAsset = async (c: Context<AppEnv>, path: string) => {
  const asset = await c.env.ASSETS.fetch(new URL(path, c.req.url));
  return new Response(asset.body, asset);
};

const app = new Hono<AppEnv>()
  .use('/admin/*', secureHeaders())
  .use('/login', secureHeaders())
  .route('/api', api)
  .route('/uploads', uploadsRoutes)
  .get('/work', (c) => c.redirect('/our-work', 301))
  .get('/work/*', (c) => c.redirect(`/our-work${new URL(c.req.url).pathname.slice('/work'.length)}`, 301))
  // The admin SPA: its files, and index.html for every client-side route.
  .get('/login', (c) => adminAsset(c, '/admin/index.html'))
  .get('/admin', (c) => adminAsset(c, '/admin/index.html'))
  .get('/admin/*', async (c) => {
    const asset = await adminAsset(c, new URL(c.req.url).pathname);
    return asset.status === 404 ? adminAsset(c, '/admin/index.html') : asset;
  })
  .onError((error, c) => {
    if (error instanceof ApiError) return failure(c, error);
    if (error instanceof HTTPException) return failure(c, new ApiError(error.status as 400, 'BAD_REQUEST', error.message || 'Data yang dikirim tidak valid.'));
    console.error(error);
    return failure(c, new ApiError(500, 'SERVER_ERROR', 'Terjadi kesalahan di server. Silakan coba lagi nanti.'));
  });

export default {
  fetch: app.fetch,
  scheduled: (controller: ScheduledController, env: Bindings, ctx: ExecutionContext) => runJobs(cronJobs, controller, env, ctx),
} satisfies ExportedHandler<Bindings>;
