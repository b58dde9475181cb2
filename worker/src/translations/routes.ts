/**
 * Staff editing of a record's translations, under the collection's address:
 *   GET    /:id/translations/:locale   the translation (or none) and where it stands
 *   PUT    /:id/translations/:locale   save it (its values and whether that language's version is public)
 *   DELETE /:id/translations/:locale   remove it
 * Reading needs the collection's read permission, saving and removing its update permission.
 * Each change is audited in its own batch and asks for a site rebuild like any save.
 */
import { and, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { Hono, type Context } from 'hono';
import { auditStatement } from '../audit/log.ts';
import { assertPermission } from '../auth/guard.ts';
import { can } from '../auth/permissions.ts';
import { CollectionStore } from '../collections/store.ts';
import { publicState, recordTitle } from '../contract/fields.ts';
import { pageMoves } from '../redirects/hooks.ts';
import { translatedPages } from './pages.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../contract/locales.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { sourceHash, type TranslationStatus } from '../contract/translation.ts';
import { translations } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { ApiError, notFound, ok } from '../http/errors.ts';
import { rebuildInputsOf, requestRebuild } from '../rebuild/rebuild.ts';
import { prepareTranslation, readTranslation } from './write.ts';

/** A translation as the admin's form reads it. */
export interface TranslationAnswer {
  locale: Locale;
  status: TranslationStatus;
  slug: string | null;
  values: Record<string, unknown>;
  isPublished: boolean;
  updatedAt: string | null;
}

/** The language named in the address: one a record can be translated into, or a clear refusal. */
const translationLocale = (value: string): Locale => {
  if (!isLocale(value) || value === DEFAULT_LOCALE) throw new ApiError(400, 'VALIDATION_ERROR', 'Bahasa tidak dikenal.');
  return value;
};

const truthy = (value: unknown) => value === true || value === 'true' || value === '1' || value === 'on';

export function translationRoutes(key: ResourceKey) {
  const resource = resources[key];
  const module = resource.path;
  const app = new Hono<AppEnv>();

  const recordOf = async (c: Context<AppEnv>) => {
    const row = await new CollectionStore(c.var.db, key).findRow('id', c.req.param('id') ?? '', false);
    if (!row) throw notFound();
    return row;
  };

  const answer = async (c: Context<AppEnv>, record: Record<string, unknown>, locale: Locale): Promise<TranslationAnswer> => {
    const stored = await readTranslation(c.var.db, module, String(record.id), locale);
    if (!stored) return { locale, status: 'missing', slug: null, values: {}, isPublished: false, updatedAt: null };
    const status: TranslationStatus = stored.sourceHash !== sourceHash(resource, record) ? 'outdated' : stored.isPublished ? 'published' : 'draft';
    return { locale, status, slug: stored.slug, values: stored.values, isPublished: stored.isPublished, updatedAt: stored.updatedAt };
  };

  /** Stores the change with its audit entry, then asks for the site to be built again. */
  const commit = async (c: Context<AppEnv>, statements: BatchItem<'sqlite'>[], summary: string, record: Record<string, unknown>) => {
    const audit = auditStatement(c.var.db, c.var.user, 'update', module, String(record.id), summary);
    await c.var.db.batch([audit, ...statements]);
    if (resource.rebuildsSite) await requestRebuild(rebuildInputsOf(c), `${resource.title}: translation`);
  };

  app.get('/:id/translations/:locale', async (c) => {
    if (!can(c.var.user, module, 'read')) assertPermission(c.var.user, module, 'list');
    const locale = translationLocale(c.req.param('locale'));
    return ok(c, await answer(c, await recordOf(c), locale));
  });

  app.put('/:id/translations/:locale', async (c) => {
    assertPermission(c.var.user, module, 'update');
    const locale = translationLocale(c.req.param('locale'));
    const record = await recordOf(c);
    const { fields } = await readBody(c);
    const { isPublished, ...values } = fields;
    const before = await readTranslation(c.var.db, module, String(record.id), locale);
    const { statements, slug } = await prepareTranslation(c.var.db, resource, record, locale, { values, isPublished: truthy(isPublished) });
    // A published page whose slug changes keeps its old address, as in the default language.
    if (before?.isPublished && before.slug && slug && before.slug !== slug && publicState(resource, record, new Date()).state === 'public') {
      const [from, to] = await Promise.all([translatedPages(c.var.db, key, record, before.slug, locale), translatedPages(c.var.db, key, record, slug, locale)]);
      statements.push(...pageMoves(c.var.db, from, to));
    }
    const title = recordTitle(resource, record, String(record.id));
    await commit(c, statements, `${title} (${LOCALES[locale].label}${truthy(isPublished) ? ', terbit' : ', draf'})`, record);
    return ok(c, await answer(c, record, locale), `Versi ${LOCALES[locale].label} berhasil disimpan!`);
  });

  app.delete('/:id/translations/:locale', async (c) => {
    assertPermission(c.var.user, module, 'update');
    const locale = translationLocale(c.req.param('locale'));
    const record = await recordOf(c);
    const remove = c.var.db
      .delete(translations)
      .where(and(eq(translations.collection, module), eq(translations.recordId, String(record.id)), eq(translations.locale, locale)));
    await commit(c, [remove], `${recordTitle(resource, record, String(record.id))} (${LOCALES[locale].label} dihapus)`, record);
    return ok(c, null, `Versi ${LOCALES[locale].label} berhasil dihapus!`);
  });

  return app;
}
