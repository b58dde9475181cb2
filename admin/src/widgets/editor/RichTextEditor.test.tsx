import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RichTextEditor, { TABLE_MAX_COLUMNS, TABLE_MAX_ROWS } from '../RichTextEditor.tsx';
import { REUPLOAD_INTERVAL_MS } from './useInlineImageReupload.ts';

const upload = vi.hoisted(() => vi.fn(async (_path: string, _init?: RequestInit) => ({ data: { url: '/uploads/tempel.png' }, message: 'ok' })));
vi.mock('../../api/client.ts', () => ({ api: upload }));
// Pictures go to the upload as they were pasted (preparing them needs a real canvas).
vi.mock('../compress.ts', () => ({ prepareUpload: async (file: File) => file, thumbnailOf: () => undefined, thumbnailPart: (name: string) => `${name}.thumb` }));

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

function Field({ initial, light, onChange }: { initial: string; light?: boolean; onChange?: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        id="field-content"
        value={value}
        light={light}
        onChange={(html) => {
          setValue(html);
          onChange?.(html);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  upload.mockClear();
});

const toolbar = () => screen.getByRole('toolbar', { name: 'Format teks' });
const labels = (root: HTMLElement) => [...root.querySelectorAll('button, select, input')].map((control) => control.getAttribute('aria-label'));

describe('RichTextEditor', () => {
  it('full editor: every control labelled in Indonesian, headings 1-6, indent, colours and a 6x3 table picker', () => {
    render(<Field initial="<p>Halo</p>" />);
    const area = document.querySelector('.ProseMirror#field-content');
    expect(area?.classList.contains('editor-area')).toBe(true);
    expect(labels(document.querySelector('.rich-editor')!).every(Boolean)).toBe(true);
    expect(labels(toolbar())).toEqual(
      expect.arrayContaining(['Gaya paragraf', 'Tebal', 'Miring', 'Garis bawah', 'Coret', 'Superskrip x²', 'Subskrip x₂', 'Ukuran huruf', 'Warna teks', 'Warna latar teks', 'Rata kiri', 'Rata tengah', 'Rata kanan', 'Daftar berpoin', 'Daftar bernomor', 'Kurangi indentasi', 'Tambah indentasi', 'Kutipan', 'Tautan', 'Jumlah baris', 'Jumlah kolom', 'Sisipkan tabel', 'Urungkan', 'Ulangi']),
    );
    const headings = within(toolbar()).getByRole<HTMLSelectElement>('combobox', { name: 'Gaya paragraf' });
    expect([...headings.options].map((option) => option.text)).toEqual(['Paragraf', 'Judul 1', 'Judul 2', 'Judul 3', 'Judul 4', 'Judul 5', 'Judul 6']);
    const sizes = within(toolbar()).getByRole<HTMLSelectElement>('combobox', { name: 'Ukuran huruf' });
    expect(sizes.options[1]?.value).toBe('8px');
    expect(sizes.options[sizes.options.length - 1]?.value).toBe('64px');
    expect(within(toolbar()).getByRole<HTMLSelectElement>('combobox', { name: 'Jumlah baris' }).options).toHaveLength(TABLE_MAX_ROWS);
    expect(within(toolbar()).getByRole<HTMLSelectElement>('combobox', { name: 'Jumlah kolom' }).options).toHaveLength(TABLE_MAX_COLUMNS);
  });

  it('inserts a table of the chosen size', () => {
    render(<Field initial="<p>Halo</p>" />);
    fireEvent.change(within(toolbar()).getByRole('combobox', { name: 'Jumlah baris' }), { target: { value: '6' } });
    fireEvent.change(within(toolbar()).getByRole('combobox', { name: 'Jumlah kolom' }), { target: { value: '2' } });
    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Sisipkan tabel' }));
    const table = new DOMParser().parseFromString(screen.getByTestId('value').textContent ?? '', 'text/html').querySelector('table');
    expect(table?.querySelectorAll('tr')).toHaveLength(6);
    expect(table?.querySelectorAll('tr:first-child td')).toHaveLength(2);
  });

  it('indents a paragraph from the toolbar as an inline margin the site keeps', () => {
    render(<Field initial="<p>Halo</p>" />);
    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Tambah indentasi' }));
    expect(screen.getByTestId('value').textContent).toMatch(/^<p style="margin-left: 40px;?">Halo<\/p>/);
  });

  it('cleans pasted HTML before it reaches the document', () => {
    render(<Field initial="<p>Halo</p>" />);
    const pasted = '<style>p{}</style><p></p><p><span style="color: red; font-family: Arial; font-size: 40px">Tempel</span></p>';
    const clipboardData = { types: ['text/html'], files: [], getData: (type: string) => (type === 'text/html' ? pasted : '') };
    fireEvent.paste(document.querySelector('.ProseMirror')!, { clipboardData });
    const value = screen.getByTestId('value').textContent ?? '';
    expect(value).toContain('<span style="color: red;">Tempel</span>');
    expect(value).not.toMatch(/font-family|font-size/);
  });

  it('keeps units and formulas: pasted and typed superscript and subscript', () => {
    render(<Field initial="<p>Halo</p>" />);
    const pasted = '<p>Volume 3 m<sup>3</sup> dan H<sub>2</sub>O</p>';
    fireEvent.paste(document.querySelector('.ProseMirror')!, { clipboardData: { types: ['text/html'], files: [], getData: (type: string) => (type === 'text/html' ? pasted : '') } });
    expect(screen.getByTestId('value').textContent).toContain('m<sup>3</sup> dan H<sub>2</sub>O');
    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Superskrip x²' }));
    expect(within(toolbar()).getByRole('button', { name: 'Superskrip x²' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('light editor: headings 1-3 and fewer tools', () => {
    render(<Field initial="<p>Halo</p>" light />);
    const headings = within(toolbar()).getByRole<HTMLSelectElement>('combobox', { name: 'Gaya paragraf' });
    expect([...headings.options].map((option) => option.text)).toEqual(['Paragraf', 'Judul 1', 'Judul 2', 'Judul 3']);
    expect(labels(toolbar())).not.toContain('Ukuran huruf');
    expect(labels(toolbar())).not.toContain('Sisipkan tabel');
    expect(document.querySelector('.rich-editor.light')).not.toBeNull();
  });

  it('HTML mode edits the source and Visual loads what was typed', () => {
    render(<Field initial="<p>Halo</p>" />);
    fireEvent.click(screen.getByRole('button', { name: 'HTML' }));
    const source = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Editor (HTML)' });
    expect(source.value).toBe('<p>Halo</p>');
    fireEvent.change(source, { target: { value: '<h2>Baru</h2>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Visual' }));
    expect(document.querySelector('.ProseMirror h2')?.textContent).toBe('Baru');
  });

  it('shows a value the form fills in after the editor started', () => {
    const { rerender } = render(<RichTextEditor id="field-content" value="" onChange={() => undefined} />);
    rerender(<RichTextEditor id="field-content" value="<p>Dari server</p>" onChange={() => undefined} />);
    expect(document.querySelector('.ProseMirror')?.textContent).toBe('Dari server');
  });

  it('light editor uploads an embedded data: image within 5 seconds and stores its url instead', async () => {
    vi.useFakeTimers();
    render(<Field initial={`<p>Foto</p><img src="${PNG}">`} light />);
    expect(document.querySelector('.ProseMirror img')?.getAttribute('src')).toBe(PNG);
    await act(() => vi.advanceTimersByTimeAsync(REUPLOAD_INTERVAL_MS));
    expect(upload).toHaveBeenCalledTimes(1);
    const [path, init] = upload.mock.calls[0]!;
    expect(path).toBe('/upload');
    expect((init!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(document.querySelector('.ProseMirror img')?.getAttribute('src')).toBe('/uploads/tempel.png');
    expect(screen.getByTestId('value').textContent).toContain('src="/uploads/tempel.png"');
  });

  it('the full editor keeps embedded images as they are', async () => {
    vi.useFakeTimers();
    render(<Field initial={`<img src="${PNG}">`} />);
    await act(() => vi.advanceTimersByTimeAsync(REUPLOAD_INTERVAL_MS * 2));
    expect(upload).not.toHaveBeenCalled();
    expect(document.querySelector('.ProseMirror img')?.getAttribute('src')).toBe(PNG);
  });

  it('pasting two pictures one after the other keeps both, in order', async () => {
    let count = 0;
    upload.mockImplementation(async () => ({ data: { url: `/uploads/editor/foto-${++count}.jpg` }, message: 'ok' }));
    // An empty line: the first picture takes its place and stays selected.
    render(<Field initial="<p></p>" />);
    const area = document.querySelector('.ProseMirror')!;
    const paste = async (name: string) => {
      const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
      await act(async () => {
        fireEvent.paste(area, { clipboardData: { types: ['Files'], files: [file], getData: () => '' } });
        await vi.waitFor(() => expect(upload).toHaveBeenCalled());
      });
      await vi.waitFor(() => expect(document.querySelector(`.ProseMirror img[src$="foto-${count}.jpg"]`)).not.toBeNull());
    };
    await paste('satu.jpg');
    await paste('dua.jpg');
    const sources = [...document.querySelectorAll('.ProseMirror img')].map((image) => image.getAttribute('src'));
    expect(sources).toEqual(['/uploads/editor/foto-1.jpg', '/uploads/editor/foto-2.jpg']);
  });

  it('a paste holding two pictures inserts both', async () => {
    let count = 0;
    upload.mockImplementation(async () => ({ data: { url: `/uploads/editor/foto-${++count}.jpg` }, message: 'ok' }));
    render(<Field initial="<p>Halo</p>" />);
    const files = ['satu.jpg', 'dua.jpg'].map((name) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' }));
    fireEvent.paste(document.querySelector('.ProseMirror')!, { clipboardData: { types: ['Files'], files, getData: () => '' } });
    await vi.waitFor(() => expect(document.querySelectorAll('.ProseMirror img')).toHaveLength(2));
    expect([...document.querySelectorAll('.ProseMirror img')].map((image) => image.getAttribute('src'))).toEqual(['/uploads/editor/foto-1.jpg', '/uploads/editor/foto-2.jpg']);
  });
});
