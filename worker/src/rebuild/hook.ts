/**
 * Calling the builder. With a token, REBUILD_HOOK_URL is GitHub's dispatches endpoint
 * (https://api.github.com/repos/OWNER/REPO/dispatches) and the call starts the deploy workflow
 * through `repository_dispatch`; without one it is a plain deploy hook (Workers Builds, a CI's
 * trigger URL) that takes a POST.
 */
import type { Bindings } from '../env.ts';

/** The `repository_dispatch` type the deploy workflow listens for. */
export const DISPATCH_EVENT = 'rebuild';

export function callRebuildHook(env: Pick<Bindings, 'REBUILD_HOOK_URL' | 'REBUILD_HOOK_TOKEN' | 'REBUILD_SECRET'>, buildId: string) {
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
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-rebuild-secret': env.REBUILD_SECRET ?? '' },
    body: JSON.stringify({ buildId }),
  });
}
