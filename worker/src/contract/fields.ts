/**
 * The field vocabulary of every collection. A resource is a plain object of these
 * descriptors; the worker derives its D1 table, input validation and API from it, and the
 * admin derives its form. Nothing here imports the database, so the admin can use it too.
 */
import type { AdminScreen } from './admin.ts';

interface Common {
  /** Label used in forms and in validation messages. */
  label: string;
  required?: boolean;
  unique?: boolean;
  /** A short help text shown under the input in the admin. */
  hint?: string;
  /**
   * Words a reader reads (titles, texts, slugs, alt texts, captions...): each translation of a
   * record holds its own value. Numbers, dates, pictures, flags and links stay the record's own.
   * In a list, the item keys marked localized are translated, position by position.
   */
  localized?: boolean;
}

export interface TextField extends Common {
  kind: 'text';
  default?: string;
  /**
   * url: an absolute http(s) address (canonical and social addresses, other sites);
   * link: that or a place on this site (`/our-work`, `#section`), for links a visitor follows.
   */
  format?: 'email' | 'url' | 'link' | 'color' | 'multiline' | 'json' | 'meta-tags';
  max?: number;
  /** A pattern the value must match, with the message shown when it does not. */
  pattern?: { regex: string; message: string };
  /** Letter case does not tell values apart: "Budi" and "budi" are the same unique value and match the same look-ups. */
  ignoreCase?: boolean;
  /** Describes the image field `of` and is edited beside it: its alternative text or focal point. */
  companion?: { of: string; role: 'alt' | 'focus' };
}
export interface RichTextField extends Common {
  kind: 'richText';
}
export interface SlugField extends Common {
  kind: 'slug';
  /** The field a missing slug is generated from. */
  from: string;
  /** words: lower-case words joined by hyphens; alnum: only letters and digits (BioCore). */
  style: 'words' | 'alnum';
}
export interface EnumField<V extends string = string> extends Common {
  kind: 'enum';
  values: readonly V[];
  default?: V;
  /** How each value is shown, when not as itself (align: Kiri/Kanan). */
  labels?: Partial<Record<V, string>>;
}
export interface BooleanField extends Common {
  kind: 'boolean';
  default: boolean;
}
export interface IntegerField extends Common {
  kind: 'integer';
  default: number;
  min: number;
  max?: number;
  /**
   * Reading minutes: left empty (stored as 0), the API answers the time to read this rich-text
   * field instead, and marks the record with `<name>Computed: true`.
   */
  readingTimeOf?: string;
}
export interface TagsField extends Common {
  kind: 'tags';
}
/** An ordered list of small objects stored with the record (stats, features, photos...). */
export interface ListField<I extends ListItemInputs = ListItemInputs> extends Common {
  kind: 'list';
  /** Each key of an item and how it is entered (label, multiline text, an image file); an item also has its `order`. */
  items: I;
  /** One item's name, for "Add Statistic". */
  itemLabel?: string;
  /** Applied after parsing: drops blank items, renumbers, enforces "at least one". */
  minItems?: { count: number; message: string };
  /** An item is kept only when these keys are filled; otherwise when any key is. */
  requiredKeys?: readonly string[];
}
export type ListItemInputs = Record<string, ListItemInput>;
/** One item of a list field: text (or a picture's address) per key, and its position. */
export type ListItemOf<I extends ListItemInputs> = { -readonly [K in keyof I]: string } & { order: number };
/** One key of a list item as the admin edits it. */
export type ListItemInput = TextField | FileField;
export interface FileField extends Common {
  kind: 'file';
  maxBytes: number;
  /** Allowed MIME types; undefined means any type. */
  accept?: readonly string[];
  /** Formats named in the error message, e.g. "JPG, PNG, GIF". */
  acceptLabel?: string;
  /** Multipart part name when it differs from the field name (hero sends `image`). */
  part?: string;
}
/** A single link to a record of another resource, expanded on read as { _id, [display] }. */
export interface ReferenceField extends Common {
  kind: 'reference';
  to: string;
  display: string;
}
/** Many links to records of another resource, kept in a link table, expanded on read. */
export interface RelationField extends Common {
  kind: 'relation';
  to: string;
  display: readonly string[];
}
/** Write-only secret: hashed before storage, never returned. */
export interface PasswordField extends Common {
  kind: 'password';
}
/** Set by the server, read-only for clients, unless staff set it (`schedule`). */
export interface TimestampField extends Common {
  kind: 'timestamp';
  defaultNow?: boolean;
  /**
   * A time staff set, in WIB: when the scheduled job makes the record visible (publish) or
   * hidden (unpublish), or a time the record is about (`event`: an agenda item's date and time).
   */
  schedule?: 'publish' | 'unpublish' | 'event';
  /** Another time field of the record this one must come after (an end after its start). */
  after?: string;
}

