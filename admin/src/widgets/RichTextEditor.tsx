/**
 * The rich-text editor (tiptap): headings, emphasis, font size 8-64 px, colours, alignment,
 * lists, links, quotes, tables, undo/redo, with Visual and HTML modes. Pasted images are
 * compressed as the spec says and uploaded to /api/upload. Loaded only by forms that need it.
 */
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { TextStyleKit } from '@tiptap/extension-text-style';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { api } from '../api/client.ts';
import { compressForEditor } from './compress.ts';

interface Props {
  id: string;
  value: string;
  onChange: (html: string) => void;
  /** The lighter editor: headings 1-3 and a 300 px area. */
  light?: boolean;
}

const FONT_SIZES = [8, 10, 12, 14, 16, 18, 24, 32, 48, 64];

async function uploadImage(file: File) {
  const body = new FormData();
  body.append('file', await compressForEditor(file));
  const { data } = await api<{ url: string }>('/upload', { method: 'POST', body });
  return data.url;
}

function Toolbar({ editor, light }: { editor: Editor; light: boolean }) {
  const chain = () => editor.chain().focus();
  const button = (label: string, run: () => void, active = false) => (
    <button type="button" aria-label={label} title={label} aria-pressed={active} onClick={run}>
      {label}
    </button>
  );
  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Format">
      <select
        aria-label="Heading"
        value={[1, 2, 3, 4, 5, 6].find((level) => editor.isActive('heading', { level })) ?? 0}
        onChange={(event) => {
          const level = Number(event.target.value) as 1 | 2 | 3 | 4 | 5 | 6;
          if (level) chain().toggleHeading({ level }).run();
          else chain().setParagraph().run();
        }}
      >
        <option value={0}>Paragraf</option>
        {(light ? [1, 2, 3] : [1, 2, 3, 4, 5, 6]).map((level) => (
          <option key={level} value={level}>
            Heading {level}
          </option>
        ))}
      </select>
      {button('B', () => chain().toggleBold().run(), editor.isActive('bold'))}
      {button('I', () => chain().toggleItalic().run(), editor.isActive('italic'))}
      {button('U', () => chain().toggleUnderline().run(), editor.isActive('underline'))}
      {button('S', () => chain().toggleStrike().run(), editor.isActive('strike'))}
      {!light && (
        <>
          <select aria-label="Font size" defaultValue="" onChange={(event) => event.target.value && chain().setFontSize(`${event.target.value}px`).run()}>
            <option value="">Ukuran</option>
            {FONT_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}px
              </option>
            ))}
          </select>
          <input type="color" aria-label="Warna teks" onChange={(event) => chain().setColor(event.target.value).run()} />
          {button('Kiri', () => chain().setTextAlign('left').run())}
          {button('Tengah', () => chain().setTextAlign('center').run())}
          {button('Kanan', () => chain().setTextAlign('right').run())}
          {button('Tabel', () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run())}
        </>
      )}
      {button('• List', () => chain().toggleBulletList().run(), editor.isActive('bulletList'))}
      {button('1. List', () => chain().toggleOrderedList().run(), editor.isActive('orderedList'))}
      {button('Quote', () => chain().toggleBlockquote().run(), editor.isActive('blockquote'))}
      {button('Link', () => {
        const url = prompt('URL');
        if (url) chain().setLink({ href: url }).run();
      })}
      {button('Undo', () => chain().undo().run())}
      {button('Redo', () => chain().redo().run())}
    </div>
  );
}

export default function RichTextEditor({ id, value, onChange, light = false }: Props) {
  const [mode, setMode] = useState<'visual' | 'html'>('visual');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: light ? [1, 2, 3] : [1, 2, 3, 4, 5, 6] } }),
      TextStyleKit,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      TableKit,
      Image,
    ],
    content: value,
    editorProps: {
      attributes: { id, class: 'editor-area', style: `min-height:${light ? 300 : 400}px`, 'aria-label': 'Editor' },
      handlePaste: (view, event) => {
        const image = [...(event.clipboardData?.files ?? [])].find((file) => file.type.startsWith('image/'));
        if (!image) return false;
        uploadImage(image).then((src) => view.dispatch(view.state.tr.replaceSelectionWith(view.state.schema.nodes.image!.create({ src }))));
        return true;
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  if (!editor) return null;
  return (
    <div className="rich-editor">
      <div className="editor-modes" role="group" aria-label="Mode">
        <button type="button" aria-pressed={mode === 'visual'} onClick={() => (editor.commands.setContent(value), setMode('visual'))}>
          Visual
        </button>
        <button type="button" aria-pressed={mode === 'html'} onClick={() => setMode('html')}>
          HTML
        </button>
      </div>
      {mode === 'visual' ? (
        <>
          <Toolbar editor={editor} light={light} />
          <EditorContent editor={editor} />
        </>
      ) : (
        <textarea aria-label="HTML" className="html-source" rows={12} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}
