/**
 * Two languages as the site and staff meet them: the public API answers a language's records
 * only when their translation is published, with that language's text and slug and the record's
 * own pictures and numbers; the seeded demo content has the right text in the right language.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCALES, TRANSLATIONS } from '../src/contract/locales.ts';
import { resources, type ResourceKey } from '../src/contract/resources.ts';
import type { TranslationAnswer } from '../src/contract/staff-answers.ts';
import { isTranslatable, localizedFields } from '../src/contract/translation.ts';
import { signToken } from '../src/newsletter/tokens.ts';
import { asAdmin, Client, form, unique } from './client.ts';
import { mailbox } from './mail.ts';
import { fileWorker } from './worker.ts';

type ApiRow = { _id: string; slug?: string; title?: string } & Record<string, unknown>;

let anonymous: Client;
let admin: Client;
beforeAll(async () => {
  anonymous = new Client();
  admin = await asAdmin();
});

const rows = async (path: string, client = anonymous) => {
  const answer = await client.get<ApiRow[]>(path);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.success ? answer.body.data : [];
};

const publicTranslatable = (Object.keys(resources) as ResourceKey[]).filter((key) => resources[key].public && isTranslatable(resources[key]));

describe('public reads in English', () => {
  it('answers the English version of each translated record and leaves out those published only in Indonesian', async () => {
    const indonesian = await rows('/api/bio-core');
    const english = await rows('/api/bio-core?locale=en');
    expect(indonesian.map((row) => row.title)).toContain('BioCore di Pasar Induk');
    expect(english.map((row) => row.title)).toEqual(['A Guide to Sorting Organic Waste', 'What Is BioCore?']);
    // Same record, joined by its id: pictures, flags and numbers are the record's own.
    const what = english.find((row) => row.title === 'What Is BioCore?');
    const own = indonesian.find((row) => row._id === what!._id)!;
    expect(own.title).toBe('Apa Itu BioCore?');
    expect(what!.featuredImage).toBe(own.featuredImage);
    expect(what!.isFeatured).toBe(own.isFeatured);
    expect(what!.tags).toEqual(['biocore', 'energy', 'organic']);
    expect(what!.features).toEqual([
      expect.objectContaining({ title: 'Modular', description: 'Easy to install and extend.', icon: 'boxes' }),
      expect.objectContaining({ title: 'Energy Saving', description: 'Produces biogas for cooking.', icon: 'bolt' }),
      expect.objectContaining({ title: 'Liquid Fertiliser', description: 'What remains becomes fertiliser.', icon: 'leaf' }),
    ]);
  });

  it('answers without a language, or in Indonesian, exactly as before', async () => {
    const plain = await anonymous.get('/api/vision');
    const indonesian = await anonymous.get('/api/vision?locale=id');
    expect(indonesian.body).toEqual(plain.body);
    expect((plain.body as { data: ApiRow[] }).data.map((row) => row.title)).toContain('Ekonomi Sirkular Dimulai dari Rumah');
  });

  it('finds a record by its English slug in English only, and by its Indonesian slug in Indonesian only', async () => {
    const english = await anonymous.get<ApiRow>('/api/vision/slug/a-circular-economy-starts-at-home?locale=en');
    expect(english.status).toBe(200);
    expect(english.body.success && english.body.data.title).toBe('A Circular Economy Starts at Home');
    expect((await anonymous.get('/api/vision/slug/a-circular-economy-starts-at-home')).status).toBe(404);
    expect((await anonymous.get('/api/vision/slug/ekonomi-sirkular-dimulai-dari-rumah?locale=en')).status).toBe(404);
    const indonesian = await anonymous.get<ApiRow>('/api/vision/slug/ekonomi-sirkular-dimulai-dari-rumah');
    expect(indonesian.body.success && indonesian.body.data._id).toBe(english.body.success && english.body.data._id);
    // A signed-in reader (the full router, not the anonymous fast path) gets the same.
    const staff = await admin.get<ApiRow>('/api/vision/slug/a-circular-economy-starts-at-home?locale=en');
    expect(staff.body.success && staff.body.data.title).toBe('A Circular Economy Starts at Home');
  });

  it('localizes linked records inside a record and filters by search in that language', async () => {
    const works = await rows('/api/our-work?locale=en');
    const market = works.find((row) => row.title === 'Biogas for Traditional Markets')!;
    expect(market.slug).toBe('biogas-for-traditional-markets');
    expect(market.category_ids).toEqual([expect.objectContaining({ title: 'Renewable Energy', slug: 'renewable-energy' }), expect.objectContaining({ title: 'Waste Management', slug: 'waste-management' })]);
    expect((await rows('/api/our-work?locale=en&search=Green%20Schools')).map((row) => row.title)).toEqual(['Green Schools']);
    expect(await rows('/api/our-work?locale=en&search=Sekolah%20Hijau')).toEqual([]);
  });

  it('refuses a language the site does not have, on every read', async () => {
    for (const [client, path] of [
      [anonymous, '/api/vision?locale=fr'],
      [anonymous, '/api/vision/slug/a-circular-economy-starts-at-home?locale=xx'],
      [admin, '/api/vision?locale=fr'],
    ] as const) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.message).toBe('Bahasa tidak dikenal.');
    }
  });
});

describe('seeded demo content', () => {
  it('has an English version of every published Indonesian record but the one left untranslated, each with its required text filled', async () => {
    for (const locale of TRANSLATIONS) {
      expect(LOCALES[locale].prefix).toBe(`/${locale}`);
      for (const key of publicTranslatable) {
        const resource = resources[key];
        const own = await rows(`/api/${resource.path}?limit=100`);
        const translated = await rows(`/api/${resource.path}?limit=100&locale=${locale}`);
        const ids = new Set(own.map((row) => row._id));
        const missing = own.filter((row) => !translated.some((other) => other._id === row._id)).map((row) => row[resource.titleField]);
        expect(missing, `${resource.path} without ${locale}`).toEqual(key === 'bioCore' ? ['BioCore di Pasar Induk'] : []);
        for (const row of translated) {
          expect(ids.has(row._id)).toBe(true);
          const empty = localizedFields(resource).filter(([name, field]) => field.required && row[name] === '');
          expect(empty, `${resource.path} ${row._id}`).toEqual([]);
        }
      }
    }
  });

  it('keeps the Indonesian text in the Indonesian fields', async () => {
    const works = await rows('/api/our-work');
    expect(works.map((row) => row.title)).toContain('Sekolah Hijau');
    expect(works.find((row) => row.title === 'Sekolah Hijau')!.description).toMatch(/Guru dan siswa/);
    const heroes = await rows('/api/hero-section');
    expect(heroes.map((row) => row.title)).toContain('Mengubah Sampah Menjadi Berharga');
    const english = await rows('/api/hero-section?locale=en');
    expect(english.map((row) => row.title)).toContain('Turning Waste into Worth');
  });
});


const newArticle = async (title: string) => {
  const answer = await admin.post<ApiRow>('/api/vision', { title, shortDescription: 'Ringkasan dalam bahasa Indonesia.', content: '<p>Isi artikel.</p>' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { data: ApiRow }).data;
};
const statusOf = async (id: string) => {
  const list = await rows('/api/vision?limit=100', admin);
  return (list.find((row) => row._id === id)?._translations as Record<string, string> | undefined)?.en;
};
const english = { title: 'Sorting at the Market', shortDescription: 'A summary in English.', content: '<p>The article in English.</p>' };

describe('editing a translation', () => {
  it('keeps a draft off the English site, publishes it on its own decision, and marks it outdated when the Indonesian text changes', async () => {
    const article = await newArticle(`Memilah di Pasar ${Date.now()}`);
    expect(await statusOf(article._id)).toBe('missing');
    const slug = `sorting-at-the-market-${Date.now()}`;
    const draft = await admin.put<TranslationAnswer>(`/api/vision/${article._id}/translations/en`, { ...english, slug, isPublished: false });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(await statusOf(article._id)).toBe('draft');
    expect((await rows('/api/vision?locale=en&limit=100')).map((row) => row._id)).not.toContain(article._id);
    expect((await anonymous.get(`/api/vision/slug/${slug}?locale=en`)).status).toBe(404);

    const published = await admin.put<TranslationAnswer>(`/api/vision/${article._id}/translations/en`, { ...english, slug, isPublished: true });
    expect(published.body.message).toBe('Versi English berhasil disimpan!');
    expect(await statusOf(article._id)).toBe('published');
    const shown = await anonymous.get<ApiRow>(`/api/vision/slug/${slug}?locale=en`);
    expect(shown.body.success && shown.body.data).toMatchObject({ _id: article._id, title: 'Sorting at the Market', content: '<p>The article in English.</p>', image: article.image });
    expect((await rows('/api/vision?translation=todo&limit=100', admin)).map((row) => row._id)).not.toContain(article._id);

    // A change to a shared field keeps the translation current; a change to the Indonesian text does not.
    await admin.put(`/api/vision/${article._id}`, { isFeatured: true });
    expect(await statusOf(article._id)).toBe('published');
    await admin.put(`/api/vision/${article._id}`, { title: `${article.title} (revisi)` });
    expect(await statusOf(article._id)).toBe('outdated');
    expect((await rows('/api/vision?translation=outdated&limit=100', admin)).map((row) => row._id)).toContain(article._id);
    expect((await rows('/api/vision?translation=todo&limit=100', admin)).map((row) => row._id)).toContain(article._id);
    const read = await admin.get<TranslationAnswer>(`/api/vision/${article._id}/translations/en`);
    expect(read.body.success && read.body.data).toMatchObject({ status: 'outdated', slug, isPublished: true, values: { title: 'Sorting at the Market' } });

    const audit = await admin.get<{ summary: string; recordId: string }[]>('/api/audit?limit=20');
    expect(audit.body.success && audit.body.data.filter((entry) => entry.recordId === article._id).map((entry) => entry.summary)).toContain(`${article.title} (English, terbit)`);
  });

  it('publishes the English version at its own time: hidden from every English read before it, published by the minute\'s job at it, versioned, audited and built', async () => {
    const article = await newArticle(`Kompos Terjadwal ${Date.now()}`);
    const slug = `scheduled-compost-${Date.now()}`;
    const at = Date.now() + 86_400_000;
    const englishReads = async () => [(await rows('/api/vision?locale=en&limit=100')).some((row) => row._id === article._id), (await anonymous.get(`/api/vision/slug/${slug}?locale=en`)).status];

    // Ticked and given tomorrow's time: the editor's save that must not go live at once.
    const scheduled = await admin.put<TranslationAnswer>(`/api/vision/${article._id}/translations/en`, { ...english, slug, isPublished: true, publishAt: new Date(at).toISOString() });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body.success && scheduled.body.data).toMatchObject({ status: 'scheduled', isPublished: false, publishAt: new Date(at).toISOString() });
    expect(await statusOf(article._id)).toBe('scheduled');
    expect((await rows('/api/vision?translation=scheduled&limit=100', admin)).map((row) => row._id)).toContain(article._id);
    expect((await rows('/api/vision?translation=todo&limit=100', admin)).map((row) => row._id)).not.toContain(article._id);
    expect(await englishReads()).toEqual([false, 404]);

    const builds = fileWorker().hookCalls.length;
    await fileWorker().runScheduled(at - 60_000);
    expect(await englishReads()).toEqual([false, 404]);
    await fileWorker().runScheduled(at);
    expect(await englishReads()).toEqual([true, 200]);
    const read = await admin.get<TranslationAnswer>(`/api/vision/${article._id}/translations/en`);
    expect(read.body.success && read.body.data).toMatchObject({ status: 'published', isPublished: true, publishAt: null });
    const history = await admin.get<{ action: string; changedFields: { label: string }[] }[]>(`/api/vision/${article._id}/translations/en/revisions`);
    expect(history.body.success && history.body.data[0]).toMatchObject({ action: 'schedule', changedFields: [{ label: 'Publikasikan versi English' }, { label: 'Jadwal terbit versi English' }] });
    const audit = await admin.get<{ summary: string; recordId: string }[]>('/api/audit?limit=20');
    expect(audit.body.success && audit.body.data.filter((entry) => entry.recordId === article._id).map((entry) => entry.summary)).toContain(`${article.title} (English): diterbitkan sesuai jadwal`);
    await expect.poll(() => fileWorker().hookCalls.length, { timeout: 10_000 }).toBeGreaterThan(builds);
    // Nothing is due any more: the next minute publishes nothing again.
    await fileWorker().runScheduled(at + 60_000);
    expect((await admin.get<unknown[]>(`/api/vision/${article._id}/translations/en/revisions`)).body).toMatchObject({ data: { length: (history.body.success && history.body.data.length) || 0 } });
  });

  it('refuses a publish time that is not a time, and a scheduled English version without its content; a time already past publishes at once', async () => {
    const article = await newArticle(`Jadwal Salah ${Date.now()}`);
    const path = `/api/vision/${article._id}/translations/en`;
    const notATime = await admin.put(path, { ...english, isPublished: false, publishAt: 'besok pagi' });
    expect(notATime.status).toBe(400);
    expect(notATime.body.message).toBe('Jadwal terbit versi English harus berupa tanggal dan waktu yang valid.');
    const incomplete = await admin.put(path, { title: 'Only a Title', isPublished: false, publishAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toContain('Konten wajib diisi.');
    expect(await statusOf(article._id)).toBe('missing');
    const past = await admin.put<TranslationAnswer>(path, { ...english, slug: `past-${Date.now()}`, isPublished: false, publishAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.body.success && past.body.data).toMatchObject({ status: 'published', isPublished: true, publishAt: null });
  });

  it('refuses a slug another record has in English, an English version published without its content, and a language that does not exist, keeping what was stored', async () => {
    const first = await newArticle(`Kompos Rumah ${Date.now()}`);
    const second = await newArticle(`Kompos Sekolah ${Date.now()}`);
    const slug = `home-compost-${Date.now()}`;
    expect((await admin.put(`/api/vision/${first._id}/translations/en`, { ...english, slug, isPublished: true })).status).toBe(200);
    const taken = await admin.put(`/api/vision/${second._id}/translations/en`, { ...english, slug, isPublished: false });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`Slug "${slug}" sudah digunakan dalam English. Gunakan slug lain.`);

    const titleOnly = await admin.put(`/api/vision/${second._id}/translations/en`, { title: 'School Compost', isPublished: true });
    expect(titleOnly.status).toBe(400);
    expect(titleOnly.body.message).toContain('Konten wajib diisi.');
    expect(titleOnly.body.message).toContain('Deskripsi Singkat wajib diisi.');
    expect((await admin.get<TranslationAnswer>(`/api/vision/${second._id}/translations/en`)).body).toMatchObject({ data: { status: 'missing' } });
    // The same text as a draft is kept: an unfinished translation is work in progress.
    expect((await admin.put(`/api/vision/${second._id}/translations/en`, { title: 'School Compost', isPublished: false })).status).toBe(200);

    for (const locale of ['fr', 'id']) {
      const unknown = await admin.put(`/api/vision/${second._id}/translations/${locale}`, { ...english, isPublished: false });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('Bahasa tidak dikenal.');
    }
    expect((await admin.get('/api/vision?translation=someday')).status).toBe(400);
    expect((await new Client().put(`/api/vision/${second._id}/translations/en`, { ...english, isPublished: true })).status).toBe(401);
  });

  it('lets only callers who may update the record write its translation: a visitor, and staff who may only read it, are refused and change nothing', async () => {
    const article = await newArticle(`Bank Sampah Sekolah ${Date.now()}`);
    const permissions = await admin.get<Array<{ _id: string; name: string }>>('/api/role/permissions/list');
    const idOf = (name: string) => (permissions.body.success ? permissions.body.data.find((permission) => permission.name === name)!._id : '');
    const role = await admin.post<{ _id: string }>('/api/role', form({ name: unique('Pembaca'), permissions: [idOf('vision.list'), idOf('vision.read')] }));
    const username = unique('pembaca');
    await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Pembaca Visi', role: role.body.success ? role.body.data._id : '' }));
    const reader = new Client();
    await reader.login(username, 'rahasia-123');
    const path = `/api/vision/${article._id}/translations/en`;
    const body = { ...english, slug: `school-waste-bank-${Date.now()}`, isPublished: true };
    expect((await anonymous.put(path, body)).status).toBe(401);
    expect((await reader.put(path, body)).status).toBe(403);
    expect((await reader.delete(path)).status).toBe(403);
    expect(await statusOf(article._id)).toBe('missing');
  });

  it('keeps the old English address of a published English page whose English slug changes', async () => {
    const article = await newArticle(`Alamat Lama ${Date.now()}`);
    const first = `old-address-${Date.now()}`;
    expect((await admin.put(`/api/vision/${article._id}/translations/en`, { ...english, slug: first, isPublished: true })).status).toBe(200);
    expect((await admin.put(`/api/vision/${article._id}/translations/en`, { ...english, slug: `${first}-new`, isPublished: true })).status).toBe(200);
    const listed = await admin.get<Array<{ from: string; to: string; status: string }>>(`/api/redirect?search=${encodeURIComponent(first)}`);
    expect(listed.body.success && listed.body.data.map((rule) => [rule.from, rule.to, rule.status])).toEqual([[`/en/vision/${first}`, `/en/vision/${first}-new`, '301']]);
  });

  it('removes a record\'s translations with the record, freeing its English slug; bringing it back then waits until that slug is free again', async () => {
    const article = await newArticle(`Sementara ${Date.now()}`);
    const slug = `temporary-${Date.now()}`;
    expect((await admin.put(`/api/vision/${article._id}/translations/en`, { ...english, slug, isPublished: true })).status).toBe(200);
    expect((await admin.delete(`/api/vision/${article._id}`)).status).toBe(200);
    expect((await anonymous.get(`/api/vision/slug/${slug}?locale=en`)).status).toBe(404);
    const next = await newArticle(`Pengganti ${Date.now()}`);
    expect((await admin.put(`/api/vision/${next._id}/translations/en`, { ...english, slug, isPublished: true })).status).toBe(200);

    const refused = await admin.post(`/api/vision/deleted/${article._id}/restore`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Slug "${slug}" sudah digunakan dalam English oleh data lain. Ubah slug data itu dulu, lalu pulihkan lagi.`);
    expect((await admin.get(`/api/vision/${article._id}`)).status).toBe(404);
    const deleted = await admin.get<ApiRow[]>('/api/vision/deleted');
    expect(deleted.body.success && deleted.body.data.map((row) => row._id)).toContain(article._id);

    expect((await admin.put(`/api/vision/${next._id}/translations/en`, { ...english, slug: `${slug}-next`, isPublished: true })).status).toBe(200);
    expect((await admin.post(`/api/vision/deleted/${article._id}/restore`)).status).toBe(201);
    const back = await anonymous.get<ApiRow>(`/api/vision/slug/${slug}?locale=en`);
    expect(back.body.success && back.body.data._id).toBe(article._id);
  });
});

/** Presses the button of the page an email's link opens: a form post to the page's own address. */
const press = (pageUrl: string) => fetch(pageUrl, { method: 'POST', body: '', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('the newsletter in two languages', () => {
  /** Signs up from a page in `language` and opens the confirmation link. */
  const subscribed = async (email: string, language?: string) => {
    const client = new Client();
    expect((await client.post('/api/subscribe', { email, ...(language ? { language } : {}) })).status).toBe(201);
    const [confirmation] = await mailbox(email);
    const link = confirmation!.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w.-]+/)![0];
    expect((await fetch(link, { method: 'POST', body: '', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(303);
  };
  const sendAll = async (id: string) => {
    expect((await admin.post(`/api/newsletter/issues/${id}/send`)).status).toBe(202);
    for (let run = 0; run < 50; run++) {
      const issue = await admin.get<{ status: string }>(`/api/newsletter/issues/${id}`);
      if (issue.body.success && issue.body.data.status === 'sent') return;
      await fileWorker().runScheduled(Date.now());
    }
    throw new Error(`issue ${id} was never sent`);
  };

  it('keeps the sign-up page\'s language and sends each subscriber the issue in theirs, the Indonesian one where no English one was written', async () => {
    const tag = unique('bahasa');
    const reader = `${tag}-en@example.com`;
    const pembaca = `${tag}-id@example.com`;
    await subscribed(reader, 'en');
    await subscribed(pembaca);
    const found = await admin.get<Array<{ email: string; language: string }>>(`/api/subscribe?search=${encodeURIComponent(tag)}&limit=10`);
    expect(found.body.success && Object.fromEntries(found.body.data.map((row) => [row.email, row.language]))).toEqual({ [reader]: 'en', [pembaca]: 'id' });

    const [article] = (await rows('/api/vision?search=Ekonomi%20Sirkular', admin)).filter((row) => row.title === 'Ekonomi Sirkular Dimulai dari Rumah');
    const both = await admin.post<{ _id: string }>('/api/newsletter/issues', {
      subject: `Kabar ${tag}`,
      body: '<p>Halo semua.</p>',
      articles: [{ kind: 'vision', id: article!._id }],
      translations: { en: { subject: `News ${tag}`, body: '<p>Hello everyone.</p>' } },
    });
    expect(both.status, JSON.stringify(both.body)).toBe(201);
    await sendAll(both.body.success ? both.body.data._id : '');
    const [english] = await mailbox(reader).then((mails) => mails.filter((mail) => mail.subject.includes(tag)));
    expect(english!.subject).toBe(`News ${tag}`);
    expect(english!.text).toContain('Hello everyone.');
    expect(english!.text).toContain('A Circular Economy Starts at Home');
    expect(english!.text).toContain('/en/vision/a-circular-economy-starts-at-home');
    expect(english!.text).toContain('Unsubscribe:');
    expect(english!.text).not.toContain('Berhenti berlangganan');
    const [indonesian] = await mailbox(pembaca).then((mails) => mails.filter((mail) => mail.subject.includes(tag)));
    expect(indonesian!.subject).toBe(`Kabar ${tag}`);
    expect(indonesian!.text).toContain('Ekonomi Sirkular Dimulai dari Rumah');
    expect(indonesian!.text).not.toContain('Hello everyone.');
    // Each leaves through the unsubscribe page of their language, and lands on its outcome page.
    const leaveEnglish = english!.text.match(/https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w.-]+/)![0];
    expect(leaveEnglish.startsWith(`${fileWorker().url}/en/newsletter/unsubscribe?token=`)).toBe(true);
    expect(english!.html).toContain('<html lang="en">');
    expect(indonesian!.text).toContain(`${fileWorker().url}/newsletter/unsubscribe?token=`);

    const only = await admin.post<{ _id: string }>('/api/newsletter/issues', { subject: `Hanya Indonesia ${tag}`, body: '<p>Kabar singkat.</p>', articles: [] });
    await sendAll(only.body.success ? only.body.data._id : '');
    expect((await mailbox(reader)).map((mail) => mail.subject)).toContain(`Hanya Indonesia ${tag}`);
    expect((await press(leaveEnglish)).headers.get('location')).toBe('/en/newsletter/unsubscribed');
  });

  it('mails an English sign-up its confirmation in English, linking to the English pages, whose buttons lead to the English outcomes', async () => {
    const email = `${unique('english')}@example.com`;
    expect((await new Client().post('/api/subscribe', { email, language: 'en' })).status).toBe(201);
    const [confirmation] = await mailbox(email);
    expect(confirmation!.subject).toBe('Confirm your subscription to the Resik Nusantara newsletter');
    for (const part of [confirmation!.text, confirmation!.html]) {
      expect(part).toContain('One more step');
      expect(part).not.toMatch(/Satu langkah|Konfirmasi|Tautan ini/);
    }
    expect(confirmation!.html).toContain('<html lang="en">');
    const link = confirmation!.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w.-]+/)![0];
    expect(link.startsWith(`${fileWorker().url}/en/newsletter/confirm?token=`)).toBe(true);
    // A changed token is refused on the English page too, and changes nothing.
    expect((await press(`${link}x`)).headers.get('location')).toBe('/en/newsletter/invalid-link');
    expect((await press(link)).headers.get('location')).toBe('/en/newsletter/confirmed');
    const found = await admin.get<Array<{ email: string; status: string }>>(`/api/subscribe?search=${encodeURIComponent(email)}&limit=10`);
    expect(found.body.success && found.body.data.find((row) => row.email === email)?.status).toBe('active');
  });

  it('opens a link mailed before English emails existed, on the Indonesian page, in the English subscriber\'s language', async () => {
    const englishEmail = `${unique('lama')}@example.com`;
    const indonesianEmail = `${unique('lama-id')}@example.com`;
    await new Client().post('/api/subscribe', { email: englishEmail, language: 'en' });
    await new Client().post('/api/subscribe', { email: indonesianEmail });
    const linkOf = async (email: string) => (await mailbox(email))[0]!.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w.-]+/)![0];
    // The link as mailed before: the same token on the page without a language prefix.
    const oldLink = (await linkOf(englishEmail)).replace('/en/newsletter/', '/newsletter/');
    const token = new URL(oldLink).searchParams.get('token')!;
    const opened = await fetch(oldLink, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`/en/newsletter/confirm?token=${token}`);
    // The unsubscribe page of an old newsletter does the same.
    const unsubscribeToken = await signToken(inject('newsletterSecret'), 'unsubscribe', token.split('.')[1]!, englishEmail);
    expect((await fetch(`${fileWorker().url}/newsletter/unsubscribe?token=${unsubscribeToken}`, { redirect: 'manual' })).headers.get('location')).toBe(`/en/newsletter/unsubscribe?token=${unsubscribeToken}`);
    // An Indonesian subscriber's link, a forged one and a link without a token stay on the page asked for.
    for (const stays of [await linkOf(indonesianEmail), `${oldLink}x`, `${fileWorker().url}/newsletter/confirm`]) {
      expect((await fetch(stays, { redirect: 'manual' })).headers.get('location')).toBeNull();
    }
  });

  it('previews and test-sends each language\'s version to the staff member; the list tells which issues have one', async () => {
    const tag = unique('pratinjau');
    const issue = { subject: `Kabar ${tag}`, body: '<p>Halo semua.</p>', translations: { en: { subject: `News ${tag}`, body: '<p>Hello everyone.</p>' } } };
    const english = await admin.post<{ subject: string; html: string; text: string }>('/api/newsletter/preview?locale=en', issue);
    expect(english.body.success && english.body.data).toMatchObject({ subject: `News ${tag}`, text: expect.stringContaining('Hello everyone.') });
    expect(english.body.success && english.body.data.html).toContain('<html lang="en">');
    const indonesian = await admin.post<{ subject: string }>('/api/newsletter/preview', issue);
    expect(indonesian.body.success && indonesian.body.data.subject).toBe(`Kabar ${tag}`);
    // Without an English version, the English preview is what English subscribers get: the Indonesian one.
    const untranslated = await admin.post<{ subject: string }>('/api/newsletter/preview?locale=en', { subject: `Saja ${tag}`, body: '' });
    expect(untranslated.body.success && untranslated.body.data.subject).toBe(`Saja ${tag}`);

    const saved = await admin.post<{ _id: string }>('/api/newsletter/issues', issue);
    const id = saved.body.success ? saved.body.data._id : '';
    expect((await admin.post(`/api/newsletter/issues/${id}/test?locale=en`)).status).toBe(200);
    expect((await admin.post(`/api/newsletter/issues/${id}/test`)).status).toBe(200);
    const tests = (await mailbox('admin@example.org')).filter((mail) => mail.subject.includes(tag)).map((mail) => mail.subject);
    expect(tests.sort()).toEqual([`[Tes] Kabar ${tag}`, `[Tes] News ${tag}`]);
    expect((await admin.post(`/api/newsletter/issues/${id}/test?locale=fr`)).body.message).toBe('Bahasa tidak dikenal.');

    const listed = await admin.get<Array<{ _id: string; translations: Record<string, { subject: string }> }>>('/api/newsletter/issues');
    expect(listed.body.success && listed.body.data.find((row) => row._id === id)?.translations.en?.subject).toBe(`News ${tag}`);
  });

  it('refuses an English body without its subject, and a language that does not exist', async () => {
    const untitled = await admin.post('/api/newsletter/issues', { subject: 'Kabar', body: '<p>Isi</p>', translations: { en: { subject: '', body: '<p>Body</p>' } } });
    expect(untitled.status).toBe(400);
    expect(untitled.body.message).toBe('Subjek versi English wajib diisi.');
    const unknown = await admin.post('/api/newsletter/issues', { subject: 'Kabar', body: '<p>Isi</p>', translations: { fr: { subject: 'Nouvelles', body: '' } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Bahasa tidak dikenal.');
  });
});

describe('page texts in two languages', () => {
  it('answers the Kolaborasi page\'s texts and form in English, kept apart from the Indonesian ones', async () => {
    const before = await anonymous.get<{ collaborateIntro: string; inquiryTopics: string }>('/api/settings');
    const english = await anonymous.get<{ collaborateTitle: string; inquiryTopics: string; organisationName: string }>('/api/settings?locale=en');
    expect(english.body.success && english.body.data.inquiryTopics).toBe('Programme partnership\nResearch and data\nMedia and publications\nOther');
    expect(english.body.success && before.body.success && english.body.data.organisationName).toBe(before.body.success ? (before.body.data as unknown as { organisationName: string }).organisationName : '');

    const saved = await admin.put('/api/settings?locale=en', { collaborateIntro: 'Tell us about your idea.', inquiryTopics: 'Research\nPartnership' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const form = await anonymous.get<{ intro: string; topics: string[]; consentText: string }>('/api/inquiries/form?locale=en');
    expect(form.body.success && form.body.data).toMatchObject({ intro: 'Tell us about your idea.', topics: ['Research', 'Partnership'] });
    const indonesianForm = await anonymous.get<{ intro: string; topics: string[]; consentText: string }>('/api/inquiries/form');
    expect(indonesianForm.body.success && before.body.success && indonesianForm.body.data.intro).toBe(before.body.success ? before.body.data.collaborateIntro : '');
    expect(form.body.success && indonesianForm.body.success && form.body.data.consentText).not.toBe(indonesianForm.body.success ? indonesianForm.body.data.consentText : '');
    expect((await anonymous.get('/api/settings?locale=fr')).body.message).toBe('Bahasa tidak dikenal.');
  });
});
