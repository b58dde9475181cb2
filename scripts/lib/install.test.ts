/** `npm install` must work with a system Node 22 on Linux, macOS and Windows, on x64 and ARM. */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tool } from './local.ts';

interface Manifest {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  workspaces?: string[];
}

const manifest = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;
const root = manifest(path.join(ROOT, 'package.json'));
const workspaces = (root.workspaces ?? []).map((dir) => manifest(path.join(ROOT, dir, 'package.json')));

describe('installing on any platform', () => {
  it('requires no package that installs on one OS or CPU only', () => {
    const required = [root, ...workspaces].flatMap((pkg) => Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }));
    const limited = required.filter((name) => {
      const installed = manifest(path.join(ROOT, 'node_modules', name, 'package.json'));
      return Boolean(installed.os?.length || installed.cpu?.length);
    });
    expect(limited).toEqual([]);
  });

  it('asks for Node 22 with type stripping (22.18) or newer', () => {
    expect(root.engines?.node).toBe('>=22.18');
  });

  it('runs every tool through the running Node, not a platform shim', () => {
    for (const [pkg, bin] of [['wrangler', 'wrangler'], ['typescript', 'tsc'], ['vitest', 'vitest'], ['vite', 'vite']]) {
      const [command, args] = tool(pkg!, [], bin);
      expect(command).toBe(process.execPath);
      expect(readdirSync(path.dirname(args[0]!)).length).toBeGreaterThan(0);
    }
  });
});
