/**
 * Thumbnails the admin sends beside a photo: stored as `<name>.thumb.webp`, listed with their
 * file (not as files), removed with it; a file without one previews as itself; alt text and
 * focal point are stored with the record and checked.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { StoredFile } from '../src/contract/api.ts';
import { asAdmin, form, unique } from './client.ts';
import { PNG } from './samples.ts';

const THUMBNAIL = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#6a8f4e' } }).webp().toBuffer();
const webp = () => new File([new Uint8Array(THUMBNAIL)], 'thumbnail.webp', { type: 'image/webp' });

describe('thumbnails', () => {
  it('are stored beside an upload, listed with it, and deleted with it', async () => {
    const admin = await asAdmin();
    const body = form({ file: new File([PNG()], 'Foto Lapangan.png', { type: 'image/png' }) });
    body.append('file.thumb', webp());
    const uploaded = await admin.post<{ path: string; url: string; thumbnailUrl: string }>('/api/files/upload', body);
    expect(uploaded.status).toBe(201);
    const { path, url, thumbnailUrl } = uploaded.body.success ? uploaded.body.data : ({} as never);
    expect(thumbnailUrl).toBe(`${url}.thumb.webp`);
    const thumb = await fetch(admin.base + thumbnailUrl);
    expect([thumb.status, thumb.headers.get('content-type')]).toEqual([200, 'image/webp']);

    const listed = await admin.get<StoredFile[]>('/api/files/list');
    const files = listed.body.success ? listed.body.data : [];
    expect(files.filter((f) => f.name.includes(path.split('/').pop()!))).toEqual([
      expect.objectContaining({ url, thumbnailUrl, originalName: 'Foto Lapangan.png' }),
    ]);

    await admin.delete(`/api/files/delete/${encodeURIComponent(path.replace(/^uploads\//, ''))}`);
    expect((await fetch(admin.base + thumbnailUrl, { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(admin.base + url)).status).toBe(404);
  });

  it('of a file that has none answer with the file itself', async () => {
    const admin = await asAdmin();
    const uploaded = await admin.post<{ url: string; thumbnailUrl?: string }>('/api/files/upload', form({ file: new File([PNG()], 'lama.png', { type: 'image/png' }) }));
    const { url, thumbnailUrl } = uploaded.body.success ? uploaded.body.data : ({} as never);
    expect(thumbnailUrl).toBeUndefined();
    const answer = await fetch(`${admin.base}${url}.thumb.webp`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(new URL(answer.headers.get('location')!, admin.base).pathname).toBe(url);
  });

  it('ignore a part that is not a small WebP', async () => {
    const admin = await asAdmin();
    const body = form({ file: new File([PNG()], 'x.png', { type: 'image/png' }) });
    body.append('file.thumb', new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    const uploaded = await admin.post<{ thumbnailUrl?: string }>('/api/files/upload', body);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.success && uploaded.body.data.thumbnailUrl).toBeUndefined();
  });

  it('come with a record image sent from a form, beside alt text and a focal point', async () => {
    const admin = await asAdmin();
    const body = form({ title: unique('Karya'), imageAlt: 'Warga memilah sampah', imageFocus: '30% 70%', image: new File([PNG()], 'karya.png', { type: 'image/png' }) });
    body.append('image.thumb', webp());
    const created = await admin.post<{ image: string; imageAlt: string; imageFocus: string }>('/api/our-work', body);
    expect(created.status).toBe(201);
    const record = created.body.success ? created.body.data : ({} as never);
    expect([record.imageAlt, record.imageFocus]).toEqual(['Warga memilah sampah', '30% 70%']);
    expect((await fetch(`${admin.base}/${record.image}.thumb.webp`)).headers.get('content-type')).toBe('image/webp');
  });

  it('refuses a focal point that is not two percentages, in Indonesian', async () => {
    const admin = await asAdmin();
    const answer = await admin.post('/api/our-work', form({ title: unique('Karya'), imageFocus: 'kiri atas' }));
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('Titik fokus tidak valid (contoh: 50% 30%).');
  });
});
