/**
 * The pictures an email may show: only the raster copies the site build wrote
 * (contract/email-images.ts), never a stored original (too heavy, or SVG that Gmail and Outlook
 * do not show). A picture without a copy is left out of the email.
 */
import { EMAIL_LOGO, emailImagePath } from '../contract/email-images.ts';
import type { Bindings } from '../env.ts';

/** Gives the email copy's path for a stored image (or its address), or null when the build made none. */
export type EmailPictures = (stored: string) => Promise<string | null>;

/** Whether the built site has a file: from the static assets, or locally from the dev runner's site server. */
async function siteHasFile(env: Bindings, path: string) {
  try {
    const request = new Request(env.SITE_ORIGIN ? `${env.SITE_ORIGIN}${path}` : `https://assets.invalid${path}`, { method: 'HEAD' });
    const response = env.SITE_ORIGIN ? await fetch(request) : await env.ASSETS.fetch(request);
    return response.ok;
  } catch {
    return false;
  }
}

/** Each stored image is looked up once per finder (one issue's sending run, one preview). */
export function emailPictures(env: Bindings, siteUrl: string): EmailPictures {
  const found = new Map<string, Promise<string | null>>();
  return (stored) => {
    const address = emailImagePath(stored.startsWith(`${siteUrl}/`) ? stored.slice(siteUrl.length) : stored);
    if (!address) return Promise.resolve(null);
    if (!found.has(address)) found.set(address, siteHasFile(env, address).then((exists) => (exists ? address : null)));
    return found.get(address)!;
  };
}

/** The site's mark for the email's header, once the build has drawn it. */
export const emailLogo = async (env: Bindings) => ((await siteHasFile(env, EMAIL_LOGO.path)) ? EMAIL_LOGO.path : null);

/**
 * The body with each picture pointing at its email copy; a picture without one (an
 * outside address, an original the build did not copy) is removed.
 */
export async function withEmailPictures(html: string, pictures: EmailPictures) {
  const tags = [...html.matchAll(/<img\b[^>]*>/gi)].map((match) => match[0]);
  const replaced = new Map<string, string>();
  for (const tag of new Set(tags)) {
    const src = tag.match(/\ssrc="([^"]*)"/i)?.[1] ?? '';
    const copy = src ? await pictures(src.replace(/&amp;/g, '&')) : null;
    replaced.set(tag, copy ? tag.replace(/\ssrc="[^"]*"/i, ` src="${copy}"`).replace(/\s(srcset|sizes)="[^"]*"/gi, '') : '');
  }
  return html.replace(/<img\b[^>]*>/gi, (tag) => replaced.get(tag) ?? '');
}
