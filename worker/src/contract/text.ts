/**
 * Rules for text as it comes in, shared by validation (worker and admin) and the slug rules:
 * control characters removed, links checked. One place, so every field follows the same rule.
 */

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** Line breaks and tabs, which a one-line field turns into spaces. */
const LINE_BREAKS = /[\t\n\r\u2028\u2029]+/g;

/**
 * Removes characters no reader can see and XML cannot carry (a NUL in a title makes the RSS
 * feed invalid). Multi-line text keeps its tabs and line breaks; one-line text gets spaces.
 */
export const stripControls = (text: string, multiline: boolean) =>
  multiline ? text.replace(CONTROL, '') : text.replace(CONTROL, '').replace(LINE_BREAKS, ' ');

/** Where a link may point: `absolute` only to http(s) addresses; `site` also to paths of this site. */
export type LinkScope = 'absolute' | 'site';

/** An address without a scheme that starts with a host name (`dlh.example.go.id/x`). */
const BARE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d+)?(?:[/?#]|$)/i;

/** A typed bare host gets `https://`; anything else is returned as it came. */
export const completeLink = (link: string) => (BARE_HOST.test(link) && !link.includes('\\') ? `https://${link}` : link);

/**
 * Whether a link is safe to put in an href. Allowed: http(s) URLs with a host; and, when the
 * scope is `site`, a path of this site (`/our-work?x=1#y`) or a fragment (`#section`).
 * Refused: every other scheme (`javascript:`, `data:`), protocol-relative `//host` and the
 * backslash forms browsers read the same way (`/\host`, `\\host`), and any whitespace or
 * control character, which browsers strip and which would hide such tricks.
 */
export function isSafeLink(link: string, scope: LinkScope) {
  if (link === '' || /[\s\u0000-\u001F\u007F-\u009F\\]/.test(link)) return false;
  if (scope === 'site' && (link.startsWith('#') || (link.startsWith('/') && !link.startsWith('//')))) return true;
  if (!/^https?:\/\//i.test(link)) return false;
  try {
    const url = new URL(link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Hosts a site address may use plain http on: the local machine, for development. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a value can be the site's public address, which email links and the List-Unsubscribe
 * header are built from: an absolute https origin (no user name, path, query or fragment; http only
 * for localhost and 127.0.0.1), with no space or control character. The API answers under it at /api.
 */
export function isSiteAddress(value: string) {
  if (!URL.canParse(value) || /[\s\u0000-\u001F\u007F-\u009F\\<>"]/.test(value)) return false;
  const url = new URL(value);
  if (url.username || url.password || url.pathname !== '/' || value.includes('?') || value.includes('#')) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
}
