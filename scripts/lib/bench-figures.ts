/**
 * Figures the long benches leave for `npm run bench`'s table: one JSON file under .build/
 * (ignored by git), each figure with when it was measured.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './local.ts';

const FILE = path.join(ROOT, '.build/bench-figures.json');

export interface Figure {
  value: number;
  /** How the figure was measured, e.g. "median of 3, load 4.1". */
  note: string;
  at: string;
}

export function readFigures(): Record<string, Figure> {
  return existsSync(FILE) ? (JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, Figure>) : {};
}

export function recordFigures(figures: Record<string, Omit<Figure, 'at'>>) {
  const at = new Date().toISOString();
  const all = readFigures();
  for (const [name, figure] of Object.entries(figures)) all[name] = { ...figure, at };
  mkdirSync(path.dirname(FILE), { recursive: true });
  writeFileSync(FILE, `${JSON.stringify(all, null, 2)}\n`);
}
