/**
 * Two languages as the site and staff meet them: the public API answers a language's records
 * only when their translation is published, with that language's text and slug and the record's
 * own pictures and numbers; the seeded demo content has the right text in the right language.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, TRANSLATIONS } from '../src/contract/locales.ts';
import { resources, type ResourceKey } from '../src/contract/resources.ts';
import { isTranslatable, localizedFields } from '../src/contract/translation.ts';
import { asAdmin, Client } from './client.ts';

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
