/**
 * Leaving a form with unsaved changes asks first: in-app navigation through the router's
 * blocker, closing or reloading the tab through `beforeunload`, and the actions that replace a
 * form without leaving the page (another record, another language, signing out) through the
 * layout's leave guard. Ctrl+S / Cmd+S saves the form.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import Modal from './Modal.tsx';

/** Which forms of the page hold unsaved changes, and a way to ask before dropping them. */
interface LeaveGuard {
  track: (form: symbol, dirty: boolean) => void;
  /** True at once when nothing is unsaved; otherwise the person's answer. */
  confirmLeave: () => Promise<boolean>;
  /** Signing out is confirmed: from now on the way out (to the login page) is open. */
  startSigningOut: () => void;
  signingOut: () => boolean;
}

const LeaveGuardContext = createContext<LeaveGuard | null>(null);

function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <Modal open={open} title="Perubahan belum disimpan" onClose={onStay} className="confirm-dialog">
      <p>Perubahan pada formulir ini belum disimpan dan akan hilang jika Anda meninggalkan halaman ini.</p>
      <div className="form-actions">
        <button type="button" className="primary" onClick={onStay}>
          Tetap di sini
        </button>
        <button type="button" className="danger" onClick={onLeave}>
          Tinggalkan halaman
        </button>
      </div>
    </Modal>
  );
}

/** The admin layout's guard over every form below it, with the dialog it asks in. */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const dirtyForms = useRef(new Set<symbol>());
  const signingOut = useRef(false);
  const [answer, setAnswer] = useState<((leave: boolean) => void) | null>(null);
  const guard = useMemo<LeaveGuard>(
    () => ({
      track: (form, dirty) => void (dirty ? dirtyForms.current.add(form) : dirtyForms.current.delete(form)),
      confirmLeave: () => (dirtyForms.current.size === 0 ? Promise.resolve(true) : new Promise<boolean>((resolve) => setAnswer(() => resolve))),
      startSigningOut: () => void (signingOut.current = true),
      signingOut: () => signingOut.current,
    }),
    [],
  );
  const close = (leave: boolean) => {
    answer?.(leave);
    setAnswer(null);
  };
  return (
    <LeaveGuardContext.Provider value={guard}>
      {children}
      <LeaveDialog open={answer !== null} onStay={() => close(false)} onLeave={() => close(true)} />
    </LeaveGuardContext.Provider>
  );
}

const UNGUARDED: LeaveGuard = { track: () => undefined, confirmLeave: () => Promise.resolve(true), startSigningOut: () => undefined, signingOut: () => false };

/** The guard of the forms around: outside the admin layout nothing is guarded. */
export const useLeaveGuard = () => useContext(LeaveGuardContext) ?? UNGUARDED;

/** Asks before an action that drops what a form holds without leaving the page. */
export const useConfirmLeave = () => useLeaveGuard().confirmLeave;

/** A record opened from the admin's search (`?edit=<id>`) replaces the form on the same page. */
const opensRecord = (search: string) => new URLSearchParams(search).has('edit');

export function useUnsavedChanges(dirty: boolean) {
  const guard = useContext(LeaveGuardContext);
  const [form] = useState(() => Symbol('form'));
  useEffect(() => {
    guard?.track(form, dirty);
    return () => guard?.track(form, false);
  }, [guard, form, dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !guard?.signingOut() && (currentLocation.pathname !== nextLocation.pathname || opensRecord(nextLocation.search)),
  );
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

  const prompt = <LeaveDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
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
