/**
 * The rich-text editor (tiptap), loaded on demand through EditorField.
 * Full: headings 1-6, emphasis, font size 8-64 px, text and background colours, alignment,
 * lists, indent, links, quotes, tables up to 6x3, undo/redo, 400 px. Light: headings 1-3 and
 * fewer tools, 300 px, and images embedded as data: URIs are uploaded every 5 seconds.
 * Both have Visual and HTML modes, clean pasted HTML (spec 5) and upload pasted image files
 * after preparing them (widgets/compress.ts) to /api/upload.
 */
import Image from '@tiptap/extension-image';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { TextStyleKit } from '@tiptap/extension-text-style';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { NodeSelection, type EditorState } from '@tiptap/pm/state';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { api } from '../api/client.ts';
import { prepareUpload, thumbnailOf, thumbnailPart } from './compress.ts';
import './editor/editor.css';
import { Indent } from './editor/indent.ts';
import { replaceImageSources } from './editor/inlineImages.ts';
import { cleanPaste } from './editor/pasteCleaning.ts';
import { replaceEditorImageSources, useInlineImageReupload } from './editor/useInlineImageReupload.ts';

export interface RichTextEditorProps {
  id: string;
  value: string;
  onChange: (html: string) => void;
  /** The lighter editor: headings 1-3, fewer tools, a 300 px area, embedded images uploaded. */
  light?: boolean;
  /** The field's name, which the editing area and its HTML view are called by. */
  label?: string;
}

type Mode = 'visual' | 'html';
type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

const FULL_HEADINGS: HeadingLevel[] = [1, 2, 3, 4, 5, 6];
const LIGHT_HEADINGS: HeadingLevel[] = [1, 2, 3];
export const FONT_SIZES = [8, 9, 10, 11, 12, 14, 16, 18, 20, 24, 28, 32, 36, 48, 64];
export const TABLE_MAX_ROWS = 6;
export const TABLE_MAX_COLUMNS = 3;
const ALIGNMENTS = [
  { value: 'left', label: 'Rata kiri', text: 'Kiri' },
  { value: 'center', label: 'Rata tengah', text: 'Tengah' },
  { value: 'right', label: 'Rata kanan', text: 'Kanan' },
  { value: 'justify', label: 'Rata kiri-kanan', text: 'Kiri-kanan' },
] as const;

async function uploadImage(file: File) {
  const body = new FormData();
  const prepared = await prepareUpload(file, { editor: true });
  body.append('file', prepared);
  const thumbnail = thumbnailOf(prepared);
  if (thumbnail) body.append(thumbnailPart('file'), thumbnail);
  const { data } = await api<{ url: string }>('/upload', { method: 'POST', body });
  return data.url;
}

/** A picture's own size, so the site can reserve its box before it loads; null when unreadable. */
async function imageSize(file: File) {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return { width: null, height: null };
  }
}

/**
 * The pictures put in, in order. A selected node (the picture pasted just before stays
 * selected) gets them after it, never in its place: pasting two pictures keeps both.
 */
function withPicturesInserted(state: EditorState, pictures: Array<Record<string, unknown>>) {
  const tr = state.tr;
  for (const attrs of pictures) {
    const picture = state.schema.nodes.image!.create(attrs);
    if (tr.selection instanceof NodeSelection) {
      const after = tr.selection.to;
      tr.insert(after, picture).setSelection(NodeSelection.create(tr.doc, after));
    } else tr.replaceSelectionWith(picture);
  }
  return tr;
}

/** An editor that exists and was not destroyed (tiptap may replace the instance between renders). */
const live = (editor: Editor | null): editor is Editor => editor !== null && !editor.isDestroyed;

/** Word pastes its pictures as files on the author's disk, which the page cannot load. */
export const droppedPicturesNotice = (count: number) =>
  `${count} gambar dari Word tidak ikut ditempel karena tersimpan di komputer Anda. Simpan gambar itu sebagai file, lalu tempel gambarnya sendiri (Ctrl+V) atau unggah lewat File Manager.`;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A text-style attribute of the selection (font size, colours) as text, '' when unset. */
