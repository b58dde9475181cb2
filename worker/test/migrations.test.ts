/**
 * Migrations keep data on databases already in use. SQLite applies a table rebuild (drizzle's
 * "__new_x, DROP TABLE x" for a changed column) as a delete of every row, and D1 runs
 * migrations with foreign keys on, so rebuilding a table that link tables reference with
 * ON DELETE CASCADE empties those link tables (every role's permissions, for one).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.join(import.meta.dirname, '../migrations');
const files = readdirSync(dir).filter((name) => name.endsWith('.sql')).sort();
const sql = Object.fromEntries(files.map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));

const cascadeTargets = new Set(
  Object.values(sql).flatMap((text) => [...text.matchAll(/REFERENCES `(\w+)`\(`\w+`\)[^,\n]*ON DELETE cascade/g)].map((match) => match[1]!)),
);

describe('migrations', () => {
  it.each(files.slice(1))('%s rebuilds no table that others delete with', (name) => {
    const dropped = [...sql[name]!.matchAll(/DROP TABLE `(\w+)`/g)].map((match) => match[1]!);
    expect(dropped.filter((table) => cascadeTargets.has(table))).toEqual([]);
  });
});
