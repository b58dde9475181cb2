import { describe, expect, it } from 'vitest';
import { dataUriToFile, findInlineImageSources, replaceImageSources } from './inlineImages.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const SVG = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';

describe('inline embedded images of the light editor', () => {
  it('finds each distinct data: image source, ignoring linked images and data: text elsewhere', () => {
    const html = `<p>data: bukan gambar</p><img src="${PNG}"><img src="/uploads/a.png"><p><img src="${PNG}"><img src="${SVG}"></p>`;
    expect(findInlineImageSources(html)).toEqual([PNG, SVG]);
    expect(findInlineImageSources('<p><img src="https://example.org/a.png"></p>')).toEqual([]);
  });

  it('turns a base64 data URI into a File of its type', async () => {
    const file = dataUriToFile(PNG, 'gambar-1');
    expect(file.name).toBe('gambar-1.png');
    expect(file.type).toBe('image/png');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('turns a percent-encoded data URI into a File too', async () => {
    const file = dataUriToFile(SVG, 'gambar-2');
    expect(file.name).toBe('gambar-2.svg');
    expect(file.type).toBe('image/svg+xml');
    expect(await file.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(dataUriToFile('data:image/jpeg;base64,/9j/', 'x').name).toBe('x.jpg');
    expect(() => dataUriToFile('/uploads/a.png', 'x')).toThrow('Not a data URI');
  });

  it('replaces the uploaded images’ sources and leaves the rest as written', () => {
    const html = `<p>Teks <img src="${PNG}" alt="A"></p><p><img src="${SVG}"></p>`;
    expect(replaceImageSources(html, new Map([[PNG, '/uploads/a.png']]))).toBe(`<p>Teks <img src="/uploads/a.png" alt="A"></p><p><img src="${SVG}"></p>`);
    const untouched = '<p  class=x>Teks</p>';
    expect(replaceImageSources(untouched, new Map([[PNG, '/uploads/a.png']]))).toBe(untouched);
  });
});
