/**
 * Previews of records shown among others: the published page with the draft in its record's
 * slot (in place, by order, or alone in a one-at-a-time slot), never another record's draft; works'
 * categories by title; pictures picked but not uploaded, kept with the draft and dropped with it;
 * a record previewed in its own record page (the page built for a placeholder record).
 * A stand-in site serves marked pages and parts, so the placement is checked here; the real
 * templates are checked by admin/tests/preview-pages.e2e.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, SITE_CSP, startPreviewWorker } from './preview-worker.ts';
import type { Client, Row } from './client.ts';

type Preview = { id: string; url: string };

const page = (body: string) => `<!doctype html><html><head><title>Situs</title><meta name="robots" content="index, follow"></head><body>${body}<p id="rest">Bagian lain yang terbit</p></body></html>`;

/** The built site's files as the worker fetches them: published pages and preview parts, marked. */
const SITE: Record<string, string> = {
  '/': page(
    `<div data-preview-slots="hero-section" data-preview-place="single"><astro-island uid="h" component-url="/carousel.js" client="load"><section class="hero">` +
      `<div class="hero-slide is-active" data-preview-slot="hero-section" data-preview-id="hero-1"><h1>Hero Terbit Satu</h1></div>` +
      `<div class="hero-slide" data-preview-slot="hero-section" data-preview-id="hero-2"><h2>Hero Terbit Dua</h2></div>` +
      `<div class="hero-controls" data-preview-drop="hero-section">titik</div></section></astro-island></div>`,
  ),
  '/preview-template/hero-section':
    '<div class="hero-slide align-left is-active" data-preview-slot="hero-section" data-preview-class="hero-slide align-{align} is-active" data-preview-background="bgColor">' +
    '<img src="/placeholder.svg" alt="" data-preview-image="backgroundImage"><h1 data-preview-text="title">Judul</h1></div>',
  '/about-us': page(
    '<ul data-preview-slots="values">' +
      ['a:1:Inovasi', 'b:2:Amanah', 'c:3:Kolaborasi'].map((slot) => slot.split(':')).map(([id, order, title]) => `<li data-preview-slot="values" data-preview-id="${id}" data-preview-order="${order}"><h3>${title}</h3></li>`).join('') +
      '</ul><section hidden data-preview-show="team"><ul data-preview-slots="team"></ul></section>',
  ),
  '/preview-template/values': '<li data-preview-slot="values"><h3 data-preview-text="title">Judul</h3></li>',
  '/preview-template/team': '<li data-preview-slot="team"><h3 data-preview-text="name">Nama</h3></li>',
  '/preview-template/our-work': page('<h1 data-preview-text="title">Judul</h1><span data-preview-list="category_ids" data-preview-item="span.badge" data-preview-item-key="title"></span><a data-preview-href="/our-work/{category_ids.0.slug}" href="/">Kembali</a>'),
  // A page's head as the site renders it with Google Analytics, Tag Manager, the Meta pixel and
  // staff's custom tags set up, beside the site's own scripts, styles and data.
  '/preview-template/vision':
    '<!doctype html><html><head><title>Situs</title><meta name="robots" content="index, follow"><meta name="referrer" content="unsafe-url">' +
    '<link rel="stylesheet" href="/_astro/site.css"><link rel="preconnect" href="https://fonts.googleapis.com"><link rel="stylesheet" href="//fonts.example/x.css">' +
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article"}</script>' +
    '<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST123"></script>' +
    "<script>(function(){ const ga = \"G-TEST123\"; window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);} gtag('js', new Date()); gtag('config', ga); })();</script>" +
    "<script>(function(){ const gtm = \"GTM-TEST\"; (function(w,d,s,l,i){var j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;d.head.appendChild(j);})(window,document,'script','dataLayer',gtm); })();</script>" +
    "<script>!function(f,b,e,v){t=b.createElement(e);t.src=v;b.head.appendChild(t)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');</script>" +
    '<script type="module" src="/_astro/island.js"></script><script>window.ownInline = 1;</script>' +
    '</head><body><h1 data-preview-text="title">Judul</h1><img src="https://www.facebook.com/tr?id=1&ev=PageView" alt=""><img src="/logo.svg" alt="Logo">' +
    '<img srcset="/a.webp 1x, https://cdn.example/b.webp 2x" alt=""><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-TEST"></iframe><p id="rest">Bagian lain yang terbit</p></body></html>',
  // A collection previewed in its own record page: the page built for the placeholder record.
  '/agenda/_preview': page('<h1 data-preview-text="title">Judul</h1><p><time datetime="1970-01-01T00:00:00.000Z" data-preview-datetime="startsAt" data-preview-until="endsAt">x</time><span data-preview-text="place">Tempat</span></p>'),
  '/preview-template/bio-core': page('<h1 data-preview-text="title">Judul</h1><img src="/p.svg" alt="Judul" data-preview-image="featuredImage"><ul><li data-preview-if="features.0"><img src="/p.svg" alt="Fitur" data-preview-image="features.0.image" data-preview-if="features.0.image"><span data-preview-icon="features.0.icon" data-preview-unless="features.0.image">x</span></li></ul>'),
};

