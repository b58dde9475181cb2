import { describe, expect, it } from 'vitest';
import { accessOf } from '../auth/access.ts';
import { recordAddress } from './CommandPalette.tsx';

describe('a record found by the admin search', () => {
  const hit = { collection: 'vision', id: 'v1', title: 'Kompos & Rumah', slug: 'kompos-rumah' };

  it('opens in its form for a user who may edit it', () => {
    expect(recordAddress(hit, accessOf(['vision.read', 'vision.update']))).toBe('/admin/vision?edit=v1');
  });

  it('opens as its screen searched for its title for a user who may only read it', () => {
    expect(recordAddress(hit, accessOf(['vision.read']))).toBe('/admin/vision?search=Kompos+%26+Rumah');
  });

  it('opens a read-only screen searched for it, whatever the permissions', () => {
    expect(recordAddress({ collection: 'subscriber', id: 's1', title: 'a@example.org', slug: null }, accessOf(['subscriber.read', 'subscriber.update']))).toBe(
      '/admin/subscribe?search=a%40example.org',
    );
  });

  it('opens a record found by its English title on its English tab, or lists it by its own title for a reader', () => {
    const english = { ...hit, title: 'Compost at Home', slug: 'compost-at-home', locale: 'en' as const, sourceTitle: 'Kompos & Rumah' };
    expect(recordAddress(english, accessOf(['vision.read', 'vision.update']))).toBe('/admin/vision?edit=v1&language=en');
    expect(recordAddress(english, accessOf(['vision.read']))).toBe('/admin/vision?search=Kompos+%26+Rumah');
  });

  it('has no address in a collection without a screen', () => {
    expect(recordAddress({ ...hit, collection: 'nothing' }, accessOf(['vision.update']))).toBeNull();
  });
});
