/**
 * The worker's side of the field kinds that store something other than the validated value: a
 * slug made from its source, rich text cleaned (its embedded pictures become files), meta tags
 * cleaned, a password hashed, links kept apart from the row, a file stored from its form part.
 * Kinds not named here store the value their rule (contract/kinds/) produced.
 */
import type { Field, FileField } from '../contract/fields.ts';
import type { FieldKind, FieldOf } from '../contract/kinds/types.ts';
import { normalizeSlug, slugify } from '../contract/slug.ts';
import { hasVisibleContent, required } from '../contract/kinds/normalize.ts';
import { sanitizeMetaTags, sanitizeRichText } from '../content/sanitize.ts';
import type { RequestBody, Upload } from '../http/body.ts';
import type { Row } from './store.ts';

export interface WriteTarget {
  mode: 'create' | 'update';
  id: string;
  existing?: Row;
  /** Refuses a valid write the caller may still not make; runs before any file is stored. */
  guard?: (values: Row, relations: Record<string, string[]>) => void | Promise<void>;
}

/**
 * How a write keeps what its row does not hold as given: password hashes, uploaded files and
 * the pictures embedded in rich text. The composition root gives the auth and files features'.
 */
export interface FieldStorage {
  hashPassword(plain: string): Promise<string>;
  /** Refuses an upload the field does not accept (size, type, signature). */
  checkFile(upload: Upload, field: FileField): void;
  /** Stores a record's upload (and its thumbnail) under the collection's folder. */
  putUpload(bucket: R2Bucket, upload: Upload, folder: string, thumbnail: Upload | undefined): Promise<{ path: string; thumbnailUrl?: string }>;
  /** The pictures a rich text embeds as data: URLs, by their address in it. */
  inlineImagesOf(html: string, fieldLabel: string): Map<string, Upload>;
  /** Stores embedded pictures and answers the text pointing at them, with what was stored. */
  storeInlineImages(bucket: R2Bucket, html: string, images: ReadonlyMap<string, Upload>): Promise<{ html: string; stored: string[] }>;
}

/** What a write collects from its fields before anything is stored. */
export interface PreparedWrite {
  /** The row's values, changed in place into their stored form. */
  values: Row;
  /** Relation fields' target ids, stored as links beside the row. */
  relations: Record<string, string[]>;
  /** Uploads to store, by field. */
  files: Array<[string, FileField, Upload]>;
  /** Pictures embedded in rich text as data: URLs, by field: stored as uploads like any other. */
  inlineImages: Map<string, Map<string, Upload>>;
  errors: { field: string; message: string }[];
}

interface StoredFormInput<F extends Field> {
  name: string;
  field: F;
  target: WriteTarget;
  body: RequestBody;
  storage: FieldStorage;
  write: PreparedWrite;
}

type StoredForm<F extends Field> = (input: StoredFormInput<F>) => void | Promise<void>;

const STORED_FORMS: { [K in FieldKind]?: StoredForm<FieldOf<K>> } = {
  slug({ name, field, target, write: { values, errors } }) {
    const given = typeof values[name] === 'string' ? values[name] : undefined;
    const source = values[field.from] ?? target.existing?.[field.from];
    if (given) values[name] = normalizeSlug(given);
    else if (target.mode === 'create' || given === '') values[name] = slugify(String(source ?? ''), field.style);
    if (values[name] === '') errors.push({ field: name, message: required(field.label) });
  },
  richText({ name, field, storage, write: { values, errors, inlineImages } }) {
    if (typeof values[name] !== 'string') return;
    const html = sanitizeRichText(values[name]);
    values[name] = html;
    // What survives sanitising is what gets published: a script alone is no content.
    if (field.required && !hasVisibleContent(html)) errors.push({ field: name, message: required(field.label) });
    const images = storage.inlineImagesOf(html, field.label);
    if (images.size) inlineImages.set(name, images);
  },
  text({ name, field, write: { values } }) {
    if (field.format === 'meta-tags' && typeof values[name] === 'string') values[name] = sanitizeMetaTags(values[name]);
  },
  async password({ name, storage, write: { values } }) {
    if (typeof values[name] === 'string') values.passwordHash = await storage.hashPassword(values[name]);
    delete values[name];
  },
  relation({ name, write: { values, relations } }) {
    if (Array.isArray(values[name])) relations[name] = values[name] as string[];
    delete values[name];
  },
  file({ name, field, target, body, write: { values, files, errors } }) {
    const upload = body.files.get(field.part ?? name) ?? body.files.get(name);
    if (upload) {
      files.push([name, field, upload]);
      delete values[name];
    } else if (typeof values[name] === 'string') {
      values[name] = values[name].replace(/^\/(?=uploads\/)/, '');
    }
    const hasFile = upload || values[name] || (values[name] === undefined && target.existing?.[name]);
    if (field.required && !hasFile) errors.push({ field: name, message: required(field.label) });
  },
};

/** The stored form of a field's kind, if it has one of its own. */
// The registry's type pairs each kind with its own function; TypeScript cannot follow that through a lookup by a union key.
export const storedFormOf = <F extends Field>(field: F) => STORED_FORMS[field.kind] as StoredForm<F> | undefined;
