import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const TESTS = 'src/**/*.test.{ts,tsx}';
const root = import.meta.dirname;
/** Shared by both admin projects (this one and `admin-mocks`). */
export const SETUP = 'src/test/setup.ts';
/** A screen test that waits for data more than once may take several of setup.ts's 5 s waits on a loaded machine. */
export const TEST_TIMEOUT = 20_000;
/**
 * Files that replace a module (vi.mock) need a module registry of their own: a screen another
 * file imported first would keep that file's module. The rest share one registry and one DOM per
 * worker, set up once instead of once per file (the admin tests: 44 s -> 12 s of wall time).
 * The root config runs the mocking files as the project `admin-mocks`.
 */
export const mocking = globSync(TESTS, { cwd: root }).filter((file) => /\bvi\.mock\(/.test(readFileSync(path.join(root, file), 'utf8')));

export default defineConfig({
  test: {
    name: 'admin',
    include: [TESTS],
    exclude: mocking,
    environment: 'happy-dom',
    setupFiles: [SETUP],
    testTimeout: TEST_TIMEOUT,
    isolate: false,
    passWithNoTests: true,
  },
});
