import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_FAILED_MESSAGE, EditorFieldWithLoader, RETRY_LABEL, type EditorModule } from '../EditorField.tsx';
import type { RichTextEditorProps } from '../RichTextEditor.tsx';

function FakeEditor({ id, value, light }: RichTextEditorProps) {
  return (
    <div data-testid="editor" id={id} data-light={String(Boolean(light))}>
      {value}
    </div>
  );
}

function BrokenEditor(): never {
  throw new Error('tiptap exploded');
}

/** A dynamic import we control: resolved or rejected when the test says. */
function deferredModule() {
  let resolve: (module: EditorModule) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<EditorModule>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

function Field({ load, initial = '<p>Awal</p>' }: { load: () => Promise<EditorModule>; initial?: string }) {
  const [value, setValue] = useState(initial);
  return <EditorFieldWithLoader id="field-content" value={value} onChange={setValue} load={load} light />;
}

beforeEach(() => {
  // React reports errors caught by a boundary on console.error; expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('EditorField', () => {
  it('edits the HTML in a plain textarea while the editor loads, then shows the editor', async () => {
    const pending = deferredModule();
    render(<Field load={() => pending.promise} />);
    const textarea = screen.getByRole<HTMLTextAreaElement>('textbox');
    expect(textarea.id).toBe('field-content');
    expect(textarea.value).toBe('<p>Awal</p>');
    fireEvent.change(textarea, { target: { value: '<p>Diketik</p>' } });
    await act(async () => pending.resolve({ default: FakeEditor }));
    const editor = await screen.findByTestId('editor');
    expect(editor.textContent).toBe('<p>Diketik</p>');
    expect(editor.dataset.light).toBe('true');
  });

  it('shows the editor at once when a form with it opens again', async () => {
    const load = vi.fn(async (): Promise<EditorModule> => ({ default: FakeEditor }));
    const first = render(<Field load={load} />);
    await screen.findByTestId('editor');
    first.unmount();
    render(<Field load={load} />);
    expect(screen.getByTestId('editor').textContent).toBe('<p>Awal</p>');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(load).toHaveBeenCalledOnce();
  });

  it('after a failed import shows the message and a fallback HTML editor, and its retry button imports again', async () => {
    const load = vi
      .fn<() => Promise<EditorModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: FakeEditor });
    render(<Field load={load} />);

    expect(await screen.findByText(EDITOR_FAILED_MESSAGE)).toBeTruthy();
    const fallback = screen.getByLabelText<HTMLTextAreaElement>('HTML');
    expect(fallback.value).toBe('<p>Awal</p>');
    fireEvent.change(fallback, { target: { value: '<p>Tetap bisa menulis</p>' } });
    expect(screen.getByLabelText<HTMLTextAreaElement>('HTML').value).toBe('<p>Tetap bisa menulis</p>');

    fireEvent.click(screen.getByRole('button', { name: RETRY_LABEL }));
    const editor = await screen.findByTestId('editor');
    expect(load).toHaveBeenCalledTimes(2);
    expect(editor.textContent).toBe('<p>Tetap bisa menulis</p>');
    expect(screen.queryByText(EDITOR_FAILED_MESSAGE)).toBeNull();
  });

  it('falls back the same way when the editor itself throws, and stays there while retries fail', async () => {
    const load = vi.fn(async (): Promise<EditorModule> => ({ default: BrokenEditor }));
    render(<Field load={load} />);
    expect(await screen.findByText(EDITOR_FAILED_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(EDITOR_FAILED_MESSAGE);

    fireEvent.click(screen.getByRole('button', { name: RETRY_LABEL }));
    expect(await screen.findByText(EDITOR_FAILED_MESSAGE)).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('editor')).toBeNull();
  });
});
