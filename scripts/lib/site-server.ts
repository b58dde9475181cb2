/**
 * The built site served locally the way Workers static assets serve it in production: pages
 * without `.html` and with auto trailing slashes, `404.html` for a miss, and the headers of the
 * build's `_headers` file. The worker fetches public pages from here (its SITE_ORIGIN var), so a
 * new build goes live by switching the `current` link, never by restarting the worker.
 */
import { createReadStream, existsSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import path from 'node:path';

/** The `404.html` nearest a missed address, as the platform's assets find it: `/en/x` gets `en/404.html` when the build has one. */
function nearestNotFoundPage(root: string, pathname: string) {
  const folders = pathname.split('/').filter(Boolean).slice(0, -1);
  for (let depth = folders.length; depth >= 0; depth--) {
    const candidate = path.join(root, ...folders.slice(0, depth), '404.html');
    if (!path.relative(root, candidate).startsWith('..') && isFile(candidate)) return candidate;
  }
  return null;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** Configuration files of the build, read by the server, never served. */
const NOT_SERVED = new Set(['/_headers', '/_redirects']);

type Resolved = { file: string } | { redirect: string } | null;

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** Maps a URL path to a file of `root` with Workers assets' `auto-trailing-slash` rules. */
export function resolveAsset(root: string, pathname: string): Resolved {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  // Only a plain path names a file: no empty, `.` or `..` segment, no backslash, no control
  // character. So no file outside the build is read, and no redirect can lead off the site
  // (`//evil.example/..` would be a protocol-relative address).
  if (!decoded.startsWith('/') || /[\\\x00-\x1f]/.test(decoded) || decoded.slice(1).split('/').slice(0, -1).some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  const last = decoded.slice(decoded.lastIndexOf('/') + 1);
  if (last === '.' || last === '..') return null;
  const inRoot = (relative: string) => {
    const file = path.join(root, relative);
    return file.startsWith(root + path.sep) && isFile(file) ? file : null;
  };
  if (decoded.endsWith('/')) {
    const index = inRoot(`${decoded}index.html`);
    if (index) return { file: index };
    const bare = decoded.slice(0, -1);
    return bare && inRoot(`${bare}.html`) ? { redirect: bare } : null;
  }
  const exact = NOT_SERVED.has(decoded) ? null : inRoot(decoded);
  if (exact) {
    if (decoded.endsWith('/index.html')) return { redirect: decoded.slice(0, -'index.html'.length) };
    if (decoded.endsWith('.html')) return { redirect: decoded.slice(0, -'.html'.length) };
    return { file: exact };
  }
  const page = inRoot(`${decoded}.html`);
  if (page) return { file: page };
  return inRoot(`${decoded}/index.html`) ? { redirect: `${decoded}/` } : null;
}

/** The path of a request target (`/a/b?x`), still percent-encoded; null when it is not one. */
function pathOf(target: string) {
  if (!target.startsWith('/')) return null;
  try {
    return new URL(`http://localhost${target}`).pathname;
  } catch {
    return null;
  }
}

interface HeaderRule {
  pattern: RegExp;
  set: Array<[string, string]>;
  remove: string[];
}

/** Parses a `_headers` file: a path pattern, then indented `Name: value` or `! Name` lines. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = trimmed
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]\w*/g, '[^/]+'))
        .join('.*');
      rules.push({ pattern: new RegExp(`^${source}$`), set: [], remove: [] });
      continue;
    }
    const rule = rules.at(-1);
    if (!rule) continue;
    if (trimmed.startsWith('!')) rule.remove.push(trimmed.slice(1).trim().toLowerCase());
    else {
      const colon = trimmed.indexOf(':');
      if (colon > 0) rule.set.push([trimmed.slice(0, colon).trim().toLowerCase(), trimmed.slice(colon + 1).trim()]);
    }
  }
  return rules;
}

/** The headers every matching rule adds; a header set twice is joined with a comma. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.pattern.test(pathname)) continue;
    for (const name of rule.remove) delete headers[name];
    for (const [name, value] of rule.set) headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

export interface SiteServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the folder the `current` link in `siteDir` points at, read again on every request. */
export async function startSiteServer(opts: { port: number; currentLink: string }): Promise<SiteServer> {
  const rulesByBuild = new Map<string, HeaderRule[]>();
  const rulesOf = (root: string) => {
    let rules = rulesByBuild.get(root);
    if (!rules) {
      const file = path.join(root, '_headers');
      rules = existsSync(file) ? parseHeaders(readFileSync(file, 'utf8')) : [];
      rulesByBuild.clear();
      rulesByBuild.set(root, rules);
    }
    return rules;
  };

  const server = createServer((request, response) => {
    try {
      answer(request, response);
    } catch (error) {
      // A request this server cannot read answers an error; it never stops the server.
      console.error('site server:', error);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Server error');
    }
  });
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    // The request target is a path: `//x/..` is that path, never a URL of host x.
    const pathname = pathOf(request.url ?? '/');
    if (pathname === null) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    let root: string;
    try {
      root = path.resolve(path.dirname(opts.currentLink), readlinkSync(opts.currentLink));
    } catch {
      response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('The site has not been built yet.');
      return;
    }
    const extra = headersFor(rulesOf(root), pathname);
    const resolved = resolveAsset(root, pathname);
    if (resolved && 'redirect' in resolved) {
      // Another spelling of a page's address moves for good: search engines keep the one address.
      response.writeHead(301, { ...extra, location: resolved.redirect }).end();
      return;
    }
    const file = resolved ? resolved.file : nearestNotFoundPage(root, pathname);
    if (!file) {
      response.writeHead(404, { ...extra, 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const headers: OutgoingHttpHeaders = {
      'content-type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': 'public, max-age=0, must-revalidate',
      ...extra,
    };
    response.writeHead(resolved ? 200 : 404, headers);
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${opts.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
