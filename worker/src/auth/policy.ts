/**
 * Who must sign in with a second factor: users of a role marked "Wajib Verifikasi Dua Langkah",
 * and holders of any permission an admin names in the factor policy (for example
 * newsletter.send). Either reason is answered as the text a user reads.
 */
import { eq } from 'drizzle-orm';
import type { FactorPolicy } from '../contract/factors.ts';
import type { Database } from '../db/client.ts';
import { role, settings, user } from '../db/schema.ts';
import { ALL_PERMISSIONS, effectivePermissions } from './permissions.ts';

const POLICY_SETTING = 'factorPolicyPermissions';

export async function readFactorPolicy(db: Database): Promise<FactorPolicy> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, POLICY_SETTING));
  if (!row) return { permissions: [] };
  const stored: unknown = JSON.parse(row.value);
  // A permission that no longer exists asks nothing of anyone.
  const known = new Set(ALL_PERMISSIONS);
  return { permissions: Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string' && known.has(name)) : [] };
}

export const storeFactorPolicy = (db: Database, policy: FactorPolicy) => {
  const value = JSON.stringify([...new Set(policy.permissions)].sort());
  return db
    .insert(settings)
    .values({ key: POLICY_SETTING, value, updatedAt: new Date().toISOString() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date().toISOString() } });
};

/** Why this user must have a second factor, as a user reads it; null when nothing requires one. */
export async function factorRequirement(db: Database, userId: string): Promise<string | null> {
  const [account] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  const roleId = typeof account?.role === 'string' ? account.role : null;
  if (roleId) {
    const [own] = await db.select({ name: role.name, isActive: role.isActive, required: role.requireSecondFactor }).from(role).where(eq(role.id, roleId));
    if (own?.isActive && own.required) return `role ${String(own.name)} mewajibkannya`;
  }
  const { permissions } = await readFactorPolicy(db);
  if (!permissions.length) return null;
  const held = new Set(await effectivePermissions(db, userId));
  const reason = permissions.find((name) => held.has(name));
  return reason ? `izin ${reason} yang Anda miliki mewajibkannya` : null;
}
