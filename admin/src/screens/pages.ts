/**
 * Every page of the back-office with the permission module that opens it, in the sidebar's
 * order: the collection screens from their definitions, and the pages of their own beside them.
 * The menu, the landing page and the "no permission" message read this list.
 */
import { mayRead, resources, seesDashboard, type PermissionModule, type ResourceDefinition, type ResourceKey, type SidebarGroup } from '@cms/worker/contract';

export interface AdminPage {
  /** Under /admin/. */
  route: string;
  aliases: string[];
  /** Its sidebar link. */
  title: string;
  group: SidebarGroup;
  /** Its `read` or `list` permission opens the page. */
  module: PermissionModule;
  /** A dashboard link to the page, offered to those holding the module's permission for `needs`. */
  shortcut?: { label: string; needs: 'create' | 'read' };
}

/** The collections with a screen, in their sidebar order (read from the definitions, not the screens, which load the form inputs). */
const COLLECTION_SCREENS = (Object.keys(resources) as ResourceKey[])
  .flatMap((key) => {
    const resource: ResourceDefinition = resources[key];
    return resource.admin ? [{ admin: resource.admin, module: resources[key].path }] : [];
  })
  .sort((a, b) => a.admin.order - b.admin.order);

const screensOf = (group: SidebarGroup): AdminPage[] =>
  COLLECTION_SCREENS.filter(({ admin }) => admin.group === group).map(({ admin, module }) => ({
    route: admin.route,
    aliases: admin.aliases ?? [],
    title: admin.title,
    group,
    module,
    // Where records are added elsewhere (subscribers), the shortcut is for reading them.
    ...(admin.shortcut && { shortcut: { label: admin.shortcut, needs: admin.readOnly ? 'read' : 'create' } }),
  }));

const page = (route: string, title: string, group: SidebarGroup, module: PermissionModule, shortcut?: AdminPage['shortcut']): AdminPage => ({ route, aliases: [], title, group, module, ...(shortcut && { shortcut }) });

export const ADMIN_PAGES: AdminPage[] = [
  ...screensOf('Konten'),
  page('collaborate', 'Collaborate', 'Konten', 'settings'),
  page('inquiries', 'Pesan Masuk', 'Konten', 'inquiry', { label: 'Lihat pesan masuk', needs: 'read' }),
  ...screensOf('About Us'),
  ...screensOf('Users'),
  page('personal-data', 'Data Pribadi', 'Users', 'privacy'),
  page('file-manager', 'File Manager', 'Sistem', 'files', { label: 'Upload file', needs: 'create' }),
  ...screensOf('Sistem'),
  page('newsletter', 'Newsletter', 'Sistem', 'newsletter'),
  page('not-found', 'Halaman 404', 'Sistem', 'redirect'),
];

/** The collection screen of the API path `path` (hero-section: Manage Hero Section). */
export const collectionPageOf = (path: string) => COLLECTION_SCREENS.find(({ module }) => module === path)?.admin;

/** The page at an address under /admin/ (its route or one of its aliases). */
export const pageAt = (route: string) => ADMIN_PAGES.find((candidate) => candidate.route === route || candidate.aliases.includes(route));

/** The pages someone holding these permissions can open, in the sidebar's order. */
export const openablePages = (permissions: readonly string[]) => ADMIN_PAGES.filter((candidate) => mayRead(permissions, candidate.module));

/** Whether these permissions open anything in the admin: the dashboard or a page. */
export const opensAnything = (permissions: readonly string[]) => seesDashboard(permissions) || openablePages(permissions).length > 0;
