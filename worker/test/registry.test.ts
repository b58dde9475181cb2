/**
 * What the registry of collections derives: record page addresses, preview templates,
 * newsletter kinds, permission areas and the sidebar order. A collection added with its module
 * and its registry line appears in each of them, or this fails.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../src/contract/fields.ts';
import { OWN_PAGE, patternFields, PREVIEW_SLUG, previewTemplateOf, previewTemplatePath } from '../src/contract/fields.ts';
import { PERMISSION_MODULE_CATALOG } from '../src/contract/permissions.ts';
import { NEWSLETTER_KINDS, PREVIEW_TEMPLATES, resources, type ResourceKey } from '../src/contract/resources.ts';
import type { Database } from '../src/db/client.ts';
import { recordPages } from '../src/redirects/pages.ts';
import { Client } from './client.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const keys = Object.keys(resources) as ResourceKey[];
const definition = (key: ResourceKey): ResourceDefinition => resources[key];
/** A database no call should reach: pages of records without relations are read from the record alone. */
const unreachable = new Proxy({}, { get: () => expect.unreachable('the database was read') }) as Database;

describe('record pages', () => {
  it.each(keys.filter((key) => definition(key).site))('%s: its page pattern names its own fields, a relation only to a collection with slugs', (key) => {
    const resource = definition(key);
    const fields = patternFields(resource.site!.page).map((name) => [name, resource.fields[name]] as const);
    for (const [name, field] of fields) expect(field, name).toBeDefined();
    const relationTargets = fields.flatMap(([, field]) => (field?.kind === 'relation' ? [field.to] : []));
    for (const to of relationTargets) expect((Object.values(resources) as ResourceDefinition[]).find((target) => target.path === to)?.fields.slug?.kind, to).toBe('slug');
  });

  it('a record page is its pattern filled with the record, the addresses a slug change moves', async () => {
    expect(await recordPages(unreachable, 'vision', { id: 'v1', slug: 'air-bersih' }, {})).toEqual(['/vision/air-bersih']);
    expect(await recordPages(unreachable, 'bioCore', { id: 'b1', slug: 'biogas' }, {})).toEqual(['/bio-core/biogas']);
    expect(await recordPages(unreachable, 'category', { id: 'c1', slug: 'energi' }, {})).toEqual(['/our-work/energi']);
    expect(await recordPages(unreachable, 'gallery', { id: 'g1' }, {})).toEqual([]);
  });
});

describe('derived lists', () => {
  it('preview templates: one per template a collection names, each built by the site', () => {
    const named = keys.flatMap((key) => {
      const preview = definition(key).preview;
      const template = preview === undefined ? undefined : previewTemplateOf(preview);
      return template === undefined ? [] : [template];
    });
    expect(new Set(PREVIEW_TEMPLATES)).toEqual(new Set(named));
    for (const template of PREVIEW_TEMPLATES) expect(existsSync(path.join(ROOT, `site/src/pages/[...locale]/preview-template/${template}.astro`)), template).toBe(true);
    for (const key of keys.filter((key) => definition(key).preview)) expect(previewTemplatePath(definition(key)), key).toMatch(/^\//);
  });

  it.each(keys.filter((key) => definition(key).preview === OWN_PAGE))('%s: previewed in its own record page, at the reserved slug of a page built from the slug alone', (key) => {
    const resource = definition(key);
    expect(patternFields(resource.site!.page)).toEqual(['slug']);
    expect(previewTemplatePath(resource)).toBe(resource.site!.page.replace(':slug', PREVIEW_SLUG));
    const page = path.join(ROOT, 'site/src/pages/[...locale]', resource.site!.page.replace(':slug', '[slug]') + '.astro');
    expect(existsSync(page), page).toBe(true);
  });

  it('newsletter kinds: the collections whose site says so, each with a record page and card fields it has', () => {
    expect(NEWSLETTER_KINDS).toEqual(['vision', 'bio-core']);
    for (const kind of NEWSLETTER_KINDS) {
      const resource = Object.values(resources).find((candidate) => candidate.path === kind) as ResourceDefinition;
      for (const field of [...(resource.site?.card?.summary ?? []), resource.site?.card?.image ?? resource.titleField]) expect(resource.fields[field], `${kind}.${field}`).toBeDefined();
    }
  });

  it('permission modules: every collection, in the area it declares', () => {
    for (const key of keys) {
      const resource = definition(key);
      expect(PERMISSION_MODULE_CATALOG.find((entry) => entry.module === resource.path)).toEqual({ module: resource.path, label: resource.title, area: resource.permissionArea ?? 'content' });
    }
    // Personal data is a feature of its own beside the account collections.
    expect(PERMISSION_MODULE_CATALOG.filter((entry) => entry.area === 'access').map((entry) => entry.module)).toEqual(['role', 'user', 'permission', 'privacy']);
  });

  it('sidebar: no two collections of a group share an order', () => {
    const places = keys.flatMap((key) => (definition(key).admin ? [`${definition(key).admin!.group} ${definition(key).admin!.order}`] : []));
    expect(new Set(places).size).toBe(places.length);
  });
});

describe('/api/health', () => {
  it('shows no start token, only its SHA-256', async () => {
    const answer = await new Client().get<Record<string, unknown>>('/api/health');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.success ? answer.body.data : {})).toEqual(['startTokenSha256']);
    expect(JSON.stringify(answer.body)).toMatch(/"startTokenSha256":("[0-9a-f]{64}"|null)/);
  });
});
