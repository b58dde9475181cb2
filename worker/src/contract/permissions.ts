/**
 * What people see of the permission catalogue: each module's name and area, which actions read
 * and which write, the presets a role starts from, and the rule that a module is readable with
 * its `read` or its `list` permission. The worker's catalogue, its checks and the admin's menu
 * and role editor all read these, so a module added to the catalogue appears everywhere.
 */
import { actionsOf, type PermissionAction } from './limits.ts';
import type { PermissionArea, ResourceDefinition } from './fields.ts';
import { PERMISSION_MODULES, resources, type PermissionModule } from './resources.ts';

export type { PermissionArea };

export const PERMISSION_AREAS: Record<PermissionArea, string> = {
  content: 'Konten',
  seo: 'SEO',
  media: 'Media',
  newsletter: 'Newsletter',
  inbox: 'Pesan masuk',
  access: 'Pengguna & akses',
  system: 'Sistem',
};

/** The area and name of each module that is not a collection (a collection declares its area and is named by its title). */
const BACK_OFFICE_MODULES: Record<Exclude<PermissionModule, (typeof resources)[keyof typeof resources]['path']>, { area: PermissionArea; label: string }> = {
  files: { area: 'media', label: 'File' },
  newsletter: { area: 'newsletter', label: 'Newsletter' },
  dashboard: { area: 'system', label: 'Dashboard' },
  settings: { area: 'system', label: 'Pengaturan' },
  rebuild: { area: 'system', label: 'Build situs' },
  audit: { area: 'system', label: 'Log aktivitas' },
  backup: { area: 'system', label: 'Cadangan data' },
  inquiry: { area: 'inbox', label: 'Pesan kolaborasi' },
  privacy: { area: 'access', label: 'Data pribadi' },
};

const moduleInfo = (module: PermissionModule): { area: PermissionArea; label: string } => {
  const resource: ResourceDefinition | undefined = Object.values(resources).find((candidate) => candidate.path === module);
  return resource ? { area: resource.permissionArea ?? 'content', label: resource.title } : BACK_OFFICE_MODULES[module as keyof typeof BACK_OFFICE_MODULES];
};

export interface PermissionModuleEntry {
  module: PermissionModule;
  label: string;
  area: PermissionArea;
}

/** Every module in the catalogue's order, with its name and area. */
export const PERMISSION_MODULE_CATALOG: PermissionModuleEntry[] = PERMISSION_MODULES.map((module) => ({ module, ...moduleInfo(module) }));

/** What the role editor's "Baca" toggle gives: opening a module's screen and its records. */
export const READ_ACTIONS = ['read', 'list'] as const satisfies readonly PermissionAction[];
/** What its "Tulis" toggle gives: adding, changing and deleting records, and answering inquiries. */
export const WRITE_ACTIONS = ['create', 'update', 'delete', 'reply'] as const satisfies readonly PermissionAction[];

export const permissionName = (module: string, action: PermissionAction) => `${module}.${action}`;

/** A module is readable with its `read` or its `list` permission: either opens its screen and its records. */
export const mayRead = (permissions: readonly string[], module: string) => READ_ACTIONS.some((action) => permissions.includes(permissionName(module, action)));

export interface PermissionPreset {
  name: string;
  description: string;
  /** `module.action` of every permission it gives. */
  permissions: string[];
}

/** The named actions of the modules in these areas that have them; every action of theirs without `actions`. */
const grant = (areas: readonly PermissionArea[], actions?: readonly PermissionAction[]) =>
  PERMISSION_MODULE_CATALOG.filter((entry) => areas.includes(entry.area)).flatMap((entry) =>
    actionsOf(entry.module)
      .filter((action) => !actions || actions.includes(action))
      .map((action) => permissionName(entry.module, action)),
  );

const READ_WRITE = [...READ_ACTIONS, ...WRITE_ACTIONS];

/** Starting points of the role editor: choosing one replaces the role's permissions with its own. */
export const PERMISSION_PRESETS: PermissionPreset[] = [
  { name: 'Penulis', description: 'Menulis dan mengubah konten situs.', permissions: grant(['content'], READ_WRITE) },
  { name: 'Editor', description: 'Konten, file, dan SEO (termasuk redirect).', permissions: grant(['content', 'media', 'seo'], READ_WRITE) },
  { name: 'Newsletter', description: 'Newsletter dan subscriber, termasuk mengirim, ekspor dan impor.', permissions: grant(['newsletter']) },
  { name: 'Pesan masuk', description: 'Membaca dan membalas pesan kolaborasi.', permissions: grant(['inbox'], [...READ_ACTIONS, 'update', 'reply']) },
  { name: 'Admin', description: 'Semua izin.', permissions: grant(Object.keys(PERMISSION_AREAS) as PermissionArea[]) },
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
