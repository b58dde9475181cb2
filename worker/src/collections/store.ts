/**
 * Reading and writing one collection, from its resource definition: filters, sort, search,
 * pagination, slug look-ups, and the expansion of references and link tables into the
 * { _id, ... } objects the clients read.
 */
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, isNull, lte, max, ne, not, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { ignoresCase, scheduleFields, type Field, type ResourceDefinition } from '../contract/fields.ts';
import { DEFAULT_PAGE_SIZE } from '../contract/limits.ts';
import { sortRule, type ListSort } from '../contract/list-sort.ts';
import { DEFAULT_LOCALE, TRANSLATIONS, type Locale } from '../contract/locales.ts';
import { readingMinutes } from '../contract/reading.ts';
import { resources, type ResourceKey } from '../contract/resources.ts';
import { isTranslatable, localizedFields, translated, type StoredTranslation, type TranslationStatus } from '../contract/translation.ts';
import { chunk, MAX_BOUND_PARAMETERS, newId, now, type Database } from '../db/client.ts';
import { containsText } from '../db/text-match.ts';
import { collections, links, resourceByPath, translations, type AnyTable } from '../db/schema.ts';
import { changedInLocale, hasPublishedTranslation, joinPublished, publishedTranslatedText, linkedTranslations, linkedTranslationsTable, publishedTranslationJson, translatedSlugIs, translatedText, translationStatus } from './translations.ts';

export type Row = Record<string, unknown>;

/** A time in a statement: an ISO string, or the `now` placeholder of a statement prepared once and run many times. */
type Instant = string | Placeholder;
const NOW = sql.placeholder('now');

