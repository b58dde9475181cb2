import { NEWSLETTER_HONEYPOT } from '@cms/worker/contract/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import './NewsletterForm.css';

/** What the form says, in the page's language (the translation files' `newsletter`). */
export interface NewsletterTexts {
  emailLabel: string;
  emailPlaceholder: string;
  honeypot: string;
  subscribe: string;
  sending: string;
  success: string;
  failure: string;
  network: string;
}

interface Props {
  /** The page's language: the subscriber's, for the emails they get. */
  language: string;
  texts: NewsletterTexts;
}

/** Set on the form by the page's inline script when it was sent before this island took over (Newsletter.astro). */
export const PENDING_MARK = 'pending';
/** Set on the form once this island handles its submits. */
export const READY_MARK = 'ready';

type State = { status: 'idle' | 'submitting' } | { status: 'success' | 'error'; message: string };

/** A submit the page caught before hydration: the island starts in its sending state and sends it. */
const caughtBeforeHydration = () => typeof document !== 'undefined' && document.querySelector<HTMLFormElement>('.newsletter-form')?.dataset[PENDING_MARK] === '1';

/** Newsletter sign-up: idle, 'Subscribing...', then the thank-you or the error message. */
export default function NewsletterForm({ language, texts }: Props) {
  const [state, setState] = useState<State>(() => ({ status: caughtBeforeHydration() ? 'submitting' : 'idle' }));
  const formRef = useRef<HTMLFormElement>(null);

  const send = useCallback(async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const homepage = String(data.get(NEWSLETTER_HONEYPOT) ?? '');
    setState({ status: 'submitting' });
    let response: Response;
    try {
      response = await fetch('/api/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, language, [NEWSLETTER_HONEYPOT]: homepage }),
      });
    } catch {
      setState({ status: 'error', message: texts.network });
      return;
    }
    const body = (await response.json().catch(() => null)) as { success?: boolean; message?: string } | null;
    if (response.ok && body?.success) {
      setState({ status: 'success', message: texts.success });
      form.reset();
    } else setState({ status: 'error', message: body?.message || texts.failure });
  }, [language, texts]);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    form.dataset[READY_MARK] = '1';
    if (form.dataset[PENDING_MARK] === '1') {
      delete form.dataset[PENDING_MARK];
      void send(form);
    }
  }, [send]);

  const submitting = state.status === 'submitting';
  return (
    // Before hydration the page's inline script holds a submit for this island (showing the
    // sending state); without JavaScript the form is a plain POST to the API.
    <form
      ref={formRef}
      className="newsletter-form"
      method="post"
      action="/api/subscribe"
      onSubmit={(event) => {
        event.preventDefault();
        void send(event.currentTarget);
      }}
    >
      <label htmlFor="newsletter-email" className="sr-only">
        {texts.emailLabel}
      </label>
      <input id="newsletter-email" name="email" type="email" required placeholder={texts.emailPlaceholder} autoComplete="email" readOnly={submitting} />
      <input type="hidden" name="language" value={language} />
      <div className="hp-field" aria-hidden="true">
        <label htmlFor="newsletter-homepage">{texts.honeypot}</label>
        <input id="newsletter-homepage" name={NEWSLETTER_HONEYPOT} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? texts.sending : texts.subscribe}
      </button>
      <p className={`form-message ${state.status}`} role="status" aria-live="polite">
        {'message' in state ? state.message : ''}
      </p>
    </form>
  );
}
