/**
 * A scheduled article on the built site. Saved in the admin ticked Published with "Terbit pada"
 * tomorrow, it is on no page, list, search index, feed or sitemap of the build that follows,
 * while the admin's list says "Terjadwal" with its time in WIB; when the minute job runs at that
 * time, the site is rebuilt with it.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, adminPassword, rebuildSiteOnSave } from '../../e2e/product.ts';
import { until } from '../../e2e/wait.ts';
import { adminCookie, openBrowser, signInAsAdmin } from '../../e2e/browser.ts';
import { toJakartaInput, wib } from '../../admin/src/widgets/ScheduleInput.tsx';

// Its saves rebuild the public site it then reads.
rebuildSiteOnSave();

const suffix = Date.now().toString(36);
const scheduledTitle = `Artikel Besok ${suffix}`;
const todayTitle = `Artikel Hari Ini ${suffix}`;
// Tomorrow, on a whole minute: the time the editor picks.
const tomorrow = Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000;
let browser: BrowserContext;
let cookie = '';

const text = async (path: string) => {
  const response = await fetch(base + path);
  expect(response.status, path).toBe(200);
  return response.text();
};

/** Waits until the served site has a page (the rebuild after a save has finished). */
async function published(path: string) {
  await until(`${path} to be published`, async () => (await fetch(base + path)).status === 200, 150_000);
}

async function slugOf(title: string) {
  const answer = (await (await fetch(`${base}/api/bio-core?search=${encodeURIComponent(title)}`, { headers: { cookie } })).json()) as { data: Array<{ slug: string }> };
  return answer.data[0]!.slug;
}

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  const page = await browser.newPage();
  await signInAsAdmin(page, base, adminPassword);
  await page.close();
  cookie = await adminCookie(base, adminPassword);
}, 60_000);
afterAll(() => browser?.close());

describe('an article scheduled for tomorrow', () => {
  let scheduledSlug = '';
  let todaySlug = '';

  it('is saved ticked Published and listed in the admin as "Terjadwal" with its time in WIB', async () => {
    const admin = await browser.newPage();
    await admin.goto(`${base}/admin/bio-core`);
    await admin.getByRole('button', { name: /^\+ Tambah/ }).click();
    await admin.locator('#field-title').fill(scheduledTitle);
    await admin.locator('.ProseMirror#field-content').click();
    await admin.keyboard.type('Terbit besok pagi.');
    await admin.locator('#field-isPublished').check();
    await admin.locator('#field-publishAt').fill(toJakartaInput(new Date(tomorrow).toISOString()));
    await expect.poll(() => admin.locator('#field-isPublished-hint').textContent()).toContain('Terjadwal: tampil di situs mulai');
    await admin.getByRole('button', { name: 'Simpan' }).click();
    await admin.locator('.alert', { hasText: 'berhasil' }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: scheduledTitle });
    await expect.poll(() => row.locator('.status-cell').textContent()).toBe(`Terjadwal${wib(new Date(tomorrow).toISOString())}`);
    await admin.close();
    scheduledSlug = await slugOf(scheduledTitle);

    // An article published now, saved after it: once its page is up, the build has read both.
    const body = new FormData();
    for (const [name, value] of Object.entries({ title: todayTitle, content: '<p>Sudah terbit.</p>', isPublished: 'true' })) body.append(name, value);
    const saved = await fetch(`${base}/api/bio-core`, { method: 'POST', headers: { origin: base, cookie }, body });
    expect(saved.status).toBe(201);
    todaySlug = await slugOf(todayTitle);
    await published(`/bio-core/${todaySlug}`);
  }, 240_000);

  it('is on no page, list, search index, feed or sitemap of the site', async () => {
    expect((await fetch(`${base}/bio-core/${scheduledSlug}`)).status).toBe(404);
    for (const path of ['/bio-core', '/bio-core/rss.xml']) {
      const body = await text(path);
      expect(body, path).toContain(todayTitle);
      expect(body, path).not.toContain(scheduledTitle);
    }
    const sitemap = await text('/sitemap.xml');
    expect(sitemap).toContain(`/bio-core/${todaySlug}`);
    expect(sitemap).not.toContain(`/bio-core/${scheduledSlug}`);
  });

  it('goes live when the minute job runs at its time, and the site is rebuilt with it', async () => {
    const run = await fetch(`${base}/cdn-cgi/local/scheduled?${new URLSearchParams({ cron: '* * * * *', time: String(tomorrow) })}`);
    expect(run.status).toBe(200);
    await published(`/bio-core/${scheduledSlug}`);
    expect(await text('/bio-core')).toContain(scheduledTitle);
    expect(await text('/bio-core/rss.xml')).toContain(scheduledTitle);
    expect(await text('/sitemap.xml')).toContain(`/bio-core/${scheduledSlug}`);
  }, 200_000);
});
