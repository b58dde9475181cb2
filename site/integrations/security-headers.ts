/**
 * Writes the built site's `_headers` (applied by Workers static assets in production and by
 * the local site server): the page headers, and a Content-Security-Policy allowing exactly the
 * inline scripts the pages carry, by their SHA-256, plus the analytics hosts when a page loads
 * them. Hashes are computed after the build, from the files as served.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { ANALYTICS_SOURCES, cspWith, PAGE_HEADERS, type CspDirectives } from '@cms/worker/contract/headers';

/** Workers assets ignore a `_headers` line longer than this. */
const MAX_LINE = 2000;
/** Script types that are data, not code: the policy does not apply to them. */
const DATA_SCRIPT = /\btype\s*=\s*["']?(application\/(ld\+)?json|text\/plain)/i;

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(file);
    else if (entry.name.endsWith('.html')) yield file;
  }
}

/** The policy of a set of pages: their inline scripts' hashes and the analytics they load. */
export function pagePolicy(pages: Iterable<string>) {
  const hashes = new Set<string>();
  const extra: CspDirectives[] = [];
  const found = new Set<keyof typeof ANALYTICS_SOURCES>();
  for (const html of pages) {
    for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (/\bsrc\s*=/i.test(attributes!) || DATA_SCRIPT.test(attributes!)) continue;
      hashes.add(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
    }
    for (const [name, source] of Object.entries(ANALYTICS_SOURCES) as Array<[keyof typeof ANALYTICS_SOURCES, (typeof ANALYTICS_SOURCES)['google']]>) {
      if (!found.has(name) && html.includes(source.marker)) found.add(name);
    }
  }
  for (const name of found) extra.push(ANALYTICS_SOURCES[name].csp);
  const merged: Record<string, string[]> = { 'script-src': [...hashes].sort() };
  for (const directives of extra) for (const [name, sources] of Object.entries(directives)) merged[name] = [...(merged[name] ?? []), ...sources];
  return cspWith(merged);
}

export function headersFile(csp: string) {
  const lines = ['/*', ...Object.entries(PAGE_HEADERS).map(([name, value]) => `  ${name}: ${value}`), `  Content-Security-Policy: ${csp}`];
  return `# Written by site/integrations/security-headers.ts at build time.\n${lines.join('\n')}\n`;
}

export default function securityHeaders(): AstroIntegration {
  return {
    name: 'security-headers',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const csp = pagePolicy((function* () {
          for (const file of htmlFiles(root)) yield readFileSync(file, 'utf8');
        })());
        if (`  Content-Security-Policy: ${csp}`.length > MAX_LINE) {
          throw new Error(`The pages carry too many different inline scripts: the Content-Security-Policy is longer than ${MAX_LINE} characters.`);
        }
        writeFileSync(path.join(root, '_headers'), headersFile(csp));
        logger.info(`_headers written (${csp.match(/'sha256-/g)?.length ?? 0} inline script hashes)`);
      },
    },
  };
}
