/**
 * Migrations and the seed as a Worker of their own, which scripts/lib/local.ts bundles and runs
 * once in the local runtime over a state folder: every D1 and R2 call stays inside workerd. Run
 * from Node through wrangler's platform proxy, each call crossed to Node and back, and a fresh
 * state took 13 s (9 s of Node's CPU) to seed.
 */
import { addMissingPermissions } from '../src/auth/permission-catalog.ts';
import { createDb } from '../src/db/client.ts';
import { isSeeded, seed, type SeedEnv } from './seed.ts';

/** One migration file, split into statements by whoever read it (wrangler's own splitter). */
export interface Migration {
  name: string;
  statements: string[];
}

export interface SetUpRequest {
  migrations: Migration[];
  /** Seeds an empty database with this admin; without it only migrations run. */
  admin?: { username: string; password: string };
}

export interface SetUpAnswer {
  applied: string[];
  seeded: boolean;
}

/** wrangler's own record of applied migrations: the same table, so `wrangler d1 migrations apply` agrees with us. */
const MIGRATIONS_TABLE = 'd1_migrations';

/** Applies the migrations `db` lacks, each in one batch with its record, as `wrangler d1 migrations apply` does. */
export async function applyMigrations(db: D1Database, migrations: readonly Migration[]) {
  await db.exec(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE}(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL);`);
  const applied = new Set((await db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE}`).all<{ name: string }>()).results.map((row) => row.name));
  const pending = migrations.filter(({ name }) => !applied.has(name)).sort((a, b) => a.name.localeCompare(b.name));
  for (const { name, statements } of pending) {
    await db.batch([...statements.map((sql) => db.prepare(sql)), db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (name) VALUES (?)`).bind(name)]);
  }
  return pending.map(({ name }) => name);
}

/** Migrates, then seeds an empty database; a seeded one made before a module existed gets that module's permissions. */
async function setUp({ migrations, admin }: SetUpRequest, env: SeedEnv): Promise<SetUpAnswer> {
  const applied = await applyMigrations(env.DB, migrations);
  if (!admin) return { applied, seeded: false };
  if (await isSeeded(env)) {
    await addMissingPermissions(createDb(env.DB));
    return { applied, seeded: false };
  }
  await seed(env, admin);
  return { applied, seeded: true };
}

export default {
  async fetch(request: Request, env: SeedEnv) {
    try {
      return Response.json(await setUp(await request.json<SetUpRequest>(), env));
    } catch (error) {
      return new Response(error instanceof Error ? (error.stack ?? error.message) : String(error), { status: 500 });
    }
  },
} satisfies ExportedHandler<SeedEnv>;
