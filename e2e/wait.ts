/**
 * Waits in a hook, where expect.poll is not available: asks `check` every 250 ms until it answers
 * true, and fails with `what` after `timeout` ms (a site rebuild after saves, on a loaded machine).
 */
export async function until(what: string, check: () => Promise<boolean>, timeout: number) {
  for (const deadline = Date.now() + timeout; ; ) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`waited ${timeout / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
