import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright-core';
const base = process.argv[2]!;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: Number(process.argv[3] ?? 1280), height: 900 } });
for (const path of process.argv.slice(4)) {
  const page = await context.newPage();
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  console.log(path, results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
  const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
  console.log(levels.join(','));
  await page.close();
}
await browser.close();
