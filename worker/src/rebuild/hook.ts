/**
 * Calling the builder. With a token, REBUILD_HOOK_URL is GitHub's dispatches endpoint
 * (https://api.github.com/repos/OWNER/REPO/dispatches) and the call starts the deploy workflow
 * through `repository_dispatch`; without one it is a plain deploy hook (Workers Builds, a CI's
 * trigger URL) that takes a POST. REBUILD_SECRET never leaves the worker: a plain hook gets
 * the body's HMAC under it, which a builder holding the secret can check and no one can reuse.
 */
import type { Bindings } from '../env.ts';

/** The `repository_dispatch` type the deploy workflow listens for. */
export const DISPATCH_EVENT = 'rebuild';
/** Header of a plain hook call: `sha256=` and the hex HMAC-SHA256 of the body under REBUILD_SECRET. */
export const SIGNATURE_HEADER = 'x-rebuild-signature';

const encoder = new TextEncoder();

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

export async function signatureOf(secret: string, body: string) {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `sha256=${hex(await crypto.subtle.sign('HMAC', key, encoder.encode(body)))}`;
}

/**
 * Whether `given` is the secret, in a time that tells nothing about how much of it matched:
 * both are hashed to 32 bytes, and every byte is compared.
 */
export async function isSecret(given: string, secret: string) {
  const [a, b] = await Promise.all([given, secret].map(async (text) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)))));
  let difference = 0;
  for (let i = 0; i < a!.length; i++) difference |= a![i]! ^ b![i]!;
  return difference === 0;
}

export async function callRebuildHook(env: Pick<Bindings, 'REBUILD_HOOK_URL' | 'REBUILD_HOOK_TOKEN' | 'REBUILD_SECRET'>, buildId: string) {
  const url = env.REBUILD_HOOK_URL!;
  if (env.REBUILD_HOOK_TOKEN) {
    return fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${env.REBUILD_HOOK_TOKEN}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        // GitHub's API refuses requests without a User-Agent.
        'user-agent': 'waste-cms-rebuild',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ event_type: DISPATCH_EVENT, client_payload: { buildId } }),
    });
  }
  const body = JSON.stringify({ buildId });
  const headers = new Headers({ 'content-type': 'application/json' });
  if (env.REBUILD_SECRET) headers.set(SIGNATURE_HEADER, await signatureOf(env.REBUILD_SECRET, body));
  return fetch(url, { method: 'POST', headers, body });
}
