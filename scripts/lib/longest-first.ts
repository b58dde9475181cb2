/**
 * Test files start longest first, so the longest browser test does not start last and run alone
 * at the end of a run. Vitest orders by the durations of the last run on this machine; a fresh
 * clone has none and falls back to file size, which puts minute-long files late. The durations
 * of a full run are kept in test-durations.json (`npm test -- --save-durations` renews them);
 * a file missing there counts as long, so a new file starts early.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const DURATIONS_FILE = path.join(import.meta.dirname, 'test-durations.json');
/** Longer than any file takes. */
const UNKNOWN = 3_600_000;

const keptDurations = (): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const durations = keptDurations();
    const root = this.ctx.config.root;
    const weight = (spec: TestSpecification) =>
      this.ctx.cache.getTestSpecificationResult(spec)?.duration ?? durations[path.relative(root, spec.moduleId).split(path.sep).join('/')] ?? UNKNOWN;
    // Vitest runs each sequence.groupOrder on its own; within one, the projects' files share the
    // workers, so the longest start first whatever their project.
    return [...(await super.sort(files))].sort((a, b) => weight(b) - weight(a));
  }
}
