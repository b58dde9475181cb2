/**
 * Leaving a form with unsaved changes asks first: in-app navigation through the router's
 * blocker, closing or reloading the tab through `beforeunload`. Ctrl+S / Cmd+S saves the form.
 */
import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import Modal from './Modal.tsx';

export function useUnsavedChanges(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const prompt = (
    <Modal open={blocker.state === 'blocked'} title="Perubahan belum disimpan" onClose={() => blocker.reset?.()} className="confirm-dialog">
      <p>Perubahan pada formulir ini belum disimpan dan akan hilang jika Anda meninggalkan halaman ini.</p>
      <div className="form-actions">
        <button type="button" className="primary" onClick={() => blocker.reset?.()}>
          Tetap di sini
        </button>
        <button type="button" className="danger" onClick={() => blocker.proceed?.()}>
          Tinggalkan halaman
        </button>
      </div>
    </Modal>
  );
  return { prompt };
}

/** Ctrl+S / Cmd+S submits the form (through its own checks) instead of saving the web page. */
export function useSaveShortcut(form: RefObject<HTMLFormElement | null>, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const save = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        form.current?.requestSubmit();
      }
    };
    window.addEventListener('keydown', save);
    return () => window.removeEventListener('keydown', save);
  }, [form, enabled]);
}
