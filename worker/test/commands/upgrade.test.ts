/**
 * Upgrades keep data: a database at the previous release's schema (its migrations only), filled
 * with rows in every table and column, then migrated with wrangler to this code's schema, still
 * holds every row and every value. New migrations join the "rest" without changing this test.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { localDatabaseFile } from '../../../scripts/lib/local-database.ts';
import { knownMigrations, MIGRATIONS_DIR, offlineEnv, ROOT, tool } from '../../../scripts/lib/local.ts';

/** The last migration of the previous release (main before the backups work). */
const PREVIOUS_RELEASE = '0000_init.sql';
const ROWS_PER_TABLE = 25;

const work = mkdtempSync(path.join(tmpdir(), 'cms-upgrade-'));
const state = path.join(work, 'state');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Applies the given migrations with wrangler, as production does, to the local D1 in `state`. */
function applyMigrations(names: string[]) {
  const dir = path.join(work, 'migrations');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  for (const name of names) cpSync(path.join(MIGRATIONS_DIR, name), path.join(dir, name));
  const config = readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8')
    .replace(/^main = .*$/m, `main = "${path.join(ROOT, 'worker/src/index.ts')}"`)
    .replace(/^migrations_dir = .*$/m, `migrations_dir = "${dir}"`)
    .replace(/^directory = .*$/m, `directory = "${path.join(work, 'www')}"`);
  writeFileSync(path.join(work, 'wrangler.toml'), config);
  const result = spawnSync(...tool('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state, '-c', path.join(work, 'wrangler.toml')]), {
    cwd: work,
    env: offlineEnv(state),
    encoding: 'utf8',
  });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
}

type Value = string | number | null;

interface Column {
  name: string;
  type: string;
  /** The table and column it refers to, for a foreign key. */
  references?: { table: string; column: string };
}

async function tables(db: Client) {
  const names = (await db.execute("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations'")).rows.map((row) => String(row.name));
  const columns = new Map<string, Column[]>();
  for (const name of names) {
    const keys = (await db.execute(`pragma foreign_key_list("${name}")`)).rows;
    columns.set(
      name,
      (await db.execute(`pragma table_info("${name}")`)).rows.map((row) => {
        const key = keys.find((k) => k.from === row.name);
        return { name: String(row.name), type: String(row.type).toLowerCase(), ...(key ? { references: { table: String(key.table), column: String(key.to) } } : {}) };
      }),
    );
  }
  return columns;
}

/**
 * A distinct, plausible value for row `i` of a column, by its declared type; a foreign key
 * takes the value of row `i` of the column it refers to, so every link holds.
 */
function valueFor(table: string, column: Column, i: number, shape: Map<string, Column[]>): Value {
  if (column.references) {
    const target = shape.get(column.references.table)!.find((other) => other.name === column.references!.column)!;
    return valueFor(column.references.table, target, i, shape);
  }
  return column.type.includes('int') ? i + 1 : column.type.includes('real') ? i + 0.5 : `${table}-${column.name}-${i}`;
}

async function snapshot(db: Client, shape: Map<string, Array<{ name: string }>>) {
  const data: Record<string, Value[][]> = {};
  for (const [table, columns] of shape) {
    const list = columns.map((column) => `"${column.name}"`).join(', ');
    data[table] = (await db.execute(`select ${list} from "${table}" order by rowid`)).rows.map((row) => columns.map((_, i) => row[i] as Value));
  }
  return data;
}

describe('upgrading from the previous release', () => {
  it('keeps every row and value of every table', async () => {
    const known = knownMigrations();
    const previous = known.slice(0, known.indexOf(PREVIOUS_RELEASE) + 1);
    expect(previous.length, `${PREVIOUS_RELEASE} is among the migrations`).toBeGreaterThan(0);
    console.log(`[upgrade] previous release: ${previous.length} migration(s); applying ${known.length - previous.length} more: ${known.slice(previous.length).join(', ') || 'none'}`);

    applyMigrations(previous);
    const db = createClient({ url: `file:${localDatabaseFile(state)}` });
    const oldShape = await tables(db);
    const statements = [...oldShape].flatMap(([table, columns]) =>
      Array.from({ length: ROWS_PER_TABLE }, (_, i) => ({
        sql: `insert into "${table}" (${columns.map((column) => `"${column.name}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
        args: columns.map((column) => valueFor(table, column, i, oldShape)),
      })),
    );
    await db.batch([{ sql: 'PRAGMA defer_foreign_keys = ON', args: [] }, ...statements], 'write');
    const before = await snapshot(db, oldShape);
    db.close();

    applyMigrations(known);
    const after = createClient({ url: `file:${localDatabaseFile(state)}` });
    const newShape = await tables(after);
    for (const [table, columns] of oldShape) {
      expect(newShape.has(table), `table ${table} still exists`).toBe(true);
      const kept = newShape.get(table)!.map((column) => column.name);
      expect(columns.map((column) => column.name).filter((name) => !kept.includes(name)), `columns of ${table}`).toEqual([]);
    }
    const applied = (await after.execute('select name from d1_migrations order by id')).rows.map((row) => String(row.name));
    expect(applied).toEqual(known);
    expect(await snapshot(after, oldShape)).toEqual(before);
    expect(Object.values(before).every((rows) => rows.length === ROWS_PER_TABLE)).toBe(true);
    after.close();
  }, 120_000);
});