function textStyle(editor: Editor, name: 'fontSize' | 'color' | 'backgroundColor') {
  const value: unknown = editor.getAttributes('textStyle')[name];
  return typeof value === 'string' ? value : '';
}

/** Colour inputs only take #rrggbb. */
const asColourInput = (value: string, fallback: string) => (/^#[0-9a-f]{6}$/i.test(value) ? value : fallback);

function ToolButton({ label, onClick, active, disabled, children }: { label: string; onClick: () => void; active?: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="button" aria-label={label} title={label} aria-pressed={active} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}

function TableInsert({ editor }: { editor: Editor }) {
  const [rows, setRows] = useState(3);
  const [columns, setColumns] = useState(TABLE_MAX_COLUMNS);
  const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
  return (
    <span className="editor-table-insert" role="group" aria-label="Tabel">
      <select aria-label="Jumlah baris" title="Jumlah baris" value={rows} onChange={(event) => setRows(Number(event.target.value))}>
        {range(TABLE_MAX_ROWS).map((count) => (
          <option key={count} value={count}>
            {count} baris
          </option>
        ))}
      </select>
      <select aria-label="Jumlah kolom" title="Jumlah kolom" value={columns} onChange={(event) => setColumns(Number(event.target.value))}>
        {range(TABLE_MAX_COLUMNS).map((count) => (
          <option key={count} value={count}>
            {count} kolom
          </option>
        ))}
      </select>
      <ToolButton label="Sisipkan tabel" onClick={() => editor.chain().focus().insertTable({ rows, cols: columns, withHeaderRow: false }).run()}>
        Tabel
      </ToolButton>
    </span>
  );
}

function Toolbar({ editor, light }: { editor: Editor; light: boolean }) {
  // useEditor does not re-render on each transaction; this keeps the pressed states current.
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      heading: FULL_HEADINGS.find((level) => current.isActive('heading', { level })) ?? 0,
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      subscript: current.isActive('subscript'),
      superscript: current.isActive('superscript'),
      strike: current.isActive('strike'),
      fontSize: textStyle(current, 'fontSize'),
      color: textStyle(current, 'color'),
      backgroundColor: textStyle(current, 'backgroundColor'),
      align: ALIGNMENTS.find(({ value }) => current.isActive({ textAlign: value }))?.value ?? '',
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      image: current.isActive('image'),
      canIndent: current.can().indent(),
      canOutdent: current.can().outdent(),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const fontSize = FONT_SIZES.some((size) => `${size}px` === state.fontSize) ? state.fontSize : '';

  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Format teks">
      <select
        aria-label="Gaya paragraf"
        title="Gaya paragraf"
        value={state.heading}
        onChange={(event) => {
          const level = Number(event.target.value);
          const heading = FULL_HEADINGS.find((candidate) => candidate === level);
          if (heading) chain().setHeading({ level: heading }).run();
          else chain().setParagraph().run();
        }}
      >
        <option value={0}>Paragraf</option>
        {(light ? LIGHT_HEADINGS : FULL_HEADINGS).map((level) => (
          <option key={level} value={level}>
            Judul {level}
          </option>
        ))}
      </select>
      <ToolButton label="Tebal" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <strong>B</strong>
      </ToolButton>
      <ToolButton label="Miring" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <em>I</em>
      </ToolButton>
      <ToolButton label="Garis bawah" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <u>U</u>
      </ToolButton>
      <ToolButton label="Coret" active={state.strike} onClick={() => chain().toggleStrike().run()}>
        <s>S</s>
      </ToolButton>
      {/* Units and formulas: m³, CO₂. The label holds what the button shows (WCAG's label in name). */}
      <ToolButton label="Superskrip x²" active={state.superscript} onClick={() => chain().toggleSuperscript().run()}>
        x²
      </ToolButton>
      <ToolButton label="Subskrip x₂" active={state.subscript} onClick={() => chain().toggleSubscript().run()}>
        x₂
      </ToolButton>
      {!light && (
        <>
          <select
            aria-label="Ukuran huruf"
            title="Ukuran huruf"
            value={fontSize}
            onChange={(event) => (event.target.value ? chain().setFontSize(event.target.value).run() : chain().unsetFontSize().run())}
          >
            <option value="">Ukuran</option>
            {FONT_SIZES.map((size) => (
              <option key={size} value={`${size}px`}>
                {size}px
              </option>
            ))}
          </select>
          <label className="colour-tool" title="Warna teks">
            <span aria-hidden="true">Teks</span>
            <input type="color" aria-label="Warna teks" value={asColourInput(state.color, '#000000')} onChange={(event) => chain().setColor(event.target.value).run()} />
          </label>
          <label className="colour-tool" title="Warna latar teks">
            <span aria-hidden="true">Latar</span>
            <input
              type="color"
              aria-label="Warna latar teks"
              value={asColourInput(state.backgroundColor, '#ffff00')}
              onChange={(event) => chain().setBackgroundColor(event.target.value).run()}
            />
          </label>
          <ToolButton label="Hapus warna" onClick={() => chain().unsetColor().unsetBackgroundColor().run()}>
            Hapus warna
          </ToolButton>
          {ALIGNMENTS.map(({ value, label, text }) => (
            <ToolButton key={value} label={label} active={state.align === value} onClick={() => chain().setTextAlign(value).run()}>
              {text}
            </ToolButton>
          ))}
        </>
      )}
      <ToolButton label="Daftar berpoin" active={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        • Daftar
      </ToolButton>
      <ToolButton label="Daftar bernomor" active={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        {/* The "1." is drawn by CSS: a digit in the text would not match the button's name. */}
        <span className="numbered">Daftar</span>
      </ToolButton>
      {!light && (
        <>
          <ToolButton label="Kurangi indentasi" disabled={!state.canOutdent} onClick={() => chain().outdent().run()}>
            ⇤
          </ToolButton>
          <ToolButton label="Tambah indentasi" disabled={!state.canIndent} onClick={() => chain().indent().run()}>
            ⇥
          </ToolButton>
        </>
      )}
      <ToolButton label="Kutipan" active={state.blockquote} onClick={() => chain().toggleBlockquote().run()}>
        Kutipan
      </ToolButton>
      <ToolButton
        label="Tautan"
        active={state.link}
        onClick={() => {
          const current: unknown = editor.getAttributes('link').href;
          const url = prompt('Alamat tautan (kosongkan untuk menghapus)', typeof current === 'string' ? current : 'https://');
          if (url === null) return;
          if (url.trim() === '') chain().extendMarkRange('link').unsetLink().run();
          else chain().extendMarkRange('link').setLink({ href: url.trim() }).run();
        }}
      >
        Tautan
      </ToolButton>
      <ToolButton
        label="Alt gambar (teks alternatif)"
        disabled={!state.image}
        onClick={() => {
          const current: unknown = editor.getAttributes('image').alt;
          const alt = prompt('Teks alternatif: apa yang terlihat di gambar (kosongkan bila hanya hiasan)', typeof current === 'string' ? current : '');
          if (alt !== null) chain().updateAttributes('image', { alt: alt.trim() }).run();
        }}
      >
        Alt gambar
      </ToolButton>
      {!light && <TableInsert editor={editor} />}
      <ToolButton label="Urungkan" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        ↶
      </ToolButton>
      <ToolButton label="Ulangi" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        ↷
      </ToolButton>
    </div>
  );
}

export default function RichTextEditor({ id, value, onChange, light = false, label = 'Editor' }: RichTextEditorProps) {
  const [mode, setMode] = useState<Mode>('visual');
  const [uploadError, setUploadError] = useState('');
  const [pasteNotice, setPasteNotice] = useState('');
  // Read by the paste handler and the upload timer, which outlive a render.
  const latest = useRef({ value, onChange, mode });
  useEffect(() => {
    latest.current = { value, onChange, mode };
  });

  const editor = useEditor({
    // Created once mounted: rendered first, a Suspense commit delayed past tiptap's 1 ms
    // "still mounted?" check destroys the editor under the component (seen in Chromium).
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ heading: { levels: light ? LIGHT_HEADINGS : FULL_HEADINGS } }),
      TextStyleKit,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Subscript,
      Superscript,
      TableKit,
      // Stored content may hold embedded images (the API accepts data: images); dropping them would lose them.
      Image.configure({ allowBase64: true }),
      Indent,
    ],
    content: value,
    editorProps: {
      attributes: { id, class: 'editor-area', 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' },
      transformPastedHTML: (html) => {
        const { html: cleaned, droppedImages } = cleanPaste(html);
        setPasteNotice(droppedImages ? droppedPicturesNotice(droppedImages) : '');
        return cleaned;
      },
      handlePaste: (view, event) => {
        const images = [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith('image/'));
        if (!images.length) return false;
        setUploadError('');
        Promise.all(images.map(async (image) => ({ src: await uploadImage(image), alt: '', ...(await imageSize(image)) })))
          .then((pictures) => view.dispatch(withPicturesInserted(view.state, pictures)))
          .catch((error: unknown) => setUploadError(errorMessage(error)));
        return true;
      },
    },
    onUpdate: ({ editor: current }) => latest.current.onChange(current.getHTML()),
  });

  // The form may fill the value after the editor started (editing a record); show it then.
  // Not while focused: the value can lag a keystroke behind, and resetting would eat typing.
  useEffect(() => {
    if (!live(editor) || mode !== 'visual') return;
    if (!editor.isFocused && value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, mode, value]);

  useInlineImageReupload({
    enabled: light && live(editor),
    readHtml: () => (latest.current.mode === 'visual' && live(editor) ? editor.getHTML() : latest.current.value),
    upload: uploadImage,
    applyUploads: (uploads) => {
      if (latest.current.mode === 'visual' && live(editor)) replaceEditorImageSources(editor, uploads);
      else latest.current.onChange(replaceImageSources(latest.current.value, uploads));
    },
  });

  // The first render, before the editor exists: the same plain textarea as while loading.
  if (!live(editor)) return <textarea id={id} rows={light ? 10 : 14} value={value} onChange={(event) => onChange(event.target.value)} />;
  return (
    <div className={light ? 'rich-editor light' : 'rich-editor'}>
      <div className="editor-modes" role="group" aria-label="Mode editor">
        <button
          type="button"
          aria-label="Visual"
          aria-pressed={mode === 'visual'}
          onClick={() => {
            // Back from HTML mode: the editor loads what was typed there.
            if (mode === 'html') editor.commands.setContent(value);
            setMode('visual');
          }}
        >
          Visual
        </button>
        <button type="button" aria-label="HTML" aria-pressed={mode === 'html'} onClick={() => setMode('html')}>
          HTML
        </button>
      </div>
      {uploadError && (
        <p className="editor-error" role="alert">
          Upload error: {uploadError}
        </p>
      )}
      {pasteNotice && (
        <p className="editor-notice" role="status">
          {pasteNotice}
          <button type="button" className="link-button" onClick={() => setPasteNotice('')} aria-label="Tutup pesan">
            ×
          </button>
        </p>
      )}
      {mode === 'visual' ? (
        <>
          <Toolbar editor={editor} light={light} />
          <EditorContent editor={editor} />
        </>
      ) : (
        <textarea id={id} aria-label={`${label} (HTML)`} className="html-source" value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}
