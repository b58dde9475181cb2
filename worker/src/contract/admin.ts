/**
 * How a collection appears in the back-office, declared on its definition: its route, sidebar
 * group, table columns, form layout and the texts particular to its screen. A column names a
 * field and writes only what differs from that field: its label comes from the field, its cell
 * from the field's kind.
 */
import type { Locale } from './locales.ts';

export type Dialect = 'id' | 'en';

/** Failure texts particular to one screen. */
export interface ScreenErrors {
  /** The limit named when FILE_TOO_LARGE comes without one (hero: 10MB). */
  fileLimit?: string;
  /** The limit named for a 413 answer (SEO, users, vision & mission, values: 10MB). */
  payloadLimit?: string;
  /** Replaces "Terjadi kesalahan: " before the server's message (vision & mission, values). */
  savePrefix?: string;
  /** The network text of screens that have their own (vision). */
  network?: string;
  /** Delete failures give the reason, "Gagal menghapus data" when none came (history, vision, values, team). */
  deleteReason?: boolean;
}

export type Cell =
  | { as: 'image' }
  | { as: 'text'; truncate?: number; fallback?: string; expand?: 'toggle' | 'popup' }
  /** `toggle`: the badge is a button that flips the flag in place (gallery status). */
  | { as: 'flag'; yes: string; no: string; toggle?: boolean }
  /** A choice shown with its definition's labels (Kiri/Kanan), else as stored. */
  | { as: 'choice' }
  /** `time`: with the hour, in WIB (an event's time). */
  | { as: 'date'; locale?: 'id-ID' | 'en-US'; time?: boolean }
  | { as: 'list'; show: number; more: (n: number) => string; key?: string; format?: (item: Record<string, unknown>) => string }
  | { as: 'link'; kind: 'url' | 'email' }
  | { as: 'reference'; empty: string }
  | { as: 'social'; links: Record<string, string> }
  /** The publish/unpublish times of a scheduled record, in WIB. */
  | { as: 'schedule' }
  /** Where the record's translation into `locale` stands (`_translations`). */
  | { as: 'translation'; locale: Locale };

/** A table column as the admin shows it. */
export interface Column {
  field: string;
  label: string;
  cell: Cell;
}

/** The creation date every record has, though no definition lists it as a field. */
export const CREATED_AT = 'createdAt';

/** A column by field name, or with what differs from the field (label, cell). */
export type ColumnSpec<N extends string = string> = N | typeof CREATED_AT | { field: N | typeof CREATED_AT; label?: string; cell?: Cell };

/** A figure shown as a card above a list: all records, or those whose field has one value. */
export interface CountCard<N extends string = string> {
  label: string;
  where?: { field: N; value: string };
}

/** A row button that sets one field to a value (Activate, Unsubscribe); disabled while the row has that value. */
export interface SetAction<N extends string = string> {
  label: string;
  field: N;
  value: string;
}

/** Tools beside a list's search: CSV export of what the list shows, CSV import (`path/export`, `path/import`). */
export type ListWidget = 'csv-export' | 'csv-import';

/** Texts of a list that differ from the generic Indonesian ones. */
export interface ListTexts {
  /** Names the search box ("Cari email"); the placeholder adds "...". */
  search?: string;
  /** Shown when the search or a filter matches nothing. */
  noMatch?: string;
  /** Heading of the actions column ("Action" unless said). */
  actions?: string;
  /** The delete button ("Hapus" unless said). */
  delete?: string;
  /** Alerts of the row buttons; a failure text is followed by the server's reason when it gives one. */
  updated?: string;
  updateFailed?: string;
  deleted?: string;
  deleteFailed?: string;
}

/** Rows per page of a list that does not say otherwise. */
export const LIST_PAGE_SIZE = 20;

export type SidebarGroup = 'Konten' | 'About Us' | 'Users' | 'Sistem';

export interface AdminScreen<N extends string = string> {
  /** Under /admin/. */
  route: string;
  /** Other addresses under /admin/ that lead to the screen (the plural people type). */
  aliases?: string[];
  /** Heading of the screen and its sidebar link. */
  title: string;
  group: SidebarGroup;
  /** A dashboard link to the screen with this text, for those who may add records (read them, when records are added elsewhere). */
  shortcut?: string;
  /** Its place in the sidebar within its group, ascending. */
  order: number;
  columns: ColumnSpec<N>[];
  /** How the slug follows the title: generated while adding, or on every title change. */
  slug?: 'while-adding' | 'follows-title';
  /** The slug can be edited only when editing (vision, our work) or only when adding (bio core). */
  slugEditable?: 'edit' | 'add';
  dialect?: Dialect;
  /** Success texts of screens that have their own (gallery). */
  success?: { create: string; update: string };
  errors?: ScreenErrors;
  deleteConfirm?: string;
  empty?: string;
  /** Form fields grouped under headings; fields not named stay in one group first. */
  sections?: Array<{ title: string; fields: N[] }>;
  /** Links chosen from a dropdown with search (categories) instead of checkboxes (permissions). */
  dropdowns?: N[];
  /** Permission links chosen by module with presets (roles, users) instead of checkboxes. */
  permissionPickers?: N[];
  /** Rich-text fields edited with the light editor (headings 1-3, 300 px). */
  lightEditor?: N[];
  /** A load failure shown with a retry (Users); other lists show an empty list. */
  loadError?: { failed: string; unreachable: string };
  /** A loading skeleton of table rows instead of the loading line (Gallery). */
  skeletonRows?: number;
  /** Rows per page; the API pages the list (LIST_PAGE_SIZE unless said). */
  pageSize?: number;
  /** Choice or flag fields the list can be narrowed by, each a select beside the search. */
  filters?: N[];
  counts?: CountCard<N>[];
  /** Records are added elsewhere (the public sign-up): no add button and no form. */
  readOnly?: boolean;
  setActions?: SetAction<N>[];
  widgets?: ListWidget[];
  texts?: ListTexts;
  /** The permissions a record gives (a role's): saving a set that opens no admin page asks first. */
  accessField?: N;
  /** Fields the form leaves out because their owner sets them elsewhere (a user's password: by invite or reset link). */
  formOmits?: N[];
  /** Records arrive by invite (users): the invite panel takes the add button's place. */
  addedByInvite?: boolean;
  /** Buttons on each row that post to the API (`:id` is the record's id), for those holding the module's `update`. */
  rowCommands?: RowCommand[];
}

export interface RowCommand {
  label: string;
  /** Under /api, e.g. `/sessions/of/:id/end`. */
  path: string;
  /** Asked before posting; `{title}` is the record's title. */
  confirm: string;
}

/** Cells several screens share. */
export const truncated = (truncate: number): Cell => ({ as: 'text', truncate });
export const PUBLISHED: Cell = { as: 'flag', yes: 'Published', no: 'Draft' };
export const SYSTEM_OR_CUSTOM: Cell = { as: 'flag', yes: 'System', no: 'Custom' };
export const ACTIVE_TOGGLE: Cell = { as: 'flag', yes: 'Active', no: 'Inactive', toggle: true };
