/**
 * The worker: the JSON API under /api, stored files under /uploads, the admin SPA under
 * /admin and /login, the /work redirects; every other path is a static file of the site.
 */
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { API_HEADERS, cspWith, HASHED_FILE_CACHE, PAGE_HEADERS } from './contract/headers.ts';
import { auditRoutes } from './audit/log.ts';
import { backupRoutes } from './backup/daily.ts';
import { authRoutes } from './auth/routes.ts';
import { inviteRoutes } from './auth/invites.ts';
import { resetRoutes } from './auth/reset.ts';
import { sessionRoutes } from './auth/sessions.ts';
import { factorRoutes } from './auth/factors.ts';
import { accessLists } from './auth/lists.ts';
import { loadSession, sameOriginWrites } from './auth/session.ts';
import { collectionsApp } from './collections/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { createDb } from './db/client.ts';
import type { AppEnv, Bindings } from './env.ts';
import { editorUploadRoutes, fileRoutes, uploadsRoutes } from './files/routes.ts';
import { ApiError, failure, ok } from './http/errors.ts';
import { idempotentWrites } from './http/idempotency.ts';
import { publicAnswers } from './http/answer-cache.ts';
import { publicRead } from './http/public-reads.ts';
import { notFoundRoutes } from './redirects/routes.ts';
import { missingPage } from './redirects/site.ts';
import { rebuildRoutes } from './rebuild/rebuild.ts';
import { settingsRoutes } from './settings/routes.ts';
import { newsletterPageActions, newsletterRoutes } from './newsletter/routes.ts';
import { publicSubscribe } from './subscribers/routes.ts';
import { cronJobs } from './app/jobs.ts';
import { collectionsSetup } from './app/features.ts';
import { runJobs } from './cron/scheduled.ts';
import { previewApi } from './preview/routes.ts';
import { previewPage } from './preview/page.ts';
import { inquiryRoutes } from './inquiries/routes.ts';
import { inquiryPageRoutes } from './inquiries/page.ts';
import { privacyRoutes } from './privacy/routes.ts';
import { searchRoutes } from './search/routes.ts';

const sha256Hex = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))].map((byte) => byte.toString(16).padStart(2, '0')).join('');

const unknownEndpoint = (c: Context) => failure(c, new ApiError(404, 'NOT_FOUND', `Endpoint tidak ditemukan: ${c.req.method} ${new URL(c.req.url).pathname}`));

const api = new Hono<AppEnv>()
  .use(async (c, next) => {
    c.set('db', createDb(c.env.DB));
    await next();
  })
  .use(loadSession)
  .use(sameOriginWrites)
  .use(idempotentWrites)
  .use(async (c, next) => {
    await next();
    // Answers that may be revalidated say so themselves (public reads with an ETag).
    if (!c.res.headers.has('cache-control')) c.header('cache-control', 'no-store');
  })
  .route('/auth/password', resetRoutes)
  .route('/auth', authRoutes)
  .route('/sessions', sessionRoutes)
  .route('/invites', inviteRoutes)
  .route('/auth', factorRoutes)
  .route('/files', fileRoutes)
  .route('/upload', editorUploadRoutes)
  .route('/rebuild', rebuildRoutes)
  .route('/audit', auditRoutes)
  .route('/settings', settingsRoutes)
  .route('/dashboard', dashboardRoutes)
  .route('/backup', backupRoutes)
  .route('/subscribe', publicSubscribe)
  .route('/newsletter', newsletterRoutes)
  .route('/not-found', notFoundRoutes)
  .route('/inquiries', inquiryRoutes)
  .route('/privacy', privacyRoutes)
  .route('/search', searchRoutes)
  // The start token's hash, never the token: the local runner, which alone knows the token, recognises its own worker.
  .get('/health', async (c) => ok(c, { startTokenSha256: c.env.LOCAL_START_TOKEN ? await sha256Hex(c.env.LOCAL_START_TOKEN) : null }))
  .route('/', accessLists)
  .route('/', previewApi)
  .route('/', collectionsApp(collectionsSetup))
  .all('*', unknownEndpoint);

/** Where the admin build puts its content-hashed scripts and styles. */
const ADMIN_HASHED_FILES = '/admin/assets/';

/** A file of the built admin, copied so security headers can be added to it. */
const adminAsset = async (c: Context<AppEnv>, path: string) => {
  const asset = await c.env.ASSETS.fetch(new URL(path, c.req.url));
  return new Response(asset.body, asset);
};

