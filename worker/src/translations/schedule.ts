/**
 * A translation published at a time of its own. Until then it stays unpublished, so no read in
 * its language shows it early; each minute, translations whose time has come are published and
 * their time cleared, with a version and an audit entry in one batch, then one site rebuild is
 * asked for all of them.
 */
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { auditStatement } from '../audit/log.ts';
import { CollectionStore } from '../collections/store.ts';
import { recordTitle } from '../contract/fields.ts';
import { isLocale, LOCALES } from '../contract/locales.ts';
import { resourceKeyOf, resources } from '../contract/resources.ts';
import type { CronJob } from '../cron/scheduled.ts';
import { translations } from '../db/schema.ts';
import { requestRebuild } from '../rebuild/rebuild.ts';
import { translationVersion } from './history.ts';

/** A publish time, if it is still ahead: one that has passed publishes nothing by itself. */
export const stillAhead = (publishAt: string | null | undefined) => (publishAt && Date.parse(publishAt) > Date.now() ? publishAt : null);

export const publishScheduledTranslationsJob: CronJob = {
  name: 'publish-scheduled-translations',
  async run({ db, env, now, waitUntil }) {
    const time = now.toISOString();
    const due = await db
      .select()
      .from(translations)
      .where(and(isNotNull(translations.publishAt), lte(translations.publishAt, time)));
    const published: string[] = [];
    let rebuild = false;
    for (const row of due) {
      if (!isLocale(row.locale)) continue;
      const key = resourceKeyOf(row.collection);
      const resource = resources[key];
      const record = await new CollectionStore(db, key).findRow('id', row.recordId, false);
      const title = `${record ? recordTitle(resource, record, row.recordId) : row.recordId} (${LOCALES[row.locale].label})`;
      const owner = { collection: row.collection, recordId: row.recordId, locale: row.locale };
      await db.batch([
        db
          .update(translations)
          .set({ isPublished: true, publishAt: null, updatedAt: time })
          .where(and(eq(translations.collection, row.collection), eq(translations.recordId, row.recordId), eq(translations.locale, row.locale))),
        ...translationVersion(db, owner, { slug: row.slug, values: row.values, isPublished: true, publishAt: null }, 'schedule', null, now),
        auditStatement(db, null, 'update', row.collection, row.recordId, `${title}: diterbitkan sesuai jadwal`),
      ]);
      published.push(`${resource.title} "${title}"`);
      rebuild ||= resource.rebuildsSite === true;
    }
    if (rebuild) await requestRebuild({ db, env, waitUntil, clock: () => now }, `Jadwal: ${published.join(', ')}`.slice(0, 300));
  },
};
