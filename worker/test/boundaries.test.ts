/**
 * The worker's import rules: the core (contract, db, collections, http, content, cron, env.ts)
 * imports no feature, so features plug into it and never the reverse; and no module imports
 * itself through others. Type-only imports count: they tie the modules just as much.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const CORE = ['contract', 'db', 'collections', 'http', 'content', 'cron', 'env.ts'];
const FEATURES = ['auth', 'audit', 'backup', 'dashboard', 'files', 'inquiries', 'newsletter', 'privacy', 'preview', 'rebuild', 'redirects', 'revisions', 'schedule', 'search', 'settings', 'subscribers', 'translations', 'app'];

const modules = (readdirSync(SRC, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).map((file) => file.split(path.sep).join('/'));

/** The worker modules a module imports, by their path under src/. */
const importsOf = (module: string) =>
  [...readFileSync(path.join(SRC, module), 'utf8').matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']+)'/gms)].map((match) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(module), match[1]!)),
  );
const graph = new Map(modules.map((module) => [module, importsOf(module)]));
const areaOf = (module: string) => module.split('/')[0]!;

describe('worker imports', () => {
  it('every folder is core or a feature', () => {
    expect(new Set(modules.map(areaOf).filter((area) => area !== 'index.ts' && !CORE.includes(area) && !FEATURES.includes(area)))).toEqual(new Set());
  });

  it('the core imports no feature', () => {
    const crossings = modules.filter((module) => CORE.includes(areaOf(module))).flatMap((module) => graph.get(module)!.filter((target) => FEATURES.includes(areaOf(target))).map((target) => `${module} → ${target}`));
    expect(crossings).toEqual([]);
  });

  it('no module reaches itself through its imports', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (module: string, trail: string[]) => {
      if (state.get(module) === 'done') return;
      if (state.get(module) === 'open') return void cycles.push([...trail.slice(trail.indexOf(module)), module].join(' → '));
      state.set(module, 'open');
      for (const target of graph.get(module) ?? []) visit(target, [...trail, module]);
      state.set(module, 'done');
    };
    for (const module of modules) visit(module, []);
    expect(cycles).toEqual([]);
  });
});
