/**
 * The emails, in Indonesian (a subscriber's own in their language): each has an HTML part and a plain-text part and ends with the
 * organisation's name and the site's address. Inline styles only (mail clients drop <style>).
 */
import type { Locale } from '../contract/locales.ts';
import sanitizeHtml from 'sanitize-html';
import { sanitizeRichText } from '../content/sanitize.ts';
import { EMAIL_LOGO } from '../contract/email-images.ts';
import type { OutgoingEmail } from './mailer.ts';

export interface Brand {
  organisationName: string;
  /** The site's public address without a trailing slash. */
  siteUrl: string;
  /** The site's mark as a PNG the build drew for email (images.ts), or null before it has. */
  logo: string | null;
}

export interface ArticleCard {
  title: string;
  summary: string;
  /** The email copy of the article's picture (images.ts), or '' for none. */
  image: string;
  /** Path on the site, e.g. /vision/some-slug. */
  path: string;
  /** The collection's name on the site (its navigation label). */
  kind: string;
}

export const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const absolute = (siteUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${siteUrl}${path.startsWith('/') ? '' : '/'}${path}`);

/** Readable plain text from the editor's HTML: paragraphs and list items on their own lines, links with their address. */
export function htmlToText(html: string): string {
  const blocks = html.replace(/<li[^>]*>/gi, '\n- ').replace(/<\/(p|h[1-6]|li|blockquote|tr|div)>|<br\s*\/?>/gi, '\n');
  const text = sanitizeHtml(
    blocks.replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_all, href: string, label: string) => {
      const shown = label.replace(/<[^>]+>/g, '').trim();
      return shown && shown !== href ? `${shown} (${href})` : href;
    }),
    { allowedTags: [], allowedAttributes: {} },
  );
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_all, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[name]!);

export function layout(brand: Brand, title: string, content: string, footer: string, language: Locale = 'id') {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f6f4;font-family:Arial,Helvetica,sans-serif;color:#1d2b24;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f6f4;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;">
<tr><td style="background:#0f5132;color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0;">${brand.logo ? `<img src="${escape(absolute(brand.siteUrl, brand.logo))}" alt="" width="${EMAIL_LOGO.shown}" height="${EMAIL_LOGO.shown}" style="display:inline-block;vertical-align:middle;margin-right:12px;border:0;">` : ''}<span style="vertical-align:middle;">${escape(brand.organisationName)}</span></td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.6;">${content}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #dfe7e2;font-size:13px;line-height:1.5;color:#56675d;">${footer}
<p style="margin:8px 0 0;">${escape(brand.organisationName)} · <a href="${escape(brand.siteUrl)}" style="color:#0f5132;">${escape(brand.siteUrl)}</a></p></td></tr>
</table></td></tr></table></body></html>`;
}

export const button = (href: string, label: string) =>
  `<p style="margin:24px 0;"><a href="${escape(href)}" style="display:inline-block;background:#0f5132;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold;">${escape(label)}</a></p>`;

export const textFooter = (brand: Brand) => `--\n${brand.organisationName}\n${brand.siteUrl}`;

/** The confirmation email's words, in the language of the page the visitor signed up on. */
const CONFIRMATION_WORDS: Record<Locale, { subject: (organisation: string) => string; heading: string; thanks: (organisation: string) => string; button: string; copy: string; valid: string; openLink: string; notYou: string }> = {
  id: {
    subject: (organisation) => `Konfirmasi langganan newsletter ${organisation}`,
    heading: 'Satu langkah lagi',
    thanks: (organisation) => `Terima kasih telah mendaftar newsletter ${organisation}.`,
    button: 'Konfirmasi langganan',
    copy: 'Jika tombol tidak berfungsi, salin tautan ini ke browser Anda:',
    valid: 'Tautan ini berlaku 7 hari.',
    openLink: 'Buka tautan berikut untuk mengonfirmasi alamat email Anda (berlaku 7 hari):',
    notYou: 'Jika Anda tidak merasa mendaftar, abaikan email ini: alamat Anda tidak akan menerima email lain dari kami.',
  },
  en: {
    subject: (organisation) => `Confirm your subscription to the ${organisation} newsletter`,
    heading: 'One more step',
    thanks: (organisation) => `Thank you for signing up to the ${organisation} newsletter.`,
    button: 'Confirm subscription',
    copy: 'If the button does not work, copy this link into your browser:',
    valid: 'This link works for 7 days.',
    openLink: 'Open the following link to confirm your email address (it works for 7 days):',
    notYou: 'If you did not sign up, ignore this email: your address will not receive any other email from us.',
  },
};
const CONFIRM_PROMPT: Record<Locale, string> = {
  id: 'Klik tombol di bawah untuk mengonfirmasi alamat email Anda.',
  en: 'Press the button below to confirm your email address.',
};

