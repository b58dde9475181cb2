/**
 * Every collection defined once is complete everywhere: a table drizzle-kit sees (an exported
 * table, or no migration creates it), its permissions, and a screen in the admin.
 */
import { describe, expect, it } from 'vitest';
import { permissionCatalog } from '../src/auth/permission-catalog.ts';
import type { Field } from '../src/contract/fields.ts';
import { resources, type ResourceKey } from '../src/contract/resources.ts';
import * as schema from '../src/db/schema.ts';
import { SCREENS } from '../../admin/src/screens/screens.ts';

/** Collections with a screen of their own rather than the generic one. */
const OWN_SCREENS: Partial<Record<ResourceKey, string>> = { subscriber: 'Subscribers.tsx' };

describe.each(Object.keys(resources) as ResourceKey[])('the %s collection', (key) => {
  it('has an exported table, its permissions and an admin screen', () => {
    expect(Object.values(schema)).toContain(schema.collections[key]);
    const names = new Set(permissionCatalog().map((entry) => entry.name));
    for (const action of ['create', 'read', 'update', 'delete', 'list']) expect(names.has(`${resources[key].path}.${action}`)).toBe(true);
    expect(SCREENS.some((screen) => screen.resource === key) || OWN_SCREENS[key] !== undefined).toBe(true);
  });

  it('names its records by one of its text fields', () => {
    const fields: Record<string, Field> = resources[key].fields;
    expect(fields[resources[key].titleField]?.kind).toBe('text');
  });
});
