import { describe, expect, it } from 'vitest';
import { richHtml } from './richText.ts';

describe('richHtml', () => {
  it('puts every table, nested ones too, in a scroll box of its own, so a wide table never widens the page', () => {
    const html = richHtml('<p>Data</p><TABLE class="x"><tr><td><table><tr><td>a</td></tr></table></td></tr></TABLE >');
    expect(html).toBe('<p>Data</p><div class="table-scroll" tabindex="0"><table class="x"><tr><td><div class="table-scroll" tabindex="0"><table><tr><td>a</td></tr></table></div></td></tr></table></div>');
  });

  it('leaves text without tables as it was', () => {
    expect(richHtml('<p>Tabel, table, <code>&lt;table&gt;</code></p>')).toBe('<p>Tabel, table, <code>&lt;table&gt;</code></p>');
  });
});