let fixture: Awaited<ReturnType<typeof startPreviewWorker>>;
let admin: Client;

beforeAll(async () => {
  fixture = await startPreviewWorker(SITE);
  ({ admin } = fixture);
}, 120_000);

afterAll(() => fixture?.stop());

/** The preview page as a visitor without a session gets it: not indexed, not cached. */
async function shown(url: string) {
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('private, no-store');
  expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  const html = await answer.text();
  expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  expect(html).toContain('<p id="rest">Bagian lain yang terbit</p>');
  return html;
}

/** The texts of the headings, in page order. */
const headings = (html: string) => [...html.matchAll(/<h[1-3][^>]*>([^<]*)<\/h[1-3]>/g)].map((match) => match[1]);

/** A tiny picture as the admin sends one picked but not uploaded (a 1x1 PNG). */
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('a record shown among others', () => {
  it('a hero: shown alone in the carousel place of the published home page, the island left static', async () => {
    const preview = data<Preview>(await admin.post('/api/hero-section/preview', { recordId: 'hero-2', data: { title: 'Hero Draf', align: 'right', bgColor: '#123456' }, files: { backgroundImage: PIXEL } }));
    const html = await shown(preview.url);
    expect(headings(html)).toEqual(['Hero Draf']);
    expect(html).toContain('<div class="hero-slide align-right is-active" data-preview-slot="hero-section"');
    expect(html).toContain('style="background-color: #123456"');
    // A decorative background stays decorative; the picked picture is shown as sent.
    expect(html).toContain(`<img src="${PIXEL}" alt=""`);
    expect(html).not.toContain('Hero Terbit');
    expect(html).not.toContain('titik');
    expect(html).not.toContain('<astro-island');
    expect(html).toContain('<title>Pratinjau: Hero Draf</title>');
  });

  it('an about value: in place of its published version, before the next by order when new or moved', async () => {
    const inPlace = data<Preview>(await admin.post('/api/values/preview', { recordId: 'b', data: { title: 'Amanah Baru', content: '<p>x</p>', order: 2 } }));
    expect(headings(await shown(inPlace.url))).toEqual(['Inovasi', 'Amanah Baru', 'Kolaborasi']);
    const moved = data<Preview>(await admin.post('/api/values/preview', { recordId: 'a', data: { title: 'Inovasi Pindah', content: '<p>x</p>', order: 3 } }));
    expect(headings(await shown(moved.url))).toEqual(['Amanah', 'Kolaborasi', 'Inovasi Pindah']);
    const added = data<Preview>(await admin.post('/api/values/preview', { data: { title: 'Nilai Baru', content: '<p>x</p>', order: 1 } }));
    expect(headings(await shown(added.url))).toEqual(['Inovasi', 'Nilai Baru', 'Amanah', 'Kolaborasi']);
  });

  it('a section with nothing published yet is shown with the draft in it', async () => {
    const preview = data<Preview>(await admin.post('/api/team/preview', { data: { name: 'Anggota Pertama', position: 'Relawan', bio: '<p>x</p>', order: 0 } }));
    const html = await shown(preview.url);
    expect(html).toContain('<section data-preview-show="team"><ul data-preview-slots="team"><li data-preview-slot="team"><h3 data-preview-text="name">Anggota Pertama</h3></li></ul></section>');
  });

  it('each link shows its own draft only: another draft of the same collection never appears', async () => {
    const first = data<Preview>(await admin.post('/api/values/preview', { data: { title: 'Draf Rahasia Satu', content: '<p>x</p>', order: 1 } }));
    const second = data<Preview>(await admin.post('/api/values/preview', { data: { title: 'Draf Rahasia Dua', content: '<p>x</p>', order: 1 } }));
    expect(await shown(first.url)).not.toContain('Draf Rahasia Dua');
    expect(await shown(second.url)).not.toContain('Draf Rahasia Satu');
  });
});

