import { describe, expect, it } from 'vitest';
import { asAdmin, Client, form, unique } from './client.ts';

describe('collections', () => {
  it('creates, reads by slug, updates and deletes a vision, hiding drafts from visitors', async () => {
    const admin = await asAdmin();
    const title = unique('Vision Draft');
    const created = await admin.post<{ _id: string; slug: string; isPublished: boolean }>(
      '/api/vision',
      form({ title, shortDescription: 'Short', content: '<p>Body</p>', isPublished: 'false', readTime: 'abc' }),
    );
    expect(created.status).toBe(201);
    if (!created.body.success) throw new Error(created.body.message);
    const { _id, slug } = created.body.data;
    expect(slug).toBe(title.toLowerCase().replace(' ', '-'));

    const visitor = new Client();
    expect((await visitor.get(`/api/vision/slug/${slug}`)).status).toBe(404);
    expect((await admin.get(`/api/vision/slug/${slug}`)).status).toBe(200);

    const updated = await admin.put<{ isPublished: boolean; readTime: number }>(`/api/vision/${_id}`, form({ isPublished: 'true' }));
    expect(updated.body.success && updated.body.data.isPublished).toBe(true);
    expect((await visitor.get(`/api/vision/slug/${slug}`)).status).toBe(200);

    expect((await admin.delete(`/api/vision/${_id}`)).status).toBe(200);
    expect((await admin.get(`/api/vision/${_id}`)).status).toBe(404);
  });
});
