/**
 * Addresses the site has no page for: a redirect staff (or a slug change) set up sends the
 * visitor on; otherwise the address is logged, so staff can see broken incoming links and turn
 * one into a redirect, and the site's 404 page answers.
 */
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { CronJob } from '../cron/scheduled.ts';
import { createDb } from '../db/client.ts';
import { notFoundLog, redirect } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { LOCALES } from '../contract/locales.ts';

/** The log keeps this many addresses, the most recently missed. */
export const NOT_FOUND_KEPT = 500;
const MAX_LOGGED = 500;

/** The site's own /path (no trailing slash but the home page's). */
const pathOf = (url: URL) => (url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname);

/** The site's not-found page in the language of the address: `/en/...` gets `/en/404`. */
const notFoundPage = (path: string) => `${Object.values(LOCALES).find(({ prefix }) => prefix && (path === prefix || path.startsWith(`${prefix}/`)))?.prefix ?? ''}/404`;

export async function missingPage(c: Context<AppEnv>, page: Response, sitePage: (path: string) => Promise<Response>) {
  const url = new URL(c.req.url);
  const db = createDb(c.env.DB);
  const path = pathOf(url);
  const [found] = await db
    .select({ to: redirect.to, status: redirect.status })
    .from(redirect)
    .where(and(eq(redirect.from, path), eq(redirect.isActive, true)))
    .limit(1);
  if (found) {
    const to = String(found.to);
    return c.redirect(to + (to.includes('?') ? '' : url.search), found.status === '302' ? 302 : 301);
  }

  if (c.req.method === 'GET' && path.length <= MAX_LOGGED) {
    const referrer = (c.req.header('referer') ?? '').slice(0, MAX_LOGGED);
    const time = new Date().toISOString();
    c.executionCtx.waitUntil(
      db
        .insert(notFoundLog)
        .values({ path, referrer, lastSeen: time })
        .onConflictDoUpdate({ target: notFoundLog.path, set: { hits: sql`${notFoundLog.hits} + 1`, lastSeen: time, ...(referrer ? { referrer } : {}) } })
        .catch((error: unknown) => console.error('404 log:', error)),
    );
  }
  // Without a page the platform answers an empty 404: the site's own 404 page is shown instead.
  const body = page.headers.get('content-type')?.includes('text/html') ? page : await sitePage(notFoundPage(path));
  return new Response(body.body, { status: 404, headers: body.headers });
}

export const pruneNotFoundLog: CronJob = {
  name: '404 log',
  run: async ({ db }) => {
    const kept = db.select({ path: notFoundLog.path }).from(notFoundLog).orderBy(desc(notFoundLog.lastSeen)).limit(NOT_FOUND_KEPT);
    await db.delete(notFoundLog).where(notInArray(notFoundLog.path, kept));
  },
};
