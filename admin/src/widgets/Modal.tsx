/**
 * A modal dialog on the native <dialog>: focus moves in and stays, Escape closes it, the page
 * behind is inert. Open and closed by the `open` prop; every way of closing calls onClose.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './Modal.css';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

export default function Modal({ open, title, onClose, className, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} className={className} aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      {open && children}
    </dialog>
  );
}