export type Field =
  | TextField
  | RichTextField
  | SlugField
  | EnumField
  | BooleanField
  | IntegerField
  | TagsField
  | ListField
  | FileField
  | ReferenceField
  | RelationField
  | PasswordField
  | TimestampField;

export type Fields = Record<string, Field>;

export const ignoresCase = (field: Field) => field.kind === 'text' && field.ignoreCase === true;

/** Groups of permission modules in the role editor; the presets are made of them. */
export type PermissionArea = 'content' | 'seo' | 'media' | 'newsletter' | 'inbox' | 'access' | 'system';

export interface ResourceDefinition<F extends Fields = Fields> {
  /** URL segment under /api and the permission module name. */
  path: string;
  /** D1 table name. */
  table: string;
  /** Name shown in the admin and the audit log. */
  title: string;
  /** The field that names one record in lists, the audit log, history and delete prompts. */
  titleField: string;
  fields: F;
  /** The flag that makes a record visible to anonymous callers; undefined: all visible. */
  visibleWhen?: string;
  /**
   * Sort: by `order` ascending when the resource has one, then newest first; or by a timestamp
   * field, `upcoming` putting the times still ahead first (soonest first), then those past
   * (latest first).
   */
  sort: 'order' | 'newest' | 'oldest' | FieldSort;
  /** Records with this flag set cannot be deleted. */
  protectedWhen?: string;
  /** Other names a list query may give a flag field (`?featured=true` for isFeatured). */
  queryAliases?: Record<string, string>;
  /** Fields matched by the `search` query; by default its text and slug fields. */
  searchable?: readonly string[];
  /** Also expose createdAt/updatedAt as create_time/update_time (the public impact page reads those). */
  snakeCaseTimestamps?: boolean;
  /** Whether anonymous callers may read its visible records. */
  public: boolean;
  /** Whether the public site is built from it: only then does a save ask for a site rebuild. */
  rebuildsSite?: boolean;
  /** How `/preview/<token>` shows a record's unsaved content; none: no preview. */
  preview?: PreviewOf;
  /** Where the public site shows its records; none: no page of its own. */
  site?: SitePlacement;
  /** The group of its permissions in the role editor and the presets; `content` unless said. */
  permissionArea?: PermissionArea;
  /** Its screen in the back-office; undefined: a screen of its own (subscribers) or none. */
  admin?: AdminScreen;
}

/** A list sorted by one of its timestamp fields. */
export interface FieldSort<N extends string = string> {
  field: N;
  order: 'newest' | 'oldest' | 'upcoming';
  /** For `upcoming`: the time a record's span ends, when set; a record is past once it has (else once `field` has). */
  until?: N;
}

/**
 * A collection's pages on the public site. Patterns name fields with `:field`: the record's own
 * value, or for a relation field one address per related record's slug (`all` without one).
 */
export interface SitePlacement {
  /** A record's page (`/vision/:slug`). */
  page: string;
  /** The page listing its public records; `paged`: numbered pages under `<list>/page/<n>`. */
  list?: { path: string; paged: boolean };
  /** Its place in the site's navigation (by `order`); `footerOnly`: the header leaves it out. */
  nav?: { label: string; order: number; footerOnly?: boolean };
  /** Title of its RSS feed at `<list>/rss.xml`, linked from every page; none: no feed. */
  feed?: string;
  /** Its records can be sent to subscribers as a newsletter. */
  newsletter?: boolean;
  /** How a record shows as a card (a newsletter's articles): the first filled summary field, and its picture field. */
  card?: { summary: readonly string[]; image?: string };
  /** What the not-found page says at an address under its pages that has no record. */
  notFound: { title: string; detail?: string; back: string };
}