describe('a record previewed in its own page', () => {
  it('an agenda item: its record page built for the placeholder, filled with the draft, its time in WIB', async () => {
    const preview = data<Preview>(await admin.post('/api/agenda/preview', { data: { title: 'Acara Draf', place: 'Taman Kota', startsAt: '2027-03-14T01:30:00.000Z', description: '<p>x</p>' } }));
    const html = await shown(preview.url);
    expect(headings(html)).toEqual(['Acara Draf']);
    expect(html).toContain('<time datetime="2027-03-14T01:30:00.000Z" data-preview-datetime="startsAt" data-preview-until="endsAt">Minggu, 14 Maret 2027 pukul 08.30 WIB</time>');
    expect(html).toContain('Taman Kota');
  });

  it('an agenda item with an end: its start and end as one span of time in WIB', async () => {
    const preview = data<Preview>(await admin.post('/api/agenda/preview', { data: { title: 'Acara Sehari', place: 'Taman Kota', startsAt: '2027-03-14T01:30:00.000Z', endsAt: '2027-03-14T05:00:00.000Z', description: '<p>x</p>' } }));
    expect(await shown(preview.url)).toContain('>Minggu, 14 Maret 2027 08.30–12.00 WIB</time>');
  });
});

describe('works and pictures', () => {
  it('a work shows its categories by title, its links under the first', async () => {
    const categories = data<Row[]>(await admin.get('/api/category?limit=100'));
    const [first, second] = [categories.find((c) => c.slug === 'edukasi')!, categories.find((c) => c.slug === 'riset')!];
    const preview = data<Preview>(await admin.post('/api/our-work/preview', { data: { title: 'Karya Draf', slug: 'karya-draf', category_ids: [first._id, second._id] } }));
    const html = await shown(preview.url);
    expect(html).toContain(`<span class="badge">${String(first.title)}</span><span class="badge">${String(second.title)}</span>`);
    expect(html).toContain('href="/our-work/edukasi"');
  });

  it('a picture picked but not uploaded shows in a field and a list row, and is dropped with a revoked link', async () => {
    const draft = { title: 'Dengan Gambar', slug: 'dengangambar', content: '<p>x</p>', features: [{ title: 'Fitur', description: '', icon: 'leaf', image: '', order: 0 }] };
    const preview = data<Preview>(await admin.post('/api/bio-core/preview', { data: draft, files: { featuredImage: PIXEL, 'features.0.image': PIXEL } }));
    const html = await shown(preview.url);
    expect(html).toContain(`<img src="${PIXEL}" alt="Dengan Gambar"`);
    expect(html).toContain(`<img src="${PIXEL}" alt="Fitur"`);
    // With its image, the row shows no icon in its place.
    expect(html).not.toContain('data-preview-icon');
    data(await admin.delete(`/api/preview/${preview.id}`));
    const revoked = await fetch(preview.url);
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).not.toContain('base64');
  });

  it('refuses what is not a picture, a field that takes none, and pictures too large together, in Indonesian', async () => {
    const draft = { title: 'Judul', slug: 'judul', content: '<p>x</p>' };
    const script = await admin.post('/api/bio-core/preview', { data: draft, files: { featuredImage: 'data:text/html;base64,PHNjcmlwdD4=' } });
    expect(script.status).toBe(400);
    expect(script.body.message).toBe('Gambar pratinjau untuk featuredImage tidak dapat dibaca: kirim gambar JPG, PNG atau WebP.');
    const notImage = await admin.post('/api/bio-core/preview', { data: draft, files: { title: PIXEL } });
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toBe('Kolom title bukan kolom gambar.');
    const huge = `data:image/jpeg;base64,${'A'.repeat(1_600_000)}`;
    const tooLarge = await admin.post('/api/bio-core/preview', { data: draft, files: { featuredImage: huge } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toContain('terlalu besar untuk pratinjau');
  });
});

describe('what a preview sends to other sites', () => {
  it('nothing: no analytics, tag manager, pixel or other third-party file, and no referrer', async () => {
    const preview = data<Preview>(await admin.post('/api/vision/preview', { data: { title: 'Visi Rahasia', shortDescription: 'x', content: '<p>x</p>' } }));
    const answer = await fetch(preview.url);
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await shown(preview.url);
    expect(headings(html)).toEqual(['Visi Rahasia']);
    expect(html).toContain('<meta name="referrer" content="no-referrer">');
    expect(html).not.toContain('unsafe-url');
    for (const host of ['googletagmanager', 'google-analytics', 'facebook', 'fonts.googleapis', 'fonts.example', 'cdn.example']) expect(html, host).not.toContain(host);
    // The site's own files, data and inline scripts stay.
    for (const own of ['/_astro/site.css', '/_astro/island.js', 'window.ownInline = 1;', '"@type":"Article"', '<img src="/logo.svg" alt="Logo">']) expect(html, own).toContain(own);
    // The page's policy lets nothing of another site load, whatever a script would try.
    const csp = answer.headers.get('content-security-policy')!;
    expect(SITE_CSP).toContain('https://www.googletagmanager.com');
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).not.toMatch(/https?:|googletagmanager|google-analytics/);
  });
});
