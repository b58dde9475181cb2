import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the worker under /admin (and /login); scripts/lib/builds.ts sets ADMIN_OUT_DIR.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: process.env.ADMIN_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
});
