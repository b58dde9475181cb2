import TextAlign from '@tiptap/extension-text-align';
import { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { indentFromMargin, Indent, INDENT_STEP_PX, MAX_INDENT } from './indent.ts';

let editor: Editor | undefined;
// Without the trailing empty paragraph StarterKit adds, to compare whole documents.
const BASE = [StarterKit.configure({ trailingNode: false }), Indent];
const start = (content: string) => (editor = new Editor({ extensions: BASE, content }));
/** The HTML without the ";" tiptap puts after the last style declaration. */
const html = (current: Editor) => current.getHTML().replace(/;"/g, '"');

afterEach(() => editor?.destroy());

describe('indent and outdent', () => {
  it('steps a paragraph or heading right and left as an inline margin-left', () => {
    const current = start('<p>Teks</p><h2>Judul</h2>');
    current.commands.setTextSelection(2);
    expect(current.commands.indent()).toBe(true);
    current.commands.indent();
    expect(html(current)).toBe(`<p style="margin-left: ${2 * INDENT_STEP_PX}px">Teks</p><h2>Judul</h2>`);
    current.commands.outdent();
    expect(html(current)).toBe(`<p style="margin-left: ${INDENT_STEP_PX}px">Teks</p><h2>Judul</h2>`);
    current.commands.outdent();
    expect(html(current)).toBe('<p>Teks</p><h2>Judul</h2>');
    expect(current.commands.outdent()).toBe(false);
  });

  it('indents every selected block, up to the maximum', () => {
    const current = start('<p>Satu</p><h3>Dua</h3>');
    current.commands.selectAll();
    for (let step = 0; step < MAX_INDENT + 2; step++) current.commands.indent();
    const margin = `margin-left: ${MAX_INDENT * INDENT_STEP_PX}px`;
    expect(html(current)).toBe(`<p style="${margin}">Satu</p><h3 style="${margin}">Dua</h3>`);
  });

  it('nests and lifts list items instead of adding a margin', () => {
    const current = start('<ul><li><p>Satu</p></li><li><p>Dua</p></li></ul>');
    current.commands.setTextSelection(current.state.doc.content.size - 3);
    current.commands.indent();
    expect(html(current)).toBe('<ul><li><p>Satu</p><ul><li><p>Dua</p></li></ul></li></ul>');
    current.commands.outdent();
    expect(html(current)).toBe('<ul><li><p>Satu</p></li><li><p>Dua</p></li></ul>');
  });

  it('in a list, outdent first removes a margin the paragraph brought along', () => {
    const current = start(`<ul><li><p style="margin-left: ${INDENT_STEP_PX}px">Satu</p></li></ul>`);
    current.commands.setTextSelection(3);
    current.commands.outdent();
    expect(html(current)).toBe('<ul><li><p>Satu</p></li></ul>');
    current.commands.outdent();
    expect(html(current)).toBe('<p>Satu</p>');
  });

  it('reads saved and pasted margins back as indent levels', () => {
    const current = start(`<p style="margin-left: ${3 * INDENT_STEP_PX}px">Tersimpan</p><p style="margin-left: 0.5in">Word</p>`);
    expect(html(current)).toBe(`<p style="margin-left: ${3 * INDENT_STEP_PX}px">Tersimpan</p><p style="margin-left: ${INDENT_STEP_PX}px">Word</p>`);
    expect(indentFromMargin('2.5em')).toBe(1);
    expect(indentFromMargin('0')).toBe(0);
    expect(indentFromMargin('auto')).toBe(0);
    expect(indentFromMargin('9999px')).toBe(MAX_INDENT);
  });

  it('keeps the alignment style next to the indent', () => {
    editor = new Editor({ extensions: [...BASE, TextAlign.configure({ types: ['paragraph'] })], content: '<p style="text-align: center">x</p>' });
    editor.commands.setTextSelection(1);
    editor.commands.indent();
    expect(html(editor)).toMatch(/^<p style="(text-align: center; margin-left: 40px|margin-left: 40px; text-align: center)">x<\/p>$/);
  });
});
