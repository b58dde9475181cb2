/**
 * With `npm test -- --save-durations`: each file's time in its tests and hooks (a browser file's
 * setup saves and site builds are in its `beforeAll`), merged into test-durations.json for the
 * order of the next fresh clone's run (longest-first.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { ROOT } from './local.ts';
import { DURATIONS_FILE } from './longest-first.ts';

export default class DurationsReporter implements Reporter {
  private readonly durations = new Map<string, number>();

  onTestModuleEnd(module: TestModule) {
    this.durations.set(path.relative(ROOT, module.moduleId).split(path.sep).join('/'), Math.round(module.diagnostic().duration));
  }

  onTestRunEnd() {
    let kept: Record<string, number> = {};
    try {
      kept = JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
    } catch {
      // None kept yet.
    }
    const merged = Object.entries({ ...kept, ...Object.fromEntries(this.durations) }).sort(([a], [b]) => a.localeCompare(b));
    writeFileSync(DURATIONS_FILE, `${JSON.stringify(Object.fromEntries(merged), null, 1)}\n`);
  }
}
