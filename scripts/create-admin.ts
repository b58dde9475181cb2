/**
 * Creates the first admin of a database, with the access model it needs (every permission
 * and the system role "Super Admin"), as one SQL file run by `wrangler d1 execute`.
 *
 *   ADMIN_PASSWORD='a long secret' npm run create-admin -- --username alice --email alice@example.org --remote
 *
 * --remote targets the production D1 of wrangler.toml; --local (default) the local one under
 * .state/ (or --persist-to DIR). The password comes from ADMIN_PASSWORD or is asked for;
 * there is no default, and the local demo password is refused for --remote.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { hashPassword } from '../worker/src/auth/password.ts';
import { SUPER_ADMIN_ROLE } from '../worker/src/auth/permissions.ts';
import { actionsOf } from '../worker/src/contract/limits.ts';
import { PERMISSION_MODULES } from '../worker/src/contract/resources.ts';
import { offlineEnv, ROOT, tool } from './lib/local.ts';

const { values: args } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    'full-name': { type: 'string', default: 'Administrator' },
    remote: { type: 'boolean', default: false },
    'persist-to': { type: 'string', default: path.join(ROOT, '.state') },
  },
});

const fail = (message: string): never => {
  console.error(`create-admin: ${message}`);
  process.exit(1);
};

const username = args.username ?? fail('--username is required');
const email = args.email ?? fail('--email is required');
if (!/^[A-Za-z0-9._-]{3,50}$/.test(username)) fail('username: 3-50 letters, digits, dots, underscores or hyphens');
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail('email is not valid');

let password = process.env.ADMIN_PASSWORD ?? '';
if (!password) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  password = await prompt.question('Password for the new admin: ');
  prompt.close();
}
if (password.length < (args.remote ? 12 : 8)) fail(`password must have at least ${args.remote ? 12 : 8} characters`);
if (args.remote && password === 'admin12345') fail('the local demo password cannot be used in production');

const text = (value: string) => `'${value.replace(/'/g, "''")}'`;
const id = () => randomBytes(12).toString('hex');
const now = new Date().toISOString();

// Fixed ids make the access model idempotent: running the command twice adds nothing twice.
const permissionId = (name: string) => `perm-${name}`;
const roleId = 'role-super-admin';
const statements: string[] = [];
for (const module of PERMISSION_MODULES) {
  for (const action of actionsOf(module)) {
    const name = `${module}.${action}`;
    statements.push(
      `INSERT OR IGNORE INTO permission (id, name, displayName, description, module, action, isActive, isSystem, createdAt, updatedAt) VALUES (${text(permissionId(name))}, ${text(name)}, ${text(name)}, '', ${text(module)}, ${text(action)}, 1, 1, ${text(now)}, ${text(now)});`,
    );
  }
}
statements.push(
  `INSERT OR IGNORE INTO role (id, name, description, isActive, isSystem, level, createdAt, updatedAt) VALUES (${text(roleId)}, ${text(SUPER_ADMIN_ROLE)}, 'Akses penuh ke seluruh back-office.', 1, 1, 10, ${text(now)}, ${text(now)});`,
  `INSERT OR IGNORE INTO role_permissions (ownerId, targetId, position) SELECT (SELECT id FROM role WHERE name = ${text(SUPER_ADMIN_ROLE)}), id, 0 FROM permission WHERE isSystem = 1;`,
  `INSERT INTO user (id, username, email, passwordHash, fullName, role, phone, department, position, isActive, avatar, createdAt, updatedAt) VALUES (${text(id())}, ${text(username)}, ${text(email)}, ${text(await hashPassword(password))}, ${text(args['full-name'])}, (SELECT id FROM role WHERE name = ${text(SUPER_ADMIN_ROLE)}), '', '', '', 1, '', ${text(now)}, ${text(now)});`,
);

// The statements hold the password's hash: their file lives only as long as wrangler reads it.
const folder = mkdtempSync(path.join(tmpdir(), 'create-admin-'));
const file = path.join(folder, 'admin.sql');
writeFileSync(file, statements.join('\n'), { mode: 0o600 });
const target = args.remote ? ['--remote'] : ['--local', '--persist-to', args['persist-to']];
const result = spawnSync(...tool('wrangler', ['d1', 'execute', 'DB', ...target, '--file', file, '--yes']), {
  cwd: ROOT,
  env: args.remote ? process.env : offlineEnv(args['persist-to']),
  encoding: 'utf8',
});
rmSync(folder, { recursive: true, force: true });
if (result.status !== 0) {
  const output = `${result.stdout}\n${result.stderr}`;
  fail(/UNIQUE constraint failed: (user\.|index 'user_)(username|email)/.test(output) ? 'a user with this username or email already exists' : output);
}
console.log(`Created admin "${username}" (${args.remote ? 'production' : 'local'} database).`);
