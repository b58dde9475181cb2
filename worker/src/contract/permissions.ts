/**
 * What people see of the permission catalogue: each module's name and area, which actions read
 * and which write, the presets a role starts from, and the rule that a module is readable with
 * its `read` or its `list` permission. The worker's catalogue, its checks and the admin's menu
 * and role editor all read these, so a module added to the catalogue appears everywhere.
 */
import { PERMISSION_ACTIONS, type PermissionAction } from './limits.ts';
import { PERMISSION_MODULES, resources, type PermissionModule } from './resources.ts';

/** Groups of modules in the role editor; the presets are made of them. */
export type PermissionArea = 'content' | 'seo' | 'media' | 'newsletter' | 'access' | 'system';

export const PERMISSION_AREAS: Record<PermissionArea, string> = {
  content: 'Konten',
  seo: 'SEO',
  media: 'Media',
  newsletter: 'Newsletter',
  access: 'Pengguna & akses',
  system: 'Sistem',
};

/** A module's area, and its name where it is not a collection (a collection is named by its title). */
const MODULE_INFO: Record<PermissionModule, { area: PermissionArea; label?: string }> = {
  'hero-section': { area: 'content' },
  vision: { area: 'content' },
  category: { area: 'content' },
  'our-work': { area: 'content' },
  impact: { area: 'content' },
  partner: { area: 'content' },
  'bio-core': { area: 'content' },
  gallery: { area: 'content' },
  history: { area: 'content' },
  'vision-mission': { area: 'content' },
  values: { area: 'content' },
  team: { area: 'content' },
  'our-impact': { area: 'content' },
  seo: { area: 'seo' },
  redirect: { area: 'seo' },
  files: { area: 'media', label: 'File' },
  newsletter: { area: 'newsletter', label: 'Newsletter' },
  subscribe: { area: 'newsletter' },
  user: { area: 'access' },
  role: { area: 'access' },
  permission: { area: 'access' },
  dashboard: { area: 'system', label: 'Dashboard' },
  settings: { area: 'system', label: 'Pengaturan' },
  rebuild: { area: 'system', label: 'Build situs' },
  audit: { area: 'system', label: 'Log aktivitas' },
  backup: { area: 'system', label: 'Cadangan data' },
};

export interface PermissionModuleEntry {
  module: PermissionModule;
  label: string;
  area: PermissionArea;
}

const collectionTitle = (module: PermissionModule) => Object.values(resources).find((resource) => resource.path === module)?.title ?? module;

/** Every module in the catalogue's order, with its name and area. */
export const PERMISSION_MODULE_CATALOG: PermissionModuleEntry[] = PERMISSION_MODULES.map((module) => ({
  module,
  label: MODULE_INFO[module].label ?? collectionTitle(module),
  area: MODULE_INFO[module].area,
}));

/** What the role editor's "Baca" toggle gives: opening a module's screen and its records. */
export const READ_ACTIONS = ['read', 'list'] as const satisfies readonly PermissionAction[];
/** What its "Tulis" toggle gives: adding, changing and deleting records. */
export const WRITE_ACTIONS = ['create', 'update', 'delete'] as const satisfies readonly PermissionAction[];

export const permissionName = (module: string, action: PermissionAction) => `${module}.${action}`;

/** A module is readable with its `read` or its `list` permission: either opens its screen and its records. */
export const mayRead = (permissions: readonly string[], module: string) => READ_ACTIONS.some((action) => permissions.includes(permissionName(module, action)));

export interface PermissionPreset {
  name: string;
  description: string;
  /** `module.action` of every permission it gives. */
  permissions: string[];
}

const grant = (areas: readonly PermissionArea[], actions: readonly PermissionAction[]) =>
  PERMISSION_MODULE_CATALOG.filter((entry) => areas.includes(entry.area)).flatMap((entry) => actions.map((action) => permissionName(entry.module, action)));

const READ_WRITE = [...READ_ACTIONS, ...WRITE_ACTIONS];

/** Starting points of the role editor: choosing one replaces the role's permissions with its own. */
export const PERMISSION_PRESETS: PermissionPreset[] = [
  { name: 'Penulis', description: 'Menulis dan mengubah konten situs.', permissions: grant(['content'], READ_WRITE) },
  { name: 'Editor', description: 'Konten, file, dan SEO (termasuk redirect).', permissions: grant(['content', 'media', 'seo'], READ_WRITE) },
  { name: 'Newsletter', description: 'Newsletter dan subscriber, termasuk mengirim, ekspor dan impor.', permissions: grant(['newsletter'], PERMISSION_ACTIONS) },
  { name: 'Admin', description: 'Semua izin.', permissions: grant(Object.keys(PERMISSION_AREAS) as PermissionArea[], PERMISSION_ACTIONS) },
];

/**
 * The dashboard's parts beside its content figures, and the module a caller must be able to
 * read for each. The content figures show each public collection the caller may read; recent
 * activity shows changes to modules the caller may read (everything, logins too, with `audit`).
 */
export const DASHBOARD_SECTIONS = {
  users: 'user',
  subscribers: 'subscribe',
  lastBuild: 'rebuild',
  lastBackup: 'backup',
  system: 'dashboard',
} as const satisfies Record<string, PermissionModule>;

/** Modules whose figures the dashboard can show: the public collections and its sections'. */
export const DASHBOARD_MODULES: PermissionModule[] = [
  ...Object.values(resources)
    .filter((resource) => resource.public)
    .map((resource) => resource.path),
  ...Object.values(DASHBOARD_SECTIONS),
];

/** Whether the dashboard has anything to show to someone holding these permissions. */
export const seesDashboard = (permissions: readonly string[]) => DASHBOARD_MODULES.some((module) => mayRead(permissions, module));
