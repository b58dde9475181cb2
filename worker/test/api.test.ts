/** The API's outer shape: the envelope on every answer, unreadable bodies, and which origins may write. */
import { describe, expect, it } from 'vitest';
import { asAdmin, Client, form, unique } from './client.ts';

describe('envelope', () => {
  it('answers unknown API paths and methods with a JSON 404 that is never cached', async () => {
    const visitor = new Client();
    for (const [method, path] of [
      ['GET', '/api'],
      ['GET', '/api/tidak-ada'],
      ['POST', '/api/tidak-ada/sama-sekali'],
      ['PATCH', '/api/vision/abc'],
      ['GET', '/api/vision/slug/tidak-ada-slug-ini'],
      ['GET', '/api/category/000000000000000000000000'],
    ] as const) {
      const answer = await visitor.request(method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body, `${method} ${path}`).toMatchObject({ success: false, data: null, code: 'NOT_FOUND' });
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('refuses unreadable bodies with 400 and a clear message', async () => {
    const admin = await asAdmin();
    for (const [body, type] of [
      ['{"title": ', 'application/json'],
      ['["a list"]', 'application/json'],
      ['judul=x', 'text/plain'],
    ] as const) {
      const answer = await admin.request('POST', '/api/category', body, { 'content-type': type });
      expect(answer.status, body).toBe(400);
      expect(answer.body, body).toMatchObject({ success: false, code: 'BAD_REQUEST', message: 'Data yang dikirim tidak valid.' });
    }
  });

  it('answers a success with data and a message', async () => {
    const admin = await asAdmin();
    const created = await admin.post('/api/category', form({ title: unique('Amplop') }));
    expect(created.body).toMatchObject({ success: true, message: 'Data berhasil ditambahkan!' });
    const id = created.body.success ? (created.body.data as { _id: string })._id : '';
    expect((await admin.put(`/api/category/${id}`, form({ order: '2' }))).body).toMatchObject({ success: true, message: 'Data berhasil diperbarui!' });
    expect((await admin.delete(`/api/category/${id}`)).body).toEqual({ success: true, data: null, message: 'Data berhasil dihapus!' });
  });
});

describe('origins', () => {
  it('refuses cookie-carrying writes without a same-site Origin or Referer, and accepts a same-site Referer', async () => {
    const admin = await asAdmin();
    const noOrigin = await fetch(`${admin.base}/api/category`, { method: 'POST', headers: { cookie: admin.cookie }, body: form({ title: unique('Tanpa Asal') }) });
    expect(noOrigin.status).toBe(403);
    const foreignReferer = await fetch(`${admin.base}/api/category`, { method: 'POST', headers: { cookie: admin.cookie, referer: 'https://evil.example/page' }, body: form({ title: unique('Asing') }) });
    expect(foreignReferer.status).toBe(403);
    const ownReferer = await fetch(`${admin.base}/api/category`, { method: 'POST', headers: { cookie: admin.cookie, referer: `${admin.base}/admin/category` }, body: form({ title: unique('Sendiri') }) });
    expect(ownReferer.status).toBe(201);
    // Deletes and logouts count as writes too; reads do not.
    const list = await admin.get<{ _id: string }[]>('/api/category');
    const id = list.body.success ? list.body.data[0]!._id : '';
    expect((await admin.request('DELETE', `/api/category/${id}`, undefined, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await admin.request('POST', '/api/auth/logout', undefined, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await admin.get('/api/auth/me')).status).toBe(200);
    expect((await admin.request('GET', '/api/user', undefined, { origin: 'https://evil.example' })).status).toBe(200);
  });
});
