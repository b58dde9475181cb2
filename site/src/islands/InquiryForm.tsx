import { INQUIRY_HONEYPOT, INQUIRY_LIMITS, INQUIRY_STARTED_FIELD, INQUIRY_TEXTS, inquiryPageIn } from '@cms/worker/contract/inquiry';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import './InquiryForm.css';

interface Props {
  topics: string[];
  consentText: string;
  /** The page's language, stored with the consent. */
  language: 'id' | 'en';
  /** The labels in the page's language. */
  texts: { name: string; email: string; organisation: string; topic: string; message: string; honeypot: string; send: string; privacyLink: string };
  /** The privacy page of the page's language. */
  privacyHref: string;
  /** Where the worker puts Turnstile's widget when it is configured (static HTML, left alone by hydration). */
  children?: ReactNode;
}

type State = { status: 'idle' | 'sending' } | { status: 'success' | 'error'; message: string; field?: string };

const ISLAND_FIELDS = ['name', 'email', 'organisation', 'topic', 'message', 'consent'] as const;

/** Asks the worker for a fresh page stamp (the form's own grows old, or was used by a send). */
async function freshStamp(form: HTMLFormElement) {
  const answer = await fetch('/api/inquiries/start', { headers: { accept: 'application/json' } }).catch(() => null);
  const body = (await answer?.json().catch(() => null)) as { data?: { startedAt?: string } } | null;
  const input = form.elements.namedItem(INQUIRY_STARTED_FIELD);
  if (body?.data?.startedAt && input instanceof HTMLInputElement) input.value = body.data.startedAt;
}

/**
 * The Kolaborasi form. Without JavaScript it is a plain POST to the page of its language, which
 * the worker answers with the page itself; with it, the island sends it, shows "Mengirim...", and keeps
 * everything typed when the worker refuses it. Fields are uncontrolled, so values the worker
 * put back into the page survive hydration.
 */
export default function InquiryForm({ topics, consentText, language, texts, privacyHref, children }: Props) {
  const messages = INQUIRY_TEXTS[language];
  const page = inquiryPageIn(language);
  const [state, setState] = useState<State>({ status: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  // Marks the form as sent by this island from now on; a page the worker did not stamp (served
  // as a plain file) asks for its stamp now.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    form.dataset.ready = '1';
    const started = form.elements.namedItem(INQUIRY_STARTED_FIELD);
    if (started instanceof HTMLInputElement && !started.value) void freshStamp(form);
  }, []);

  async function send(form: HTMLFormElement) {
    const fields: Record<string, string | boolean> = Object.fromEntries([...new FormData(form).entries()].map(([key, value]) => [key, String(value)]));
    fields.consent = (form.elements.namedItem('consent') as HTMLInputElement | null)?.checked ?? false;
    setState({ status: 'sending' });
    let response: Response;
    try {
      response = await fetch(`/api/inquiries?locale=${language}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(fields) });
    } catch {
      setState({ status: 'error', message: messages.network });
      return;
    }
    const body = (await response.json().catch(() => null)) as { success?: boolean; message?: string; code?: string; details?: { field?: string } } | null;
    if (response.ok && body?.success) {
      form.reset();
      setState({ status: 'success', message: messages.sent });
      await freshStamp(form);
      return;
    }
    if (body?.code === 'FORM_EXPIRED') await freshStamp(form);
    setState({ status: 'error', message: body?.message || messages.failed, ...(body?.details?.field ? { field: body.details.field } : {}) });
  }

  const sending = state.status === 'sending';
  const invalid = (name: (typeof ISLAND_FIELDS)[number]) => (state.status === 'error' && state.field === name ? true : undefined);
  return (
    <form
      ref={formRef}
      className="inquiry-form"
      method="post"
      action={page}
      aria-busy={sending}
      onSubmit={(event) => {
        event.preventDefault();
        if (!sending) void send(event.currentTarget);
      }}
    >
      <input type="hidden" name={INQUIRY_STARTED_FIELD} />
      <input type="hidden" name="language" value={language} />
      <input type="hidden" name="sourcePage" value={page} />
      <div className="inquiry-field">
        <label htmlFor="inquiry-name">{texts.name}</label>
        <input id="inquiry-name" type="text" name="name" required maxLength={INQUIRY_LIMITS.name} autoComplete="name" aria-invalid={invalid('name')} />
      </div>
      <div className="inquiry-field">
        <label htmlFor="inquiry-email">{texts.email}</label>
        <input id="inquiry-email" name="email" type="email" required maxLength={INQUIRY_LIMITS.email} autoComplete="email" aria-invalid={invalid('email')} />
      </div>
      <div className="inquiry-field">
        <label htmlFor="inquiry-organisation">{texts.organisation}</label>
        <input id="inquiry-organisation" type="text" name="organisation" maxLength={INQUIRY_LIMITS.organisation} autoComplete="organization" aria-invalid={invalid('organisation')} />
      </div>
      <div className="inquiry-field">
        <label htmlFor="inquiry-topic">{texts.topic}</label>
        {/* A topic is always chosen (the first one is selected): `required` would ask for an empty first option. */}
        <select id="inquiry-topic" name="topic" aria-required="true" aria-invalid={invalid('topic')}>
          {topics.map((topic) => (
            <option key={topic} value={topic}>{topic}</option>
          ))}
        </select>
      </div>
      <div className="inquiry-field">
        <label htmlFor="inquiry-message">{texts.message}</label>
        <textarea id="inquiry-message" name="message" required rows={7} maxLength={INQUIRY_LIMITS.message} aria-invalid={invalid('message')} />
      </div>
      <div className="inquiry-consent">
        <input id="inquiry-consent" name="consent" type="checkbox" required aria-invalid={invalid('consent')} />
        <label htmlFor="inquiry-consent">
          {consentText} <a href={privacyHref}>{texts.privacyLink}</a>
        </label>
      </div>
      <div className="hp-field" aria-hidden="true">
        <label htmlFor="inquiry-website">{texts.honeypot}</label>
        <input id="inquiry-website" name={INQUIRY_HONEYPOT} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {children}
      <button type="submit" className="button" disabled={sending}>
        {sending ? messages.sending : texts.send}
      </button>
      <p className={`inquiry-status ${state.status}`} role={state.status === 'error' ? 'alert' : 'status'} aria-live="polite">
        {'message' in state ? state.message : ''}
      </p>
    </form>
  );
}
