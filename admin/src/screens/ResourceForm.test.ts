import { resources } from '@cms/worker/contract';
import { describe, expect, it } from 'vitest';
import { initialValues, toFormData } from './ResourceForm.tsx';

describe('forms built from a definition', () => {
  it('starts an add form with the definition defaults', () => {
    const values = initialValues(resources.vision, null);
    // A new article's reading time starts empty: computed from its text unless typed.
    expect(values).toMatchObject({ isPublished: true, isFeatured: false, readTime: '', tags: '' });
    expect(initialValues(resources.partner, null).category).toBe('other');
    expect(initialValues(resources.role, null).level).toBe(1);
  });

  it('loads a record for editing: links as ids, tags as text, password blank', () => {
    const values = initialValues(resources.user, {
      _id: 'u1',
      username: 'sari',
      role: { _id: 'r1', name: 'Editor' },
      permissions: [{ _id: 'p1' }, { _id: 'p2' }],
    });
    expect(values).toMatchObject({ username: 'sari', role: 'r1', permissions: ['p1', 'p2'], password: '' });
  });

  it('sends what the API takes: links repeated, lists as JSON, files as parts, kept files not re-sent', () => {
    const values = { ...initialValues(resources.ourWork, null), title: 'Kerja', category_ids: ['c1', 'c2'], image: 'uploads/old.png' };
    const form = toFormData(resources.ourWork, values, {});
    expect(form.getAll('category_ids[]')).toEqual(['c1', 'c2']);
    expect(toFormData(resources.ourWork, { ...values, category_ids: [] }, {}).get('category_ids')).toBe('[]');
    expect(form.get('image')).toBeNull();
    expect(form.get('isActive')).toBe('true');
    const impact = toFormData(resources.impact, { ...initialValues(resources.impact, null), stats: [{ value: '1', label: 'A', icon: '', order: 0 }] }, {});
    expect(JSON.parse(String(impact.get('stats')))).toEqual([{ value: '1', label: 'A', icon: '', order: 0 }]);
    const hero = toFormData(resources.heroSection, initialValues(resources.heroSection, null), { backgroundImage: new File(['x'], 'bg.png', { type: 'image/png' }) });
    expect((hero.get('image') as File).name).toBe('bg.png');
  });
});
