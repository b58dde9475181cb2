/**
 * `/kolaborasi` and `/en/kolaborasi`, served through the worker so the form works without
 * JavaScript, each in its own language: a GET fills the built page's hidden stamp with the time
 * it is served (the minimum fill time needs it) and adds Turnstile when configured; a plain form
 * POST is answered with the same page, showing the outcome and, after a refusal, everything the
 * visitor typed, so nothing is lost.
 */
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { sameOriginForms } from '../auth/session.ts';
import { createDb } from '../db/client.ts';
import { cspWith } from '../contract/headers.ts';
import { INQUIRY_HONEYPOT, INQUIRY_LANGUAGES, INQUIRY_STARTED_FIELD, INQUIRY_TEXTS, inquiryPageIn, type InquiryLanguage } from '../contract/inquiry.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/errors.ts';
import { linkSecret } from '../newsletter/tokens.ts';
import { formStamp, inputOf, turnstileConfigured, type InquiryInput } from './form.ts';
import { readInquiryBody, receiveInquiry } from './routes.ts';

/** The query a successful post is redirected to (Post/Redirect/Get: a reload sends nothing twice), in the page's language. */
export const SENT_QUERY: Record<InquiryLanguage, string> = { id: 'terkirim', en: 'sent' };

/** Fetches a built page of the site. */
export type SitePage = (c: Context<AppEnv>, path: string) => Promise<Response>;

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

interface Outcome {
  status: 200 | 400 | 403 | 413 | 429 | 503;
  message: string;
  kind: 'success' | 'error';
  /** The field the message is about. */
  field?: string;
  /** What the visitor typed, put back into the form. */
  typed?: InquiryInput;
}

/** The site's page with the stamp, Turnstile and the outcome put in. */
async function formPage(c: Context<AppEnv>, fetchPage: SitePage, language: InquiryLanguage, outcome?: Outcome) {
  const built = await fetchPage(c, inquiryPageIn(language));
  if (!built.ok) return built;
  const stamp = await formStamp(await linkSecret(c.env, c.var.db));
  const siteKey = turnstileConfigured(c.env) ? c.env.TURNSTILE_SITE_KEY! : '';
  const typed = outcome?.typed;
  let rewriter = new HTMLRewriter()
    .on(`input[name="${INQUIRY_STARTED_FIELD}"]`, { element: (element) => void element.setAttribute('value', stamp) })
    .on(`input[name="${INQUIRY_HONEYPOT}"]`, { element: (element) => void element.setAttribute('value', '') });
  if (siteKey) {
    rewriter = rewriter
      .on('[data-turnstile]', { element: (element) => void element.setInnerContent(`<div class="cf-turnstile" data-sitekey="${siteKey.replace(/[^\w-]/g, '')}"></div>`, { html: true }) })
      .on('head', { element: (element) => void element.append(`<script src="${TURNSTILE_ORIGIN}/turnstile/v0/api.js" async defer></script>`, { html: true }) });
  }
  if (outcome) {
    rewriter = rewriter.on('[data-inquiry-alert]', {
      element: (element) => {
        element.removeAttribute('hidden');
        element.setAttribute('data-kind', outcome.kind);
        element.setAttribute('role', outcome.kind === 'error' ? 'alert' : 'status');
        element.setInnerContent(outcome.message);
      },
    });
  }
  if (outcome?.field) {
    const invalid = outcome.field;
    rewriter = rewriter.on(`[name="${invalid}"]`, { element: (element) => void element.setAttribute('aria-invalid', 'true') });
  }
  if (typed) {
    for (const name of ['name', 'email', 'organisation'] as const) {
      rewriter = rewriter.on(`input[name="${name}"]`, { element: (element) => void element.setAttribute('value', typed[name]) });
    }
    rewriter = rewriter
      .on('textarea[name="message"]', { element: (element) => void element.setInnerContent(typed.message) })
      .on('select[name="topic"] option', {
        element: (element) => {
          if (element.getAttribute('value') === typed.topic) element.setAttribute('selected', '');
          else element.removeAttribute('selected');
        },
      })
      .on('input[name="consent"]', { element: (element) => void (typed.consent ? element.setAttribute('checked', '') : element.removeAttribute('checked')) });
  }
  const headers = new Headers(built.headers);
  headers.delete('content-length');
  headers.delete('etag');
  headers.set('cache-control', 'no-store');
  if (siteKey) headers.set('content-security-policy', cspWith({ 'script-src': [TURNSTILE_ORIGIN], 'frame-src': [TURNSTILE_ORIGIN], 'connect-src': [TURNSTILE_ORIGIN] }));
  return rewriter.transform(new Response(built.body, { status: outcome?.status ?? 200, headers }));
}

async function inquiryPage(c: Context<AppEnv>, fetchPage: SitePage, language: InquiryLanguage) {
  const sent = new URL(c.req.url).searchParams.has(SENT_QUERY[language]);
  return formPage(c, fetchPage, language, sent ? { status: 200, kind: 'success', message: INQUIRY_TEXTS[language].sent } : undefined);
}

/** A plain form post: on success back to the page with the thank-you; on a refusal the page with the message and the typed values. */
async function inquiryPost(c: Context<AppEnv>, fetchPage: SitePage, language: InquiryLanguage) {
  let fields: Record<string, unknown> = { language };
  try {
    // The page posted to decides the language: its messages, its topics and the consent text stored.
    fields = { ...(await readInquiryBody(c, language)), language };
    await receiveInquiry(c, fields);
    return c.redirect(`${inquiryPageIn(language)}?${SENT_QUERY[language]}#kolaborasi`, 303);
  } catch (error) {
    if (!(error instanceof ApiError)) console.error('inquiry form post failed:', error);
    const refusal = error instanceof ApiError ? error : new ApiError(503, 'SERVER_ERROR', INQUIRY_TEXTS[language].failed);
    const details = (refusal.details ?? {}) as { field?: string };
    const status = ([400, 403, 413, 429] as const).find((code) => code === refusal.status) ?? 503;
    return formPage(c, fetchPage, language, { status, kind: 'error', message: refusal.message, typed: inputOf(fields), ...(details.field ? { field: details.field } : {}) });
  }
}

const withDb = createMiddleware<AppEnv>(async (c, next) => {
  c.set('db', createDb(c.env.DB));
  await next();
});

/** Mounted at the site's root: one GET and one POST for the page in each language. */
export function inquiryPageRoutes(fetchPage: SitePage) {
  const pages = new Hono<AppEnv>();
  for (const language of INQUIRY_LANGUAGES) {
    pages.get(inquiryPageIn(language), withDb, (c) => inquiryPage(c, fetchPage, language)).post(inquiryPageIn(language), withDb, sameOriginForms, (c) => inquiryPost(c, fetchPage, language));
  }
  return pages;
}
