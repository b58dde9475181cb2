/** Weak ETags for public reads and the If-None-Match comparison that answers 304. */

export const sha1 = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text)))].map((b) => b.toString(16).padStart(2, '0')).join('');

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether an If-None-Match header names `tag` (weak comparison, `*` matches any). */
export const matches = (header: string | null | undefined, tag: string) =>
  !!header && header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(tag));