export function confirmationEmail(brand: Brand, to: string, confirmUrl: string, language: Locale = 'id'): OutgoingEmail {
  const words = CONFIRMATION_WORDS[language];
  const subject = words.subject(brand.organisationName);
  const html = layout(
    brand,
    subject,
    `<h1 style="font-size:22px;margin:0 0 16px;">${words.heading}</h1>
<p>${escape(words.thanks(brand.organisationName))} ${CONFIRM_PROMPT[language]}</p>
${button(confirmUrl, words.button)}
<p style="font-size:14px;color:#56675d;">${words.copy}<br><a href="${escape(confirmUrl)}" style="color:#0f5132;word-break:break-all;">${escape(confirmUrl)}</a></p>
<p style="font-size:14px;color:#56675d;">${words.valid}</p>`,
    `<p style="margin:0;">${words.notYou}</p>`,
    language,
  );
  const text = `${words.heading}

${words.thanks(brand.organisationName)} ${words.openLink}

${confirmUrl}

${words.notYou}

${textFooter(brand)}`;
  return { to, subject, html, text };
}

export interface IssueContent {
  subject: string;
  body: string;
  articles: ArticleCard[];
  /** The language it is written in: the email's own words follow it. */
  language: Locale;
}

/** The words of an issue email around its content, per language. */
const ISSUE_WORDS: Record<Locale, { readMore: string; picks: string; why: (organisation: string) => string; unsubscribe: string }> = {
  id: {
    readMore: 'Baca selengkapnya',
    picks: 'Bacaan pilihan',
    why: (organisation) => `Anda menerima email ini karena berlangganan newsletter ${organisation}.`,
    unsubscribe: 'Berhenti berlangganan',
  },
  en: {
    readMore: 'Read more',
    picks: 'Selected reading',
    why: (organisation) => `You are receiving this email because you subscribed to the ${organisation} newsletter.`,
    unsubscribe: 'Unsubscribe',
  },
};

/** Where a reader leaves: the page with a button (footer link) and the one-click POST address (RFC 8058). */
export interface UnsubscribeLinks {
  page: string;
  oneClick: string;
}

/**
 * One newsletter issue for one recipient. The unsubscribe page goes in the footer; the one-click
 * address in the List-Unsubscribe headers, which mail programs POST `List-Unsubscribe=One-Click` to.
 */
export function issueEmail(brand: Brand, issue: IssueContent, to: string, unsubscribe: UnsubscribeLinks): OutgoingEmail {
  // Uploaded images and site links are stored as paths; a mail program needs the full address.
  const words = ISSUE_WORDS[issue.language];
  const body = sanitizeRichText(issue.body).replace(/(src|href)="\/(?!\/)/g, `$1="${escape(brand.siteUrl)}/`);
  const cards = issue.articles
    .map((article) => {
      const href = absolute(brand.siteUrl, article.path);
      const image = article.image
        ? `<a href="${escape(href)}"><img src="${escape(absolute(brand.siteUrl, article.image))}" alt="" width="552" style="display:block;width:100%;max-width:552px;height:auto;border-radius:6px 6px 0 0;"></a>`
        : '';
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:16px 0;border:1px solid #dfe7e2;border-radius:6px;"><tr><td>${image}
<div style="padding:12px 16px;"><p style="margin:0;font-size:12px;text-transform:uppercase;color:#56675d;">${article.kind}</p>
<h2 style="margin:4px 0 8px;font-size:18px;"><a href="${escape(href)}" style="color:#0f5132;text-decoration:none;">${escape(article.title)}</a></h2>
<p style="margin:0 0 8px;font-size:15px;">${escape(article.summary)}</p>
<a href="${escape(href)}" style="color:#0f5132;font-weight:bold;">${words.readMore}</a></div></td></tr></table>`;
    })
    .join('\n');
  const html = layout(
    brand,
    issue.subject,
    `${body}${cards ? `\n<h2 style="font-size:18px;margin:24px 0 0;">${words.picks}</h2>\n${cards}` : ''}`,
    `<p style="margin:0;">${escape(words.why(brand.organisationName))} <a href="${escape(unsubscribe.page)}" style="color:#0f5132;">${words.unsubscribe}</a></p>`,
    issue.language,
  );
  const articleText = issue.articles.map((a) => `- ${a.title} (${a.kind})\n  ${a.summary}\n  ${absolute(brand.siteUrl, a.path)}`).join('\n\n');
  const text = `${issue.subject}

${htmlToText(body)}${articleText ? `\n\n${words.picks}\n\n${articleText}` : ''}

${words.why(brand.organisationName)}
${words.unsubscribe}: ${unsubscribe.page}

${textFooter(brand)}`;
  return {
    to,
    subject: issue.subject,
    html,
    text,
    headers: { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
