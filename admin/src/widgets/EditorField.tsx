/**
 * A rich-text form field that loads the tiptap editor on demand (its own chunk, never on the
 * login page). While it loads, a plain textarea edits the HTML. If loading or the editor fails,
 * a message, a simple HTML editor and a button that loads the editor again take its place.
 * Loaded in an effect, not with lazy() under Suspense: React holds content revealed by a
 * Suspense boundary back for up to 300 ms, and the editor shows as soon as it is there.
 */
import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
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

/** Editors loaded so far, by loader: a form opened again shows its editor at once. */
const loadedEditors = new WeakMap<() => Promise<EditorModule>, EditorModule['default']>();

type Loading = { load: () => Promise<EditorModule>; attempt: number; outcome: { Editor: EditorModule['default'] } | 'failed' };

/** EditorField with the editor module's loader given, so tests can make it fail. */
export function EditorFieldWithLoader({ load, id, value, onChange, light, label }: EditorFieldProps & { load: () => Promise<EditorModule> }) {
  const [attempt, setAttempt] = useState(0);
  const [loading, setLoading] = useState<Loading | null>(null);
  const known = loadedEditors.get(load);
  useEffect(() => {
    if (known) return;
    let current = true;
    load().then(
      (module) => {
        loadedEditors.set(load, module.default);
        if (current) setLoading({ load, attempt, outcome: { Editor: module.default } });
      },
      () => current && setLoading({ load, attempt, outcome: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [load, attempt, known]);
  const outcome = known ? { Editor: known } : loading?.load === load && loading.attempt === attempt ? loading.outcome : null;
  const rows = light ? 10 : 14;

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
          // Each attempt calls the loader again, even one that loaded an editor that then failed.
          loadedEditors.delete(load);
          setAttempt((count) => count + 1);
        }}
      >
        {RETRY_LABEL}
      </button>
    </div>
  );

  if (!outcome) return <textarea id={id} rows={rows} value={value} onChange={(event) => onChange(event.target.value)} />;
  if (outcome === 'failed') return failed;
  const { Editor } = outcome;
  return (
    // A new key per attempt also clears the boundary's failed state.
    <EditorErrorBoundary key={attempt} fallback={failed}>
      <Editor id={id} value={value} onChange={onChange} light={light} label={label} />
    </EditorErrorBoundary>
  );
}

export default function EditorField(props: EditorFieldProps) {
  return <EditorFieldWithLoader {...props} load={loadRichTextEditor} />;
}
