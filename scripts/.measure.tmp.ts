import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { openBrowser } from '/work/wt/site/e2e/browser.ts';
const base = process.argv[2]!;
const pages = ['/', '/our-work', process.argv[3]!, '/vision', process.argv[4]!, '/bio-core', process.argv[5]!, '/about-us'];
mkdirSync('/tmp/site-measure/html', { recursive: true });
const files: string[] = [];
for (const [i, p] of pages.entries()) {
  const html = await (await fetch(base + p)).text();
  const f = `/tmp/site-measure/html/${i}.html`;
  writeFileSync(f, html);
  files.push(f);
  const types = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => { try { const j = JSON.parse(m[1]!); return (Array.isArray(j) ? j : j['@graph'] ?? [j]).map((x: { '@type': string }) => x['@type']).join('+'); } catch { return 'INVALID'; } });
  const og = /property="og:image" content="([^"]*)"/.exec(html)?.[1];
  console.log(p, 'jsonld:', types.join(',') || '-', 'og:image:', og ?? '-', 'lang:', /<html lang="(\w+)"/.exec(html)?.[1]);
}
let vnu = '';
try { vnu = execFileSync('java', ['-jar', '/tmp/site-measure/node_modules/vnu-jar/build/dist/vnu.jar', '--format', 'json', ...files], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }); } catch (e) { vnu = (e as { stderr: string }).stderr; }
const messages = (JSON.parse(vnu) as { messages: { type: string; url: string; message: string; subType?: string }[] }).messages;
const errors = messages.filter((m) => m.type === 'error');
console.log('vnu errors:', errors.length, 'warnings:', messages.filter((m) => m.type !== 'error').length);
for (const m of messages) console.log('  vnu', m.type, m.subType ?? '', pages[Number(/(\d+)\.html/.exec(m.url)![1])], m.message.slice(0, 160));
for (const width of [390, 1280]) {
  const browser = await openBrowser({ viewport: { width, height: 900 } });
  let total = 0;
  for (const p of pages) {
    const page = await browser.newPage();
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const result = await new AxeBuilder({ page }).analyze();
    total += result.violations.length;
    for (const v of result.violations) console.log(`  axe ${width} ${p} ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`);
    await page.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 400) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 50)); } });
    await page.waitForLoadState('networkidle');
    const imgs = await page.$$eval('img', (list) => list.filter((i) => i.complete && i.clientWidth > 0).map((i) => ({ src: (i.currentSrc || i.src).slice(-60), nw: i.naturalWidth, cw: i.clientWidth, nh: i.naturalHeight, ch: i.clientHeight })));
    for (const i of imgs) if (i.nw < 2 * i.cw) console.log(`  img ${width} ${p} natural ${i.nw}x${i.nh} client ${i.cw}x${i.ch} ${i.src}`);
    await page.close();
  }
  console.log('axe violations at', width, ':', total);
  await browser.close();
}
