/**
 * Where the features plug into the collection core: who may do what (auth), the hooks every
 * write runs (access rules, slug redirects, history, audit, file release, rebuild), how file
 * fields and passwords are stored, and the routes and checks history adds. The core imports
 * none of these; this module hands them over.
 */
import { resources } from '../contract/resources.ts';
import type { CollectionsSetup } from '../collections/routes.ts';
import type { FieldStorage } from '../collections/stored-forms.ts';
import { auditHooks } from '../audit/log.ts';
import { accessRules } from '../auth/access-rules.ts';
import { assertPermission } from '../auth/guard.ts';
import { hashPassword } from '../auth/password.ts';
import { can } from '../auth/permissions.ts';
import { inlineImagesOf, storeInlineImages } from '../files/inline.ts';
import { fileHooks } from '../files/references.ts';
import { checkFile, putUpload } from '../files/storage.ts';
import { rebuildHooks } from '../rebuild/rebuild.ts';
import { resolvedMissing, slugRedirects } from '../redirects/hooks.ts';
import { refuseStaleSave } from '../revisions/conflict.ts';
import { revisionHooks } from '../revisions/hooks.ts';
import { historyRoutes } from '../revisions/routes.ts';
import { keepsHistory } from '../revisions/store.ts';
import { translationHooks } from '../translations/hooks.ts';
import { translationRoutes } from '../translations/routes.ts';
import { isTranslatable } from '../contract/translation.ts';

/** Passwords are hashed by auth; uploads and embedded pictures are stored by files, marked as a record's. */
export const fieldStorage: FieldStorage = {
  hashPassword,
  checkFile,
  putUpload: (bucket, upload, folder, thumbnail) => putUpload(bucket, upload, folder, 'record', thumbnail),
  inlineImagesOf,
  storeInlineImages: (bucket, html, images) => storeInlineImages(bucket, html, images, 'editor'),
};

export const collectionsSetup: CollectionsSetup = {
  access: { may: can, require: assertPermission },
  // Refusals first (access rules, redirect loops), then what a stored change adds; files are
  // released before the rebuild is asked for.
  hooks: [accessRules, slugRedirects, resolvedMissing, revisionHooks, translationHooks, auditHooks, fileHooks, rebuildHooks],
  storage: fieldStorage,
  routes: [(key, writer) => (keepsHistory(resources[key]) ? historyRoutes(key, writer) : undefined), (key) => (isTranslatable(resources[key]) ? translationRoutes(key) : undefined)],
  updateChecks: [(c, key, existing, body, current) => refuseStaleSave(c, resources[key].path, existing, body, current)],
};
