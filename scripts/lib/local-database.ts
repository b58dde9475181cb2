/**
 * Where the local D1 database lives in a state folder: a module of its own, with no worker types,
 * so browser tests can write into a running product's database too.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The local D1 database file wrangler keeps under `<stateDir>/v3`. */
export function localDatabaseFile(stateDir: string) {
  const dir = path.join(stateDir, 'v3/d1/miniflare-D1DatabaseObject');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  } catch {
    // no folder: handled below
  }
  if (names.length !== 1) throw new Error(`No local database in ${dir} (run \`npm start\` once, or check the state folder).`);
  return path.join(dir, names[0]!);
}
