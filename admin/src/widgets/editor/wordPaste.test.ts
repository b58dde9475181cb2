import { describe, expect, it } from 'vitest';
import WORD from './fixtures/word-clipboard.html?raw';
import { cleanPaste } from './pasteCleaning.ts';

// WORD: what Word 2016 on Windows puts on the clipboard as text/html for a short report.

describe('text pasted from Word', () => {
  const { html, droppedImages } = cleanPaste(WORD);
  const doc = new DOMParser().parseFromString(html, 'text/html');

  it('turns bulleted and numbered paragraphs into real lists, nested by level, without the typed markers', () => {
    const bullets = doc.querySelector('ul')!;
    expect([...bullets.children].map((li) => li.firstElementChild!.textContent.replace(/\s+/g, ' ').trim())).toEqual([
      '4 ton sampah per bulan tidak lagi ke TPA',
      '312 keluarga menabung dari sampah',
      'Rp 18 juta tabungan terkumpul',
    ]);
    expect(bullets.children[1]!.querySelector('ul li')!.textContent.replace(/\s+/g, ' ').trim()).toBe('termasuk 40 warung');
    expect([...doc.querySelectorAll('ol > li')].map((li) => li.textContent.replace(/\s+/g, ' ').trim())).toEqual(['Pilah sampah di rumah', 'Setor ke bank sampah']);
    expect(doc.body.textContent).not.toMatch(/[·]/);
    expect(html).not.toMatch(/mso-|MsoList/);
  });

  it('keeps no justified alignment and no h1: the page title is the only h1', () => {
    expect(html).not.toContain('justify');
    expect(doc.querySelectorAll('h1')).toHaveLength(0);
    expect([...doc.querySelectorAll('h2')].map((h) => h.textContent.trim())).toEqual(['Laporan Bank Sampah Cibunut 2026', 'Hasil utama']);
  });

  it("drops pictures that point at the author's disk and counts them", () => {
    expect(html).not.toContain('file:');
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(droppedImages).toBe(1);
    expect(doc.body.textContent.replace(/\s+/g, ' ')).toContain('Foto: penimbangan setoran warga.');
  });

  it('leaves ordinary paragraphs and dashes alone', () => {
    expect(cleanPaste('<p>- bukan daftar</p><p>o ya</p>').html).toBe('<p>- bukan daftar</p><p>o ya</p>');
    expect(cleanPaste('<p>· satu</p><p>· dua</p>').html).toBe('<ul><li><p>satu</p></li><li><p>dua</p></li></ul>');
  });

  it("takes the marker Word puts between its list comments, whatever spans hold it (Word for Mac, older versions)", () => {
    const item = (marker: string, text: string) => `<p class=MsoListParagraph style='mso-list:l0 level1 lfo1'><![if !supportLists]>${marker}<![endif]>${text}</p>`;
    const bullets = cleanPaste(item("<span style='font-family:Symbol'>·<span style='font:7.0pt'>&nbsp;&nbsp;</span></span>", 'Item satu') + item("<span style='font-family:Symbol'>·</span>", 'Item dua')).html;
    expect(bullets).toBe('<ul><li><p>Item satu</p></li><li><p>Item dua</p></li></ul>');
    const numbered = cleanPaste(item('<span>1.<span>&nbsp;</span></span>', 'Pilah') + item('<span>2.</span>', 'Setor')).html;
    expect(numbered).toBe('<ol><li><p>Pilah</p></li><li><p>Setor</p></li></ol>');
  });

  it('keeps merged table cells merged, and footnote references as text: the notes they pointed at are not kept as places', () => {
    const table = cleanPaste('<table><tr><td>A1</td><td>B1</td></tr><tr><td colspan=2>gabungan</td></tr><tr><td rowspan="2">C</td><td>D</td></tr></table>').html;
    const cells = new DOMParser().parseFromString(table, 'text/html').querySelectorAll('td');
    expect([...cells].map((cell) => [cell.textContent, cell.getAttribute('colspan'), cell.getAttribute('rowspan')])).toEqual([
      ['A1', null, null],
      ['B1', null, null],
      ['gabungan', '2', null],
      ['C', null, '2'],
      ['D', null, null],
    ]);
    const footnote = cleanPaste(
      '<p>Teks<a style="mso-footnote-id:ftn1" href="#_ftn1" name="_ftnref1"><sup>[1]</sup></a> dan <a href="https://example.org">tautan</a>.</p>' +
        '<div style="mso-element:footnote-list"><p><a href="#_ftnref1" name="_ftn1"><sup>[1]</sup></a> Catatan kaki.</p></div>',
    ).html;
    expect(footnote).toBe('<p>Teks<sup>[1]</sup> dan <a href="https://example.org">tautan</a>.</p><div><p><sup>[1]</sup> Catatan kaki.</p></div>');
  });
});

describe('pictures pasted from Word as data: URLs', () => {
  it("keep the description Word wrote on the picture's shape as their alt text", () => {
    const src = 'data:image/png;base64,iVBORw0KGgo=';
    const pasted = `<p><!--[if gte vml 1]><v:shape id="Picture_x0020_1" type="#_x0000_t75"><v:imagedata src="file:///C:/clip_image001.png" o:title="Warga memilah sampah"/></v:shape><![endif]--><![if !vml]><img width=602 height=451 src="${src}" v:shapes="Picture_x0020_1"><![endif]></p><p><img src="${src}" title="Kompos"></p>`;
    const doc = new DOMParser().parseFromString(cleanPaste(pasted).html, 'text/html');
    expect([...doc.querySelectorAll('img')].map((image) => image.getAttribute('alt'))).toEqual(['Warga memilah sampah', 'Kompos']);
  });
});