/** What a prepared read needs from drizzle's prepared query. */
interface PreparedRead {
  all(values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * The statements of plain reads (no filter, no search), built once per D1 binding: building a
 * statement with its visibility rule and expanded links costs more CPU than running it.
 */
const preparedReads = new WeakMap<object, Map<string, PreparedRead>>();

/** Result columns `selectExpanded` adds: a link field's expansion as JSON, the count before paging. */
const EXPANDED = '__expanded_';
const TOTAL = '__total';
/** Result columns of a read in another language: the translation's slug and values; staff lists' translation states. */
const TRANSLATION = '__translation';
const STATUS = '__status_';
export type ApiRecord = Record<string, unknown> & { _id: string };

export interface ListQuery {
  /** Only records visible to the public. */
  visibleOnly: boolean;
  /** Only records the public sees now (true) or does not (false): `?published=` / `?active=`. */
  visible?: boolean;
  /** Equality filters on boolean or choice fields. */
  where: Record<string, boolean | string>;
  search?: string;
  /** Only records changed after this instant (ISO 8601), for builds that read what changed. */
  updatedAfter?: string;
  /** Staff: only records whose translation into `locale` stands in one of these states. */
  translation?: { locale: Locale; statuses: readonly TranslationStatus[] };
  /** Ordered by this field first, then in the collection's own order. */
  sort?: ListSort;
  limit?: number;
  page?: number;
}

const keyOfPath = (path: string) => (Object.keys(resources) as ResourceKey[]).find((k) => resources[k].path === path)!;

/**
 * What the public sees, as SQL (the rule is `publicState` in contract/fields.ts): the flag is on,
 * no publish time is still ahead, no unpublish time has passed. Undefined: every record is public.
 */
export function publicCondition(key: ResourceKey, now: Date | Instant): SQL | undefined {
  const resource: ResourceDefinition = resources[key];
  if (!resource.visibleWhen) return undefined;
  const columns = getTableColumns(collections[key] as unknown as AnyTable);
  const at = now instanceof Date ? now.toISOString() : now;
  return and(
    eq(columns[resource.visibleWhen]!, true),
    ...scheduleFields(resource).map(([name, kind]) => or(isNull(columns[name]!), kind === 'publish' ? lte(columns[name]!, at) : gt(columns[name]!, at))),
  );
}

/**
 * The latest schedule time of the table that has passed by `now`, per schedule field: it changes
 * when a record comes up or goes down by its schedule, before any write records that.
 */
const passedSchedule = (resource: ResourceDefinition, table: AnyTable, now: Date) =>
  Object.fromEntries(
    scheduleFields(resource).map(([name]) => {
      const column = getTableColumns(table)[name]!;
      return [name, sql<string | null>`max(case when ${column} <= ${now.toISOString()} then ${column} end)`];
    }),
  );

/** The language of a read of collection `key`, when it is not the default one and the collection has text to translate. */
const translatedLocale = (key: ResourceKey, locale: Locale) => (locale !== DEFAULT_LOCALE && isTranslatable(resources[key]) ? locale : undefined);

export class CollectionStore {
  readonly resource: ResourceDefinition;
  readonly table: AnyTable;
  private readonly columns: ReturnType<typeof getTableColumns<AnyTable>>;
  private readonly db: Database;
  readonly key: ResourceKey;
  /**
   * Reads in this language: only records with a published translation into it, their localized
   * fields from it. Undefined for the default language and for collections with nothing to translate.
   */
  private readonly locale: Locale | undefined;

  constructor(db: Database, key: ResourceKey, locale: Locale = DEFAULT_LOCALE) {
    this.db = db;
    this.key = key;
    this.resource = resources[key];
    this.table = collections[key] as unknown as AnyTable;
    this.columns = getTableColumns(this.table);
    this.locale = translatedLocale(key, locale);
  }

  column(name: string) {
    const column = this.columns[name];
    if (!column) throw new Error(`${this.resource.path} has no column ${name}`);
    return column;
  }

  /** The record's last change as this read's language sees it (its translation's save counts). */
  private changedAt(): SQL<string> {
    const updatedAt = this.column('updatedAt');
    return this.locale ? changedInLocale(this.resource.path, this.column('id'), updatedAt, this.locale) : sql<string>`${updatedAt}`;
  }

  private fieldsOf<K extends Field['kind']>(kind: K) {
    return Object.entries(this.resource.fields).filter((entry): entry is [string, Extract<Field, { kind: K }>] => entry[1].kind === kind);
  }

  /** What a search matches when the definition names nothing: the words people type (text and slug fields). */
  private textFields() {
    return Object.entries(this.resource.fields)
      .filter(([, field]) => field.kind === 'slug' || (field.kind === 'text' && (field.format === undefined || field.format === 'multiline' || field.format === 'email' || field.format === 'url')))
      .map(([name]) => name);
  }

  private conditions(query: Omit<ListQuery, 'limit' | 'page'>, at: Instant = now()) {
    const conditions: SQL[] = [];
    const visible = publicCondition(this.key, at);
    if (visible && (query.visibleOnly || query.visible === true)) conditions.push(visible);
    if (visible && query.visible === false) conditions.push(not(visible));
    for (const [name, value] of Object.entries(query.where)) conditions.push(eq(this.column(name), value));
    if (query.updatedAfter) conditions.push(gt(this.changedAt(), query.updatedAfter));
    if (this.locale) conditions.push(hasPublishedTranslation(this.resource.path, this.column('id'), this.locale));
    if (query.translation && isTranslatable(this.resource)) {
      conditions.push(inArray(translationStatus(this.resource.path, this.column('id'), query.translation.locale), [...query.translation.statuses]));
    }
    const search = query.search?.trim();
    const searchable = this.resource.searchable ?? this.textFields();
    if (search && searchable.length) {
      const matches = (value: SQL | ReturnType<typeof this.column>) => containsText(value, search);
      const localized = new Set(this.locale ? localizedFields(this.resource).map(([name]) => name) : []);
      const own = searchable.filter((name) => !localized.has(name)).map((name) => matches(this.column(name)));
      const inTranslation = searchable.filter((name) => localized.has(name)).map((name) => matches(translatedText(name, this.resource.fields[name]!.kind === 'slug')));
      if (inTranslation.length) own.push(hasPublishedTranslation(this.resource.path, this.column('id'), this.locale!, or(...inTranslation)));
      conditions.push(or(...own)!);
    }
    return conditions.length ? and(...conditions) : undefined;
  }

  /** The collection's own order, after the field a list asks for; then ids, so equal values keep one order from page to page. */
  private ordering(at: Instant = now(), sort?: ListSort): SQL[] {
    return sort ? [...this.sortedBy(sort), ...this.ownOrdering(at), asc(this.column('id'))] : this.ownOrdering(at);
  }

  private ownOrdering(at: Instant): SQL[] {
    const created = this.column('createdAt');
    const { sort } = this.resource;
    if (sort === 'order') return [asc(this.column('order')), desc(created)];
    if (sort === 'oldest') return [asc(created)];
    if (sort === 'newest') return [desc(created)];
    const time = this.column(sort.field);
    if (sort.order === 'oldest') return [asc(time), desc(created)];
    if (sort.order === 'newest') return [desc(time), desc(created)];
    // Times are UTC ISO text, so text order is time order: those not over yet first (still ahead
    // or, with an end time, under way), soonest first, then the past, latest first.
    const over = sort.until ? sql`coalesce(${this.column(sort.until)}, ${time}) < ${at}` : sql`${time} < ${at}`;
    return [over, sql`case when not ${over} then ${time} end`, desc(time), desc(created)];
  }

  /** A list ordered by one field (`sortRule` says how its values compare); records without a value come last either way. */
  private sortedBy({ field, direction }: ListSort): SQL[] {
    const value = this.sortValue(field);
    const key = sortRule(this.resource, field) === 'words' ? sql`${value} collate nocase` : value;
    return [sql`(${value} is null or ${value} = '')`, direction === 'asc' ? asc(key) : desc(key)];
  }

  /** The value a list is ordered by: as this read's language shows it, a choice by its place among the choices. */
  private sortValue(name: string): SQL {
    if (name === 'updatedAt') return this.changedAt();
    const field = this.resource.fields[name];
    if (field?.kind === 'enum') return sql`case ${this.column(name)} ${sql.join(field.values.map((value, place) => sql`when ${value} then ${place}`), sql` `)} end`;
    if (this.locale && field?.localized) return sql`coalesce(${publishedTranslatedText(this.resource.path, this.column('id'), this.locale, name, field.kind === 'slug')}, '')`;
    return sql`${this.column(name)}`;
  }

  /**
   * One statement: the rows with their links expanded as JSON (only to records the public sees
   * when `publicOnly`) and, when `counted`, the number of rows matching before the page is cut.
   */
  private selectExpanded(where: SQL | undefined, publicOnly: boolean, counted: boolean, at: Instant = now()) {
    const expansions: Record<string, SQL> = {};
    for (const [name, field] of this.fieldsOf('relation')) {
      const link = getTableColumns(links[this.key]![name]!);
      const target = this.target(field.to);
      const visible = publicOnly ? publicCondition(target.key, at) : undefined;
      // Ordered in a subquery rather than by json_group_array(... order by), which needs SQLite 3.44.
      expansions[EXPANDED + name] = sql`(select json_group_array(json(item)) from (select ${target.object(field.display)} as item from ${links[this.key]![name]!} join ${target.table} on ${target.columns.id!} = ${link.targetId}${target.join} where ${and(eq(link.ownerId, this.column('id')), visible)} order by ${link.position}))`;
    }
    for (const [name, field] of this.fieldsOf('reference')) {
      const target = this.target(field.to);
      const visible = publicOnly ? publicCondition(target.key, at) : undefined;
      expansions[EXPANDED + name] = sql`(select ${target.object([field.display])} from ${target.table}${target.join} where ${and(eq(target.columns.id!, this.column(name)), visible)})`;
    }
    if (this.locale) {
      expansions[TRANSLATION] = publishedTranslationJson(this.resource.path, this.column('id'), this.locale);
      expansions.updatedAt = this.changedAt();
    } else if (!publicOnly && isTranslatable(this.resource)) {
      for (const locale of TRANSLATIONS) expansions[STATUS + locale] = translationStatus(this.resource.path, this.column('id'), locale);
    }
    if (counted) expansions[TOTAL] = sql<number>`count(*) over ()`;
    return this.db.select({ ...this.columns, ...expansions }).from(this.table).where(where).$dynamic();
  }

  /**
   * A linked collection as an expansion reads it. In another language, links reach only records
   * translated into it (joined beside them), and their localized display fields come from the translation.
   */
  private target(path: string) {
    const key = keyOfPath(path);
    const table = collections[key] as unknown as AnyTable;
    const columns = getTableColumns(table);
    const locale = this.locale ? translatedLocale(key, this.locale) : undefined;
    const localized = new Map(locale ? localizedFields(resources[key]) : []);
    const valueOf = (name: string) =>
      !localized.has(name) ? sql`${columns[name]!}` : localized.get(name)!.kind === 'slug' ? sql`${linkedTranslations.slug}` : sql`coalesce(json_extract(${linkedTranslations.values}, ${`$.${name}`}), '')`;
    const object = (display: readonly string[]) => sql`json_object('_id', ${columns.id!}${sql.join(display.map((name) => sql`, ${name}, ${valueOf(name)}`))})`;
    const join = locale ? sql` join ${linkedTranslationsTable} on ${joinPublished(path, columns.id!, locale)}` : sql``;
    return { key, table, columns, object, join };
  }

  /** The statement of a plain read of this collection, prepared on first use. */
  private prepared(shape: string, prepare: () => PreparedRead) {
    const client = this.db.$client as object;
    let statements = preparedReads.get(client);
    if (!statements) preparedReads.set(client, (statements = new Map()));
    const key = `${this.key}|${this.locale ?? DEFAULT_LOCALE}|${shape}`;
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = prepare()));
    return statement;
  }