/** A public file of the built site: from ASSETS, or locally from the dev runner's site server. */
const sitePage = (c: Context<AppEnv>, path?: string) => {
  const url = new URL(c.req.url);
  if (path) url.pathname = path;
  const request = new Request(c.env.SITE_ORIGIN ? c.env.SITE_ORIGIN + url.pathname + url.search : url, c.req.raw);
  return c.env.SITE_ORIGIN ? fetch(request, { redirect: 'manual' }) : c.env.ASSETS.fetch(request);
};

/** A built page of the site, read with a plain GET whatever the request it answers. */
const builtPage = (c: Context<AppEnv>, path: string) => {
  const url = new URL(path, c.req.url);
  return c.env.SITE_ORIGIN ? fetch(c.env.SITE_ORIGIN + url.pathname, { redirect: 'manual' }) : c.env.ASSETS.fetch(url);
};

/**
 * The admin's page headers. Its built files hold no inline script; upload previews are blob:
 * images. Registered before secureHeaders so these win where both set a header.
 */
/** The old site's work pages moved under /our-work for good; the query (a campaign's tags) goes along. */
const movedWorkPage = (c: Context) => {
  const { pathname, search } = new URL(c.req.url);
  return c.redirect(`/our-work${pathname.slice('/work'.length)}${search}`, 301);
};

const ADMIN_CSP = cspWith({ 'img-src': ['blob:'] });
const adminPageHeaders = createMiddleware(async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(PAGE_HEADERS)) c.res.headers.set(name, value);
  c.res.headers.set('Content-Security-Policy', ADMIN_CSP);
});

/** Every /api answer, errors included, carries API_HEADERS. */
const apiHeaders = createMiddleware(async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(API_HEADERS)) c.res.headers.set(name, value);
});

const app = new Hono<AppEnv>()
  .use('/api/*', apiHeaders)
  .use('/admin/*', adminPageHeaders, secureHeaders())
  .use('/login', adminPageHeaders, secureHeaders())
  .use('/login/*', adminPageHeaders, secureHeaders())
  .route('/api', api)
  // Bare /api is an endpoint address too: it answers JSON, never the site's HTML page.
  .all('/api', unknownEndpoint)
  .route('/uploads', uploadsRoutes)
  .route('/', newsletterPageActions)
  .get('/preview/:token', (c) => previewPage(c, (path) => sitePage(c, path)))
  // The inquiry form's page: stamped when served, and answering its own plain form post.
  .route('/', inquiryPageRoutes(builtPage))
  .get('/work', movedWorkPage)
  .get('/work/*', movedWorkPage)
  // The admin SPA: its files, and index.html for every client-side route.
  .get('/login', (c) => adminAsset(c, '/admin/index.html'))
  // The pages of reset and invite links: the same SPA, outside the signed-in admin.
  .get('/login/*', (c) => adminAsset(c, '/admin/index.html'))
  .get('/admin', (c) => adminAsset(c, '/admin/index.html'))
  .get('/admin/*', async (c) => {
    const { pathname } = new URL(c.req.url);
    const asset = await adminAsset(c, pathname);
    if (asset.status === 404) return adminAsset(c, '/admin/index.html');
    if (pathname.startsWith(ADMIN_HASHED_FILES) && asset.ok) asset.headers.set('cache-control', HASHED_FILE_CACHE);
    return asset;
  })
  // Reached for paths with no static asset (and locally, where only the admin is an asset).
  .all('*', async (c) => {
    const page = await sitePage(c);
    // Static assets move another spelling of a page's address with a 307; it moves for good.
    if (page.status === 307) return new Response(null, { status: 301, headers: page.headers });
    return page.status === 404 ? missingPage(c, page, (path) => sitePage(c, path)) : page;
  })
  .onError((error, c) => {
    if (error instanceof ApiError) return failure(c, error);
    if (error instanceof HTTPException) return failure(c, new ApiError(error.status, 'BAD_REQUEST', error.message || 'Data yang dikirim tidak valid.'));
    console.error(error);
    return failure(c, new ApiError(500, 'SERVER_ERROR', 'Terjadi kesalahan di server. Silakan coba lagi nanti.'));
  });

export default {
  // Anonymous public reads skip the router and every middleware; the app answers the rest.
  // Whatever may write empties the public answers kept in memory, as it starts and as it ends.
  fetch: async (request: Request, env: Bindings, ctx: ExecutionContext) =>
    request.method === 'GET' || request.method === 'HEAD'
      ? ((await publicRead(request, env)) ?? app.fetch(request, env, ctx))
      : publicAnswers.around(async () => app.fetch(request, env, ctx)),
  scheduled: (controller: ScheduledController, env: Bindings, ctx: ExecutionContext) => publicAnswers.around(() => runJobs(cronJobs, controller, env, ctx)),
} satisfies ExportedHandler<Bindings>;
