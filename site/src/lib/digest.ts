import { createHash } from 'node:crypto';

/** A short, stable fingerprint of a text (cache keys, cache file names). */
export const digest = (text: string) => createHash('sha1').update(text).digest('hex');
