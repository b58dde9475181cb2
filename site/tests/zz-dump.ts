import { chromium } from 'playwright-core';
const base = process.argv[2]!;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
for (const path of process.argv.slice(3)) {
  await page.goto(base + path);
  const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ').slice(0, 900);
  console.log(`== ${path}\n${text}\n`);
}
await browser.close();
