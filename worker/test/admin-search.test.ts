/**
 * The admin's search (Ctrl+K): any record of a collection the caller may read, by title or slug;
 * nothing of a collection they may not read; a clear refusal of a query it will not run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_QUERY_MAX, type AdminSearchHit } from '../src/contract/search.ts';
import { HITS_PER_COLLECTION } from '../src/search/routes.ts';
import { asAdmin, Client, form, unique } from './client.ts';

type Row = { _id: string; slug: string } & Record<string, unknown>;

let admin: Client;
beforeAll(async () => {
  admin = await asAdmin();
});

const search = (client: Client, q: string) => client.get<AdminSearchHit[]>(`/api/search?q=${encodeURIComponent(q)}`);
const hitsOf = (answer: Awaited<ReturnType<typeof search>>) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { data: AdminSearchHit[] }).data;
};

/** A signed-in user whose role gives only these permissions. */
async function userWith(names: string[], username = unique('pencari')) {
  const perms = await admin.get<Row[]>('/api/role/permissions/list');
  const wanted = perms.body.success ? perms.body.data.filter((p) => names.includes(String(p.name))).map((p) => p._id) : [];
  const role = await admin.post<Row>('/api/role', form({ name: unique('Peran'), level: '2', permissions: wanted }));
  const created = await admin.post('/api/user', form({ username, email: `${username}@example.org`, password: 'rahasia-123', fullName: 'Pencari', role: role.body.success ? role.body.data._id : '' }));
  expect(created.status).toBe(201);
  const client = new Client();
  await client.login(username, 'rahasia-123');
  return { client, username };
}

async function visionArticle(title: string, values: Record<string, string> = {}) {
  const answer = await admin.post<Row>('/api/vision', form({ title, shortDescription: 'Ringkas', content: '<p>Isi</p>', ...values }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { data: Row }).data;
}

describe('admin search', () => {
  it('finds a record by a word of its title, drafts included, case ignored, and names its collection', async () => {
    const word = unique('Kompos');
    const draft = await visionArticle(`Panduan ${word} Rumah Tangga`, { isPublished: 'false' });
    const hits = hitsOf(await search(admin, word.toUpperCase()));
    expect(hits).toContainEqual({ collection: 'vision', id: draft._id, title: `Panduan ${word} Rumah Tangga`, slug: draft.slug });
  });

  it('ignores case in accented and non-Latin letters too, in the search and in a collection list', async () => {
    const tag = unique('Mitra');
    const partner = await admin.post<Row>('/api/partner', form({ name: `${tag} Ümlaut Çağrı Σοφία`, isActive: 'true' }));
    expect(partner.status, JSON.stringify(partner.body)).toBe(201);
    for (const query of ['ümlaut', 'ÜMLAUT', 'çağrı', 'ΣΟΦΊΑ']) {
      expect(hitsOf(await search(admin, query)).map((hit) => hit.title), query).toContain(`${tag} Ümlaut Çağrı Σοφία`);
      const listed = await admin.get<Row[]>(`/api/partner?page=1&limit=50&search=${encodeURIComponent(query)}`);
      expect(listed.body.success && listed.body.data.map((row) => row.name), query).toContain(`${tag} Ümlaut Çağrı Σοφία`);
    }
  });

  it('finds a record by its slug, and records of other collections by their own title field', async () => {
    const article = await visionArticle(unique('Judul Lain'), { slug: unique('alamat-khusus') });
    expect(hitsOf(await search(admin, article.slug)).map((hit) => hit.id)).toContain(article._id);
    // Users are named by their username.
    const { username } = await userWith([]);
    expect(hitsOf(await search(admin, username))).toContainEqual(expect.objectContaining({ collection: 'user', title: username }));
  });

  it('puts the exact title first and answers a bounded number of hits per collection', async () => {
    const word = unique('Serupa');
    for (let at = 0; at < HITS_PER_COLLECTION + 2; at++) await visionArticle(`${word} bagian ${at}`);
    const exact = await visionArticle(word);
    const hits = hitsOf(await search(admin, word)).filter((hit) => hit.collection === 'vision');
    expect(hits).toHaveLength(HITS_PER_COLLECTION);
    expect(hits[0]!.id).toBe(exact._id);
  });

  it('searches only the collections the user may read', async () => {
    const word = unique('Rahasia');
    await visionArticle(`Visi ${word}`);
    const { client: visionReader } = await userWith(['vision.read'], `${word.toLowerCase()}-pembaca`);
    // The admin finds the reader's account too; the reader, who may not read users, does not.
    expect(hitsOf(await search(admin, word)).map((hit) => hit.collection).sort()).toEqual(['user', 'vision']);
    const hits = hitsOf(await search(visionReader, word));
    expect(hits.map((hit) => hit.collection)).toEqual(['vision']);
    const { client: nobody } = await userWith([]);
    expect(hitsOf(await search(nobody, word))).toEqual([]);
  });

  it('refuses visitors', async () => {
    const answer = await search(new Client(), 'kompos');
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('refuses an empty query, one of 1,000 characters and one of symbols only, with a clear message', async () => {
    const cases: Array<[string, string]> = [
      ['', 'Ketik kata yang ingin Anda cari.'],
      ['   ', 'Ketik kata yang ingin Anda cari.'],
      ['a'.repeat(1000), `Kata pencarian terlalu panjang. Gunakan paling banyak ${SEARCH_QUERY_MAX} karakter.`],
      ['%_*"\'();--<>', 'Kata pencarian harus berisi huruf atau angka.'],
    ];
    for (const [q, message] of cases) {
      const answer = await search(admin, q);
      expect(answer.status, q.slice(0, 20)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    }
  });

  it('finds a record by its English title or slug, draft translations included, naming the language and giving its English title', async () => {
    const word = unique('Pemilahan');
    const article = await visionArticle(`Panduan ${word}`);
    const englishWord = unique('Sorting');
    const englishSlug = `guide-${englishWord.toLowerCase()}`;
    const saved = await admin.put(`/api/vision/${article._id}/translations/en`, { title: `Guide to ${englishWord}`, shortDescription: 'In English.', content: '<p>English.</p>', slug: englishSlug, isPublished: false });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const englishHit = { collection: 'vision', id: article._id, title: `Guide to ${englishWord}`, slug: englishSlug, locale: 'en', sourceTitle: `Panduan ${word}` };
    expect(hitsOf(await search(admin, englishWord.toUpperCase()))).toEqual([englishHit]);
    expect(hitsOf(await search(admin, englishSlug))).toEqual([englishHit]);
    // Found by its Indonesian title it is the Indonesian record, named once.
    expect(hitsOf(await search(admin, word))).toEqual([{ collection: 'vision', id: article._id, title: `Panduan ${word}`, slug: article.slug }]);
    // Only readers of the collection find it in English too.
    const { client: nobody } = await userWith([]);
    expect(hitsOf(await search(nobody, englishWord))).toEqual([]);
  });

  it('takes SQL and pattern characters in a query as plain text', async () => {
    const word = unique('Persen');
    const article = await visionArticle(`Hemat 50%_${word}`);
    expect(hitsOf(await search(admin, `50%_${word}`)).map((hit) => hit.id)).toEqual([article._id]);
    // A pattern character matches itself only: `%` finds no title without one.
    expect(hitsOf(await search(admin, `5%${word}`))).toEqual([]);
    expect(hitsOf(await search(admin, `' OR 1=1 --${word}`))).toEqual([]);
  });
});
