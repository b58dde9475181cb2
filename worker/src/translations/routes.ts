/**
 * Staff editing of a record's translations, under the collection's address:
 *   GET    /:id/translations/:locale   the translation (or none) and where it stands
 *   PUT    /:id/translations/:locale   save it (its values, whether that language's version is public, or when it goes public)
 *   DELETE /:id/translations/:locale   remove it
 *   GET    /:id/translations/:locale/revisions, /revisions/:n   its saved versions
 *   POST   /:id/translations/:locale/revisions/:n/restore        bring one back (a save of its own)
 * Reading needs the collection's read permission, saving, removing and restoring its update
 * permission. Each change is audited and versioned in its own batch and asks for a site rebuild
 * like any save.
 */
import { and, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { Hono, type Context } from 'hono';
import { auditStatement } from '../audit/log.ts';
import { assertPermission, assertReadable } from '../auth/guard.ts';
import { CollectionStore } from '../collections/store.ts';
import { publicState, recordTitle } from '../contract/fields.ts';
import { pageMoves } from '../redirects/hooks.ts';
import { translatedPages } from './pages.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../contract/locales.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import type { RevisionDetail, RevisionSummary, TranslationAnswer } from '../contract/staff-answers.ts';
import { localizedSlugField, sourceHash, type TranslationStatus } from '../contract/translation.ts';
import { translations } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { readBody } from '../http/body.ts';
import { ApiError, notFound, ok } from '../http/errors.ts';
import { rebuildInputsOf, requestRebuild } from '../rebuild/rebuild.ts';
import { hasTranslationVersions, translationDifferences, translationVersion, translationVersions, type TranslationRevisionAction, type TranslationSnapshot } from './history.ts';
import { stillAhead } from './schedule.ts';
import { prepareTranslation, readTranslation, type StoredTranslationRow, type TranslationInput } from './write.ts';


/** The language named in the address: one a record can be translated into, or a clear refusal. */
const translationLocale = (value: string): Locale => {
  if (!isLocale(value) || value === DEFAULT_LOCALE) throw new ApiError(400, 'VALIDATION_ERROR', 'Bahasa tidak dikenal.');
  return value;
};

const snapshotOf = (stored: StoredTranslationRow): TranslationSnapshot => ({ slug: stored.slug, values: stored.values, isPublished: stored.isPublished, publishAt: stored.publishAt });

const versionNotFound = () => new ApiError(404, 'NOT_FOUND', 'Versi tidak ditemukan.');

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
    if (!stored) return { locale, status: 'missing', slug: null, values: {}, isPublished: false, publishAt: null, updatedAt: null };
    const status: TranslationStatus = stored.sourceHash !== sourceHash(resource, record) ? 'outdated' : stored.isPublished ? 'published' : stored.publishAt ? 'scheduled' : 'draft';
    return { locale, status, slug: stored.slug, values: stored.values, isPublished: stored.isPublished, publishAt: stored.publishAt, updatedAt: stored.updatedAt };
  };

  /** Stores the change with its audit entry, then asks for the site to be built again. */
  const commit = async (c: Context<AppEnv>, statements: BatchItem<'sqlite'>[], summary: string, record: Record<string, unknown>) => {
    const audit = auditStatement(c.var.db, c.var.user, 'update', module, String(record.id), summary);
    await c.var.db.batch([audit, ...statements]);
    if (resource.rebuildsSite) await requestRebuild(rebuildInputsOf(c), `${resource.title}: translation`);
  };

  app.get('/:id/translations/:locale', async (c) => {
    assertReadable(c.var.user, module);
    const locale = translationLocale(c.req.param('locale'));
    return ok(c, await answer(c, await recordOf(c), locale));
  });

  /**
   * Stores a translation (an editor's save or a version brought back) with its new version; a
   * published page whose slug changes keeps its old address, as in the default language.
   */
  const save = async (c: Context<AppEnv>, record: Record<string, unknown>, locale: Locale, input: TranslationInput, action: TranslationRevisionAction, note: string) => {
    const db = c.var.db;
    const owner = { collection: module, recordId: String(record.id), locale };
    const before = await readTranslation(db, module, owner.recordId, locale);
    const { statements, slug, values, isPublished, publishAt } = await prepareTranslation(db, resource, record, locale, input);
    if (before?.isPublished && before.slug && slug && before.slug !== slug && publicState(resource, record, new Date()).state === 'public') {
      const [from, to] = await Promise.all([translatedPages(db, key, record, before.slug, locale), translatedPages(db, key, record, slug, locale)]);
      statements.push(...pageMoves(db, from, to));
    }
    // A translation written before its history was kept gets its state then as its first version, so this save can be undone.
    if (before && !(await hasTranslationVersions(db, owner))) statements.push(...translationVersion(db, owner, snapshotOf(before), 'update', null, new Date(before.updatedAt)));
    statements.push(...translationVersion(db, owner, { slug, values, isPublished, publishAt }, action, c.var.user));
    const title = recordTitle(resource, record, owner.recordId);
    const state = isPublished ? 'terbit' : publishAt ? `terjadwal ${publishAt}` : 'draf';
    await commit(c, statements, `${title} (${LOCALES[locale].label}, ${state})${note}`, record);
  };

  app.put('/:id/translations/:locale', async (c) => {
    assertPermission(c.var.user, module, 'update');
    const locale = translationLocale(c.req.param('locale'));
    const record = await recordOf(c);
    const { fields } = await readBody(c);
    const { isPublished, publishAt, ...values } = fields;
    await save(c, record, locale, { values, isPublished: truthy(isPublished), publishAt }, 'update', '');
    return ok(c, await answer(c, record, locale), `Versi ${LOCALES[locale].label} berhasil disimpan!`);
  });

  const versionsOf = async (c: Context<AppEnv>) => {
    assertReadable(c.var.user, module);
    const locale = translationLocale(c.req.param('locale') ?? '');
    const record = await recordOf(c);
    return { locale, record, versions: await translationVersions(c.var.db, { collection: module, recordId: String(record.id), locale }) };
  };
  const versionNumber = (c: Context<AppEnv>) => Number.parseInt(c.req.param('n') ?? '', 10);

  app.get('/:id/translations/:locale/revisions', async (c) => {
    const { locale, versions } = await versionsOf(c);
    return ok<RevisionSummary[]>(
      c,
      versions.map((version, i) => ({
        version: version.version,
        action: version.action,
        username: version.username,
        createdAt: version.createdAt,
        // What this save changed: its difference from the version before it, when that is still kept.
        changedFields: translationDifferences(resource, LOCALES[locale].label, versions[i + 1]?.snapshot, version.snapshot).map(({ field, label }) => ({ field, label })),
      })),
    );
  });

  app.get('/:id/translations/:locale/revisions/:n', async (c) => {
    const { locale, record, versions } = await versionsOf(c);
    const version = versions.find((candidate) => candidate.version === versionNumber(c));
    if (!version) throw versionNotFound();
    const current = await readTranslation(c.var.db, module, String(record.id), locale);
    return ok<RevisionDetail & { translation: TranslationSnapshot }>(c, {
      version: version.version,
      action: version.action,
      username: version.username,
      createdAt: version.createdAt,
      translation: version.snapshot,
      /** Field by field, this version (before) against the translation as it is now (after; nothing when it was removed). */
      differences: translationDifferences(resource, LOCALES[locale].label, version.snapshot, current ? snapshotOf(current) : { slug: null, values: {}, isPublished: false, publishAt: null }),
    });
  });

  app.post('/:id/translations/:locale/revisions/:n/restore', async (c) => {
    assertPermission(c.var.user, module, 'update');
    const { locale, record, versions } = await versionsOf(c);
    const version = versions.find((candidate) => candidate.version === versionNumber(c));
    if (!version) throw versionNotFound();
    const slugField = localizedSlugField(resource);
    const values = { ...version.snapshot.values, ...(slugField && version.snapshot.slug ? { [slugField]: version.snapshot.slug } : {}) };
    // A publish time that has passed since is not kept: the version comes back as it was then, not published by its old schedule.
    await save(c, record, locale, { values, isPublished: version.snapshot.isPublished, publishAt: stillAhead(version.snapshot.publishAt) }, 'restore', ` (dipulihkan dari versi ${version.version})`);
    return ok(c, await answer(c, record, locale), `Versi ${LOCALES[locale].label} ${version.version} berhasil dipulihkan!`);
  });

  app.delete('/:id/translations/:locale', async (c) => {
    assertPermission(c.var.user, module, 'update');
    const locale = translationLocale(c.req.param('locale'));
    const record = await recordOf(c);
    const recordId = String(record.id);
    const stored = await readTranslation(c.var.db, module, recordId, locale);
    const remove = c.var.db.delete(translations).where(and(eq(translations.collection, module), eq(translations.recordId, recordId), eq(translations.locale, locale)));
    // Its last state stays in its history, so the removal can be undone.
    const kept = stored ? translationVersion(c.var.db, { collection: module, recordId, locale }, snapshotOf(stored), 'delete', c.var.user) : [];
    await commit(c, [remove, ...kept], `${recordTitle(resource, record, String(record.id))} (${LOCALES[locale].label} dihapus)`, record);
    return ok(c, null, `Versi ${LOCALES[locale].label} berhasil dihapus!`);
  });

  return app;
}
