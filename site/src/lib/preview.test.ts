import { describe, expect, it } from 'vitest';
import { isPreviewPath, withPreviewPath } from './preview.ts';

describe('a record page built as its own preview template', () => {
  it('adds the placeholder record at the reserved slug after the records, in every language', () => {
    const paths = withPreviewPath([{ params: { locale: 'en', slug: 'bersih-pantai' }, props: { title: 'Bersih Pantai' }, cacheKey: 'k' }], { title: 'Judul' });
    expect(paths.map((path) => path.params.slug)).toEqual(['bersih-pantai', '_preview', '_preview']);
    expect(paths[1]!.props).toEqual({ title: 'Judul' });
    // A draft fills the page of its own language: the default one at /, English under /en.
    expect(paths.slice(1).map((path) => path.params.locale)).toEqual([undefined, 'en']);
  });

  it('knows the placeholder page (never indexed) at its address and as the file it is built as, and no record page', () => {
    expect(isPreviewPath('/agenda/_preview')).toBe(true);
    expect(isPreviewPath('/agenda/_preview.html')).toBe(true);
    expect(isPreviewPath('/agenda/preview')).toBe(false);
    expect(isPreviewPath('/agenda/bersih-pantai.html')).toBe(false);
    // The templates of parts (a team card, a value) are placeholder pages too.
    expect(isPreviewPath('/preview-template/team.html')).toBe(true);
    expect(isPreviewPath('/en/preview-template/team.html')).toBe(true);
    expect(isPreviewPath('/our-work/preview-template')).toBe(false);
  });
});
