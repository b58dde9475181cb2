/**
 * Every collection defined once is complete everywhere: a table drizzle-kit sees (an exported
 * table, or no migration creates it), its permissions, a screen in the admin and a title field.
 */
import { createRequire } from 'node:module';
import { getTableName, is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { permissionCatalog } from '../src/auth/permission-catalog.ts';
import type { Field, ResourceDefinition } from '../src/contract/fields.ts';
import { PERMISSION_MODULES, resources, type ResourceKey } from '../src/contract/resources.ts';
import { TRANSLATIONS } from '../src/contract/locales.ts';
import { isTranslatable } from '../src/contract/translation.ts';
import * as schema from '../src/db/schema.ts';
import { SCREENS } from '../../admin/src/screens/screens.ts';

/** The tables drizzle-kit finds among the exports of the file its config names, by name. */
const drizzleKitTables = Object.values(createRequire(import.meta.url)('../src/db/drizzle-kit.cjs') as Record<string, unknown>)
  .filter((value) => is(value, SQLiteTable))
  .map((table) => getTableName(table));

describe.each(Object.keys(resources) as ResourceKey[])('the %s collection', (key) => {
  const resource: ResourceDefinition = resources[key];

  it('has a table drizzle-kit reads, its permissions and an admin screen', () => {
    expect(drizzleKitTables).toContain(getTableName(schema.collections[key]));
    for (const linkTable of Object.values(schema.links[key] ?? {})) expect(drizzleKitTables).toContain(getTableName(linkTable));
    expect(PERMISSION_MODULES).toContain(resource.path);
    const names = new Set(permissionCatalog().map((entry) => entry.name));
    for (const action of ['create', 'read', 'update', 'delete', 'list']) expect(names.has(`${resource.path}.${action}`)).toBe(true);
    expect(SCREENS.some((screen) => screen.resource === key)).toBe(true);
  });

  it('names its records by one of its text fields', () => {
    const fields: Record<string, Field> = resource.fields;
    expect(fields[resource.titleField]?.kind).toBe('text');
  });

  it('shows in its screen only fields it has, each column once', () => {
    const screen = SCREENS.find((candidate) => candidate.resource === key);
    if (!screen) return;
    const keys = screen.columns.map((column) => `${column.field} ${column.label}`);
    expect(new Set(keys).size).toBe(keys.length);
    const own = screen.columns.filter((column) => column.cell.as !== 'translation');
    for (const { field } of own) expect(field === 'createdAt' || field in resource.fields).toBe(true);
    for (const column of screen.columns) expect(column.label).not.toBe('');
    // A collection with text to translate lists each record's state in every other language.
    const languages = screen.columns.flatMap((column) => (column.cell.as === 'translation' ? [column.cell.locale] : []));
    expect(languages).toEqual(isTranslatable(resource) ? TRANSLATIONS : []);
  });
});

describe('the admin screens', () => {
  it('have one route each', () => {
    const routes = SCREENS.map((screen) => screen.route);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