/** The fields a page pattern names (`/our-work/:category_ids/:slug` → category_ids, slug). */
export const patternFields = (pattern: string) => [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** A record's page from a pattern whose fields all hold the record's own values (`/vision/:slug`). */
export const recordPage = (pattern: string, record: Record<string, unknown>) => pattern.replace(/:(\w+)/g, (_, field: string) => String(record[field] ?? ''));

/** A page template the site builds for previews (`site/src/pages/preview-template/<name>.astro`); `PREVIEW_TEMPLATES` lists those in use. */
export type PreviewTemplate = string;

/**
 * The slug of the placeholder record a collection's own record page is also built with, as its
 * preview template. Stored slugs never start with `_` (normalizeSlug), so no record takes it.
 */
export const PREVIEW_SLUG = '_preview';

/** Previewed in its own record page (`site.page` with PREVIEW_SLUG): no template file of its own. */
export const OWN_PAGE = { ownPage: true } as const;

/**
 * A record with a page of its own names the template of that page, or OWN_PAGE when the page
 * itself is built as its template. A record shown among others (the home page's hero, the about
 * page's sections) names the public page that shows it and the template of its part: the
 * preview is that page as published, the record's slot filled by the draft
 * (`data-preview-slots` / `data-preview-slot` marks, worker/src/preview/page.ts).
 */
export type PreviewOf = PreviewTemplate | { template: PreviewTemplate; page: string } | typeof OWN_PAGE;

/** The template file a collection names, if it names one (not OWN_PAGE). */
export const previewTemplateOf = (how: PreviewOf): PreviewTemplate | undefined => (typeof how === 'string' ? how : 'template' in how ? how.template : undefined);

/** Where the built site has the page a collection's drafts are previewed in. */
export function previewTemplatePath(resource: ResourceDefinition): string | undefined {
  const how = resource.preview;
  if (how === undefined) return undefined;
  const template = previewTemplateOf(how);
  if (template !== undefined) return `/preview-template/${template}`;
  return resource.site ? recordPage(resource.site.page, { slug: PREVIEW_SLUG }) : undefined;
}

// ---- Record types as the API returns them ----

type ValueOf<F> = F extends TextField | RichTextField | SlugField | FileField
  ? string
  : F extends EnumField<infer V>
    ? V
    : F extends BooleanField
      ? boolean
      : F extends IntegerField
        ? number
        : F extends TagsField
          ? string[]
          : F extends ListField<infer I>
            ? ListItemOf<I>[]
            : F extends ReferenceField
              ? ({ _id: string } & Record<F['display'], string>) | null
              : F extends RelationField
                ? Array<{ _id: string } & Record<F['display'][number], string>>
                : F extends TimestampField
                  ? string | null
                  : never;

/** The name of one record, from its definition's title field; its id when that is empty. */
export const recordTitle = (resource: ResourceDefinition, record: Record<string, unknown>, id: string) => {
  const title = record[resource.titleField];
  return typeof title === 'string' && title !== '' ? title : id;
};

export type RecordOf<R extends ResourceDefinition> = {
  _id: string;
  createdAt: string;
  updatedAt: string;
} & {
  -readonly [K in keyof R['fields'] as R['fields'][K] extends PasswordField ? never : K]: ValueOf<R['fields'][K]>;
};

/** Checks that the title, flags and searchable fields a definition names are its own fields. */
export const defineResource = <const F extends Fields, const P extends string, const S extends SitePlacement = never>(
  definition: ResourceDefinition<F> & {
    path: P;
    site?: S;
    titleField: keyof F & string;
    admin?: AdminScreen<keyof F & string>;
    sort: 'order' | 'newest' | 'oldest' | FieldSort<keyof F & string>;
    visibleWhen?: keyof F & string;
    protectedWhen?: keyof F & string;
    searchable?: readonly (keyof F & string)[];
    queryAliases?: Record<string, keyof F & string>;
  },
): ResourceDefinition<F> & { path: P; site?: S } => definition;

// ---- Builders: short, typed field descriptors ----

type Opts<F extends Field> = Omit<F, 'kind' | 'label'>;

export const text = (label: string, o: Opts<TextField> = {}): TextField => ({ kind: 'text', label, ...o });
export const richText = (label: string, o: Opts<RichTextField> = {}): RichTextField => ({ kind: 'richText', label, ...o });
export const slug = (label: string, o: Opts<SlugField>): SlugField => ({ kind: 'slug', label, unique: true, ...o });
export const choice = <const V extends string>(label: string, values: readonly V[], o: Omit<Opts<EnumField<V>>, 'values'> = {}): EnumField<V> => ({
  kind: 'enum',
  label,
  values,
  ...o,
});
export const flag = (label: string, defaultValue: boolean): BooleanField => ({ kind: 'boolean', label, default: defaultValue });
export const integer = (label: string, o: Partial<Opts<IntegerField>> = {}): IntegerField => ({
  kind: 'integer',
  label,
  default: 0,
  min: 0,
  ...o,
});
export const order = () => integer('Order');
export const tags = (label = 'Tags', o: Opts<TagsField> = {}): TagsField => ({ kind: 'tags', label, ...o });
export const list = <const I extends ListItemInputs>(
  label: string,
  items: I,
  o: Omit<Opts<ListField<I>>, 'items' | 'requiredKeys'> & { requiredKeys?: readonly (keyof I & string)[] } = {},
): ListField<I> => ({
  kind: 'list',
  label,
  items,
  ...o,
});
export const file = (label: string, o: Opts<FileField>): FileField => ({ kind: 'file', label, ...o });
/**
 * The alternative text of image field `of`, stored beside it (`<of>Alt`). Left empty, the site
 * uses the record's title or name; decorative images (backgrounds) have none on purpose.
 */
export const altText = (of: string): TextField => ({ kind: 'text', label: 'Teks Alternatif', max: 250, companion: { of, role: 'alt' }, localized: true });
/** Where the crop of image field `of` stays centred, as CSS object-position ("50% 30%"); empty: the middle. */
export const focalPoint = (of: string): TextField => ({
  kind: 'text',
  label: 'Titik Fokus',
  companion: { of, role: 'focus' },
  pattern: { regex: '^(100|[1-9]?[0-9])% (100|[1-9]?[0-9])%$', message: 'Titik fokus tidak valid (contoh: 50% 30%).' },
});
export const reference = <const D extends string>(label: string, to: string, display: D, o: Omit<Opts<ReferenceField>, 'to' | 'display'> = {}) =>
  ({ kind: 'reference', label, to, display, ...o }) as ReferenceField & { display: D };
export const relation = <const D extends readonly string[]>(label: string, to: string, display: D) =>
  ({ kind: 'relation', label, to, display }) as RelationField & { display: D };
export const password = (label: string, o: Opts<PasswordField> = {}): PasswordField => ({ kind: 'password', label, ...o });
export const timestamp = (label: string, o: Opts<TimestampField> = {}): TimestampField => ({ kind: 'timestamp', label, ...o });
/**
 * The optional publish and unpublish times of a record with a visibility flag, stored as UTC
 * ISO. They bound what the public sees (`publicState`); the scheduled job flips the flag when
 * one is due and clears it, which leaves the record as public as it already was.
 */
export const publishingSchedule = () => ({
  publishAt: timestamp('Terbit pada', { schedule: 'publish' }),
  unpublishAt: timestamp('Berhenti tayang pada', { schedule: 'unpublish', after: 'publishAt' }),
});

/**
 * A date and time staff enter in WIB (an event's), stored as UTC ISO; the site shows it in WIB.
 * Unlike the publishing schedule it changes nothing about who sees the record.
 */
export const eventTime = (label: string, o: Omit<Opts<TimestampField>, 'schedule' | 'defaultNow'> = {}) => timestamp(label, { ...o, schedule: 'event' });

export type ScheduleKind = 'publish' | 'unpublish';

/** The schedule fields of a collection with a visibility flag: [field name, publish|unpublish]. */
export const scheduleFields = (resource: ResourceDefinition): Array<[string, ScheduleKind]> =>
  resource.visibleWhen
    ? Object.entries(resource.fields).flatMap(([name, field]) =>
        field.kind === 'timestamp' && (field.schedule === 'publish' || field.schedule === 'unpublish') ? [[name, field.schedule] as [string, ScheduleKind]] : [],
      )
    : [];

/**
 * What the public sees of a record at `now`. The one rule (the worker's SQL form is
 * `publicCondition` in collections/store.ts): public when its flag is on, no publish time is
 * still to come and no unpublish time has passed. So a record whose publish time is ahead is
 * `scheduled` whatever its flag says (the minute job turns the flag on then), and one whose
 * unpublish time has passed is `ended` while its flag is still on.
 */
export type PublicState = { state: 'public' } | { state: 'hidden' } | { state: 'scheduled'; at: string } | { state: 'ended'; at: string };

export function publicState(resource: ResourceDefinition, record: Record<string, unknown>, now: Date): PublicState {
  if (!resource.visibleWhen) return { state: 'public' };
  const flagOn = record[resource.visibleWhen] === true;
  const time = now.getTime();
  const times = (kind: ScheduleKind) =>
    scheduleFields(resource)
      .filter(([, k]) => k === kind)
      .map(([name]) => record[name])
      .filter((value): value is string => typeof value === 'string' && value !== '');
  const publishAt = times('publish');
  const ended = times('unpublish').find((at) => Date.parse(at) <= time);
  // Due to go up (or already up) and past its end: the job takes it down, if it is not down already.
  if (ended && (flagOn || publishAt.length > 0)) return { state: 'ended', at: ended };
  const ahead = publishAt.find((at) => Date.parse(at) > time) ?? (flagOn ? undefined : publishAt[0]);
  if (ahead) return { state: 'scheduled', at: ahead };
  return { state: flagOn ? 'public' : 'hidden' };
}
