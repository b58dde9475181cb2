import { describe, expect, it } from 'vitest';
import WORD from './fixtures/word-clipboard.html?raw';
import { cleanPaste } from './pasteCleaning.ts';

// WORD: what Word 2016 on Windows puts on the clipboard as text/html for a short report.

describe('text pasted from Word', () => {
  const { html, droppedImages } = cleanPaste(WORD);
  const doc = new DOMParser().parseFromString(html, 'text/html');

  it('turns bulleted and numbered paragraphs into real lists, nested by level, without the typed markers', () => {
    const bullets = doc.querySelector('ul')!;
    expect([...bullets.children].map((li) => li.firstElementChild!.textContent!.replace(/\s+/g, ' ').trim())).toEqual([
      '4 ton sampah per bulan tidak lagi ke TPA',
      '312 keluarga menabung dari sampah',
      'Rp 18 juta tabungan terkumpul',
    ]);
    expect(bullets.children[1]!.querySelector('ul li')!.textContent!.replace(/\s+/g, ' ').trim()).toBe('termasuk 40 warung');
    expect([...doc.querySelectorAll('ol > li')].map((li) => li.textContent!.replace(/\s+/g, ' ').trim())).toEqual(['Pilah sampah di rumah', 'Setor ke bank sampah']);
    expect(doc.body.textContent).not.toMatch(/[·]/);
    expect(html).not.toMatch(/mso-|MsoList/);
  });

  it('keeps no justified alignment and no h1: the page title is the only h1', () => {
    expect(html).not.toContain('justify');
    expect(doc.querySelectorAll('h1')).toHaveLength(0);
    expect([...doc.querySelectorAll('h2')].map((h) => h.textContent!.trim())).toEqual(['Laporan Bank Sampah Cibunut 2026', 'Hasil utama']);
  });

  it("drops pictures that point at the author's disk and counts them", () => {
    expect(html).not.toContain('file:');
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(droppedImages).toBe(1);
    expect(doc.body.textContent!.replace(/\s+/g, ' ')).toContain('Foto: penimbangan setoran warga.');
  });

  it('leaves ordinary paragraphs and dashes alone', () => {
    expect(cleanPaste('<p>- bukan daftar</p><p>o ya</p>').html).toBe('<p>- bukan daftar</p><p>o ya</p>');
    expect(cleanPaste('<p>· satu</p><p>· dua</p>').html).toBe('<ul><li><p>satu</p></li><li><p>dua</p></li></ul>');
  });
});
