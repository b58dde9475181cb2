/**
 * A table cell's text without its HTML, cut at a length: "Show more" opens the rest in place,
 * "Hide" folds it again; or, for long rich descriptions, "Read more" shows it all in a dialog.
 */
import { visibleText } from '@cms/worker/contract';
import { useState } from 'react';
import Modal from './Modal.tsx';

const cut = (text: string, length?: number) => (length && text.length > length ? `${text.slice(0, length)}...` : text);

interface Props {
  value: string;
  truncate?: number;
  fallback?: string;
  /** toggle: Show more / Hide in the cell; popup: Read more opens a dialog titled `title`. */
  expand?: 'toggle' | 'popup';
  title?: string;
}

export default function TextCell({ value, truncate, fallback = '', expand = 'toggle', title = '' }: Props) {
  const [open, setOpen] = useState(false);
  const text = visibleText(value);
  if (!text) return <>{fallback}</>;
  if (!truncate || text.length <= truncate) return <>{text}</>;
  if (expand === 'popup') {
    return (
      <>
        {cut(text, truncate)}{' '}
        <button type="button" className="link-button" onClick={() => setOpen(true)}>
          Read more
        </button>
        <Modal open={open} title={title} className="text-dialog" onClose={() => setOpen(false)}>
          <p>{text}</p>
          <div className="form-actions">
            <button type="button" onClick={() => setOpen(false)}>
              Tutup
            </button>
          </div>
        </Modal>
      </>
    );
  }
  return (
    <>
      {open ? text : cut(text, truncate)}{' '}
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide' : 'Show more'}
      </button>
    </>
  );
}
