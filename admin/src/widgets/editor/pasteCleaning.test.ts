import { describe, expect, it } from 'vitest';
import { cleanPastedHtml, filterStyle, TABLE_STYLE } from './pasteCleaning.ts';

describe('rich editor paste cleaning (spec 5)', () => {
  it('removes script, style, meta, link and title elements', () => {
    const pasted =
      '<html><head><meta charset="utf-8"><title>Doc</title><link rel="preconnect" href="https://fonts.example.org"><style>p{color:red}</style></head>' +
      '<body><p>Teks</p><script>alert(1)</script><style>.a{}</style><meta name="x"><link href="y"><title>t</title></body></html>';
    expect(cleanPastedHtml(pasted)).toBe('<p>Teks</p>');
  });

  it('keeps only src, alt, href, title, class and id attributes (and a filtered style)', () => {
    const pasted =
      '<p id="p1" class="intro" data-x="1" onclick="steal()" lang="id" dir="ltr">' +
      '<a href="https://example.org" title="Contoh" target="_blank" rel="x">a</a>' +
      '<img src="https://example.org/a.png" alt="A" width="10" height="10" onerror="steal()"></p>';
    expect(cleanPastedHtml(pasted)).toBe(
      '<p id="p1" class="intro"><a href="https://example.org" title="Contoh">a</a><img src="https://example.org/a.png" alt="A"></p>',
    );
  });

  it('keeps the ProseMirror copy marker, so copying inside the editor pastes the same structure', () => {
    expect(cleanPastedHtml('<ul data-pm-slice="3 3 []" data-x="1"><li><p>Satu</p></li></ul>')).toBe('<ul data-pm-slice="3 3 []"><li><p>Satu</p></li></ul>');
  });

  it('limits inline styles to colour, background, font weight and style, text decoration, alignment, margin and padding', () => {
    const style =
      'color: red; background: #fff; background-color: rgb(1, 2, 3); font-weight: bold; font-style: italic; text-decoration: underline; ' +
      'text-align: center; margin: 0 0 8pt; margin-left: 36pt; padding-top: 2px; font-size: 11pt; font-family: Calibri; mso-line-height-rule: exactly; line-height: 2; width: 50%';
    expect(filterStyle(style)).toBe(
      'color: red; background: #fff; background-color: rgb(1, 2, 3); font-weight: bold; font-style: italic; text-decoration: underline; ' +
        'text-align: center; margin: 0 0 8pt; margin-left: 36pt; padding-top: 2px',
    );
    expect(cleanPastedHtml('<p style="font-family: Arial; COLOR: blue">x</p>')).toBe('<p style="color: blue">x</p>');
    expect(cleanPastedHtml('<span style="font-size: 12px; line-height: 1">x</span>')).toBe('<span>x</span>');
  });

  it('drops style values that could load or run something, without splitting on ";" inside them', () => {
    expect(filterStyle('background: url("data:image/png;base64,AAAA"); color: red')).toBe('color: red');
    expect(filterStyle('color: expression(alert(1)); margin: 0')).toBe('margin: 0');
  });

  it('removes empty lists, headings and paragraphs, keeping those with text or images', () => {
    const pasted =
      '<h1></h1><h2> </h2><h6><br></h6><p></p><p>&nbsp;</p><p><span> </span></p><ul></ul><ol><li></li><li><p></p></li></ol>' +
      '<p>Isi</p><p><img src="/a.png"></p><ul><li>Satu</li></ul>';
    expect(cleanPastedHtml(pasted)).toBe('<p>Isi</p><p><img src="/a.png"></p><ul><li>Satu</li></ul>');
  });

  it('gives empty table cells a (non-breaking) space', () => {
    const cleaned = cleanPastedHtml('<table><tbody><tr><td></td><td><p></p></td><th> </th><td>Isi</td></tr></tbody></table>');
    expect(cleaned).toContain('<tr><td>&nbsp;</td><td>&nbsp;</td><th>&nbsp;</th><td>Isi</td></tr>');
  });

  it('gives tables a collapsed, full-width style', () => {
    expect(cleanPastedHtml('<table border="1" cellpadding="4" style="width: 300px; margin-left: 4px"><tr><td>a</td></tr></table>')).toBe(
      `<table style="margin-left: 4px; ${TABLE_STYLE}"><tbody><tr><td>a</td></tr></tbody></table>`,
    );
    expect(TABLE_STYLE).toBe('border-collapse: collapse; width: 100%');
  });

  it('removes the comments Word and browsers wrap around a fragment', () => {
    expect(cleanPastedHtml('<!--StartFragment--><p>Teks</p><!--[if gte mso 9]><xml></xml><![endif]--><!--EndFragment-->')).toBe('<p>Teks</p>');
  });
});