  async list(query: ListQuery) {
    const limit = query.limit ?? (query.page ? DEFAULT_PAGE_SIZE : undefined);
    const offset = query.page && limit ? (query.page - 1) * limit : 0;
    const plain = !query.search?.trim() && !query.updatedAfter && !query.translation && !query.sort && query.visible === undefined && Object.keys(query.where).length === 0;
    const rows = plain
      ? await this.prepared(`list ${query.visibleOnly} ${!!limit}`, () => {
          const select = this.selectExpanded(this.conditions(query, NOW), query.visibleOnly, !!limit, NOW).orderBy(...this.ordering(NOW));
          return (limit ? select.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : select).prepare();
        }).all({ now: now(), limit, offset })
      : await (() => {
          const select = this.selectExpanded(this.conditions(query), query.visibleOnly, !!limit).orderBy(...this.ordering(now(), query.sort));
          return limit ? select.limit(limit).offset(offset) : select;
        })();
    // A page past the end has no row to carry the count.
    const total = !limit ? rows.length : rows.length ? Number(rows[0]![TOTAL]) : ((await this.db.select({ n: count() }).from(this.table).where(this.conditions(query)))[0]?.n ?? 0);
    return { records: this.presentExpanded(rows), total, limit };
  }

  /** Every matching record's id and last change, in list order: how a build learns what was deleted or unpublished. */
  async versions(query: Omit<ListQuery, 'limit' | 'page'>) {
    const rows = await this.db
      .select({ id: this.column('id'), updatedAt: this.changedAt() })
      .from(this.table)
      .where(this.conditions(query))
      .orderBy(...this.ordering(now(), query.sort));
    return rows.map((row) => ({ _id: String(row.id), updatedAt: String(row.updatedAt) }));
  }

