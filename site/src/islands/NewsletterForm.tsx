import { NEWSLETTER_HONEYPOT } from '@cms/worker/contract/api';
import { useState, type FormEvent } from 'react';

export const MESSAGES = {
  success:
    "Thank you for subscribing! Please check your email. Sometimes our email ends up where it shouldn't be, please kindly check your SPAM FOLDER if you don't receive it in your inbox.",
  failure: 'Something went wrong. Please try again.',
  network: 'Network error. Please try again.',
};

type State = { status: 'idle' | 'submitting' } | { status: 'success' | 'error'; message: string };

/** Newsletter sign-up: idle, 'Subscribing...', then the thank-you or the error message. */
export default function NewsletterForm() {
  const [state, setState] = useState<State>({ status: 'idle' });

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const homepage = String(data.get(NEWSLETTER_HONEYPOT) ?? '');
    setState({ status: 'submitting' });
    let response: Response;
    try {
      response = await fetch('/api/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, [NEWSLETTER_HONEYPOT]: homepage }),
      });
    } catch {
      setState({ status: 'error', message: MESSAGES.network });
      return;
    }
    const body = (await response.json().catch(() => null)) as { success?: boolean; message?: string } | null;
    if (response.ok && body?.success) {
      setState({ status: 'success', message: MESSAGES.success });
      form.reset();
    } else setState({ status: 'error', message: body?.message || MESSAGES.failure });
  }

  const submitting = state.status === 'submitting';
  return (
    // Before hydration the form still works as a plain POST to the API.
    <form className="newsletter-form" method="post" action="/api/subscribe" onSubmit={subscribe}>
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <input id="newsletter-email" name="email" type="email" required placeholder="you@example.com" autoComplete="email" disabled={submitting} />
      <div className="hp-field" aria-hidden="true">
        <label htmlFor="newsletter-homepage">Leave this field empty</label>
        <input id="newsletter-homepage" name={NEWSLETTER_HONEYPOT} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button type="submit" disabled={submitting}>
        {submitting ? 'Subscribing...' : 'Subscribe'}
      </button>
      <p className={`form-message ${state.status}`} role="status" aria-live="polite">
        {'message' in state ? state.message : ''}
      </p>
    </form>
  );
}
