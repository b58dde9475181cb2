/**
 * A rich-text form field that loads the tiptap editor on demand (its own chunk, never on the
 * login page). While it loads, a plain textarea edits the HTML. If loading or the editor fails,
 * a message, a simple HTML editor and a button that loads the editor again take its place.
 */
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

export type EditorFieldProps = RichTextEditorProps;
export type EditorModule = { default: ComponentType<RichTextEditorProps> };

export const EDITOR_FAILED_MESSAGE = 'Editor gagal dimuat. Anda tetap bisa menulis HTML di bawah ini.';
export const RETRY_LABEL = 'Muat ulang editor';

const loadRichTextEditor = (): Promise<EditorModule> => import('./RichTextEditor.tsx');

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** Shows the fallback once anything below throws (a failed import or the editor itself); React logs the error. */
class EditorErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** EditorField with the editor module's loader given, so tests can make it fail. */
export function EditorFieldWithLoader({ load, id, value, onChange, light, label }: EditorFieldProps & { load: () => Promise<EditorModule> }) {
  const [attempt, setAttempt] = useState(0);
  // React keeps a rejected lazy() rejected forever, so each attempt (and each loader) gets a new
  // one, which calls import() again.
  const [editor, setEditor] = useState(() => ({ load, Editor: lazy(load) }));
  if (editor.load !== load) setEditor({ load, Editor: lazy(load) });
  const { Editor } = editor;
  const rows = light ? 10 : 14;

  const whileLoading = <textarea id={id} rows={rows} value={value} onChange={(event) => onChange(event.target.value)} />;
  const failed = (
    <div className="editor-fallback">
      <p className="alert error" role="alert">
        {EDITOR_FAILED_MESSAGE}
      </p>
      <label htmlFor={id}>HTML</label>
      <textarea id={id} rows={rows} value={value} onChange={(event) => onChange(event.target.value)} />
      <button
        type="button"
        onClick={() => {
          setAttempt((count) => count + 1);
          setEditor({ load, Editor: lazy(load) });
        }}
      >
        {RETRY_LABEL}
      </button>
    </div>
  );

  return (
    // A new key per attempt also clears the boundary's failed state.
    <EditorErrorBoundary key={attempt} fallback={failed}>
      <Suspense fallback={whileLoading}>
        <Editor id={id} value={value} onChange={onChange} light={light} label={label} />
      </Suspense>
    </EditorErrorBoundary>
  );
}

export default function EditorField(props: EditorFieldProps) {
  return <EditorFieldWithLoader {...props} load={loadRichTextEditor} />;
}