  /**
   * A fingerprint of everything a read of this collection can show: the row count, latest
   * change and latest passed schedule time of its table and of the tables its links expand. Any
   * create, update, delete or (un)publish changes it, a publish or unpublish time coming to pass
   * too, and it costs one small aggregate query per table instead of the read.
   */
  async version() {
    const targets = new Set<string>([
      ...this.fieldsOf('relation').map(([, field]) => field.to),
      ...this.fieldsOf('reference').map(([, field]) => field.to),
    ]);
    const read = [this.resource, ...[...targets].map((path) => resourceByPath(path)!)];
    const time = new Date();
    const [first, ...rest] = read.map((resource) => {
      const table = collections[keyOfPath(resource.path)] as unknown as AnyTable;
      return this.db.select({ n: count(), latest: max(getTableColumns(table).updatedAt!), ...passedSchedule(resource, table, time) }).from(table);
    });
    const translated = this.locale ? [this.db.select({ n: count(), latest: max(translations.updatedAt) }).from(translations)] : [];
    const results = await this.db.batch([first!, ...rest, ...translated]);
    return results.map((rows) => Object.values(rows[0] ?? {}).map((value) => value ?? '').join('@')).join('|');
  }

  async count(where: Record<string, boolean | string> = {}) {
    const [row] = await this.db.select({ n: count() }).from(this.table).where(this.conditions({ visibleOnly: false, where }));
    return row?.n ?? 0;
  }

