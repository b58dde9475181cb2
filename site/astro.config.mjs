import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import securityHeaders from './integrations/security-headers.ts';

// Built by scripts/lib/builds.ts with PUBLIC_API_URL (where the content comes from at build
// time) and SITE_OUT_DIR (the worker's assets folder); SITE_URL is the public address.
export default defineConfig({
  site: process.env.SITE_URL ?? process.env.PUBLIC_API_URL ?? 'http://127.0.0.1:8787',
  outDir: process.env.SITE_OUT_DIR ?? 'dist',
  integrations: [react(), securityHeaders()],
  trailingSlash: 'ignore',
  // page.html files are served at /page by the worker's assets without a trailing-slash redirect.
  build: { format: 'file', inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
});