  /** Total records and how many of them the public sees now, in one query. */
  async tally() {
    const condition = publicCondition(this.key, new Date());
    const visible = condition ? sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)` : count();
    const [row] = await this.db.select({ total: count(), visible }).from(this.table);
    return { total: row?.total ?? 0, visible: Number(row?.visible ?? 0) };
  }

  async findRow(field: string, value: string, visibleOnly: boolean): Promise<Row | undefined> {
    const [row] = await this.db
      .select()
      .from(this.table)
      .where(this.conditions({ visibleOnly, where: { [field]: value } }))
      .limit(1);
    return row;
  }

  async find(field: string, value: string, visibleOnly: boolean): Promise<ApiRecord | undefined> {
    const rows = await this.prepared(`find ${field} ${visibleOnly}`, () => {
      const value = sql.placeholder('value');
      // In another language a translated slug is the translation's own.
      const match =
        this.locale && this.resource.fields[field]?.kind === 'slug' && this.resource.fields[field].localized
          ? hasPublishedTranslation(this.resource.path, this.column('id'), this.locale, translatedSlugIs(value))
          : eq(this.column(field), value);
      const where = and(this.conditions({ visibleOnly, where: {} }, NOW), match);
      return this.selectExpanded(where, visibleOnly, false, NOW).limit(1).prepare();
    }).all({ now: now(), value });
    return this.presentExpanded(rows)[0];
  }

  /** Another record already holding `value` in a unique column (in any letter case, if the field ignores case). */
  async taken(field: string, value: string, exceptId?: string) {
    const column = this.column(field);
    const conditions = [ignoresCase(this.resource.fields[field]!) ? sql`lower(${column}) = lower(${value})` : eq(column, value)];
    if (exceptId) conditions.push(ne(this.column('id'), exceptId));
    const [row] = await this.db.select({ id: this.column('id') }).from(this.table).where(and(...conditions)).limit(1);
    return row !== undefined;
  }

  /** Ids among `ids` that exist in the collection at `path`. */
  async existing(path: string, ids: string[]) {
    const table = collections[keyOfPath(path)];
    const found = new Set<string>();
    for (const part of chunk(ids, MAX_BOUND_PARAMETERS - 1)) {
      const rows = await this.db.select({ id: getTableColumns(table).id }).from(table).where(inArray(getTableColumns(table).id, part));
      for (const row of rows) found.add(String(row.id));
    }
    return found;
  }

  // ---- writes, as statements for one atomic batch ----

  insert(values: Row): BatchItem<'sqlite'> {
    const time = now();
    return this.db.insert(this.table).values({ createdAt: time, updatedAt: time, ...values });
  }

  update(id: string, values: Row): BatchItem<'sqlite'> {
    return this.db
      .update(this.table)
      .set({ ...values, updatedAt: now() })
      .where(eq(this.column('id'), id));
  }

  delete(id: string): BatchItem<'sqlite'> {
    return this.db.delete(this.table).where(eq(this.column('id'), id));
  }

  /** Replaces the links of a relation field, chunked under D1's bound-parameter limit. */
  replaceLinks(ownerId: string, field: string, targetIds: string[]): BatchItem<'sqlite'>[] {
    const table = links[this.key]?.[field];
    if (!table) throw new Error(`${this.resource.path}.${field} is not a relation`);
    const columns = getTableColumns(table);
    const rows = targetIds.map((targetId, position) => ({ ownerId, targetId, position }));
    return [
      this.db.delete(table).where(eq(columns.ownerId, ownerId)),
      ...chunk(rows, Math.floor(MAX_BOUND_PARAMETERS / 3)).map((part) => this.db.insert(table).values(part)),
    ];
  }

  newId() {
    return newId();
  }

  // ---- presentation ----

  /**
   * Rows as the API returns them: `_id`, expanded links, no password hashes. For the public
   * (`publicOnly`) links expand only to records the public sees.
   */
  async present(rows: Row[], publicOnly = false): Promise<ApiRecord[]> {
    const ids = rows.map((row) => String(row.id));
    const expanded = new Map<string, Map<string, unknown>>(ids.map((id) => [id, new Map()]));

    for (const [name, field] of this.fieldsOf('relation')) {
      const table = links[this.key]![name]!;
      const columns = getTableColumns(table);
      const linkRows: Row[] = [];
      for (const part of chunk(ids, MAX_BOUND_PARAMETERS - 1)) {
        linkRows.push(...(await this.db.select().from(table).where(inArray(columns.ownerId, part)).orderBy(asc(columns.position))));
      }
      const targets = await this.lookup(field.to, [...new Set(linkRows.map((l) => String(l.targetId)))], field.display, publicOnly);
      for (const id of ids) expanded.get(id)!.set(name, []);
      for (const link of linkRows) {
        const target = targets.get(String(link.targetId));
        if (target) (expanded.get(String(link.ownerId))!.get(name) as unknown[]).push(target);
      }
    }

    for (const [name, field] of this.fieldsOf('reference')) {
      const targets = await this.lookup(field.to, [...new Set(rows.map((r) => r[name]).filter((v): v is string => typeof v === 'string'))], [field.display], publicOnly);
      for (const row of rows) expanded.get(String(row.id))!.set(name, typeof row[name] === 'string' ? (targets.get(row[name]) ?? null) : null);
    }

    return rows.map((row) => this.record(row, expanded.get(String(row.id))!));
  }

  /** Rows read by `selectExpanded`: their links arrive as JSON columns. */
  private presentExpanded(rows: Row[]): ApiRecord[] {
    return rows.map((row) => {
      let stored: Row = {};
      const expanded = new Map<string, unknown>();
      const statuses: Row = {};
      let translation: StoredTranslation | undefined;
      for (const [name, value] of Object.entries(row)) {
        if (name === TOTAL) continue;
        if (name.startsWith(EXPANDED)) expanded.set(name.slice(EXPANDED.length), typeof value === 'string' ? JSON.parse(value) : null);
        else if (name === TRANSLATION) translation = typeof value === 'string' ? (JSON.parse(value) as StoredTranslation) : undefined;
        else if (name.startsWith(STATUS)) statuses[name.slice(STATUS.length)] = value;
        else stored[name] = value;
      }
      if (translation) stored = translated(this.resource, stored, translation);
      if (Object.keys(statuses).length) expanded.set('_translations', statuses);
      return this.record(stored, expanded);
    });
  }

  /** A row as the API returns it, given its expanded links. */
  private record(row: Row, expanded: Map<string, unknown>): ApiRecord {
    const { id, passwordHash: _secret, ...rest } = row;
    const record: ApiRecord = { _id: String(id), ...rest, ...Object.fromEntries(expanded) };
    if (this.resource.snakeCaseTimestamps) Object.assign(record, { create_time: row.createdAt, update_time: row.updatedAt });
    // Reading times left empty are answered computed, so every client shows minutes.
    for (const [name, field] of this.fieldsOf('integer')) {
      if (!field.readingTimeOf) continue;
      const computed = !row[name];
      record[`${name}Computed`] = computed;
      if (computed) record[name] = readingMinutes(String(row[field.readingTimeOf] ?? ''));
    }
    return record;
  }

  private async lookup(path: string, ids: string[], display: readonly string[], publicOnly: boolean) {
    const target = resourceByPath(path)!;
    const table = collections[keyOfPath(target.path)] as unknown as AnyTable;
    const columns = getTableColumns(table);
    const result = new Map<string, ApiRecord>();
    const select = Object.fromEntries([['id', columns.id!], ...display.map((name) => [name, columns[name]!])]);
    const visible = publicOnly ? publicCondition(keyOfPath(target.path), new Date()) : undefined;
    // Room beside the ids for the values of the visibility rule (the flag and each schedule time).
    for (const part of chunk(ids, MAX_BOUND_PARAMETERS - 1 - (visible ? 1 + scheduleFields(target).length : 0))) {
      for (const row of await this.db.select(select).from(table).where(and(inArray(columns.id!, part), visible))) {
        const { id, ...rest } = row;
        result.set(String(id), { _id: String(id), ...rest });
      }
    }
    return result;
  }
}
