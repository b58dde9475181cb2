/**
 * Every page of the back-office with the permission module that opens it, in the sidebar's
 * order: the collection screens from their definitions, and the pages of their own beside them.
 * The menu, the landing page and the "no permission" message read this list.
 */
import { mayRead, resources, seesDashboard, type PermissionModule, type SidebarGroup } from '@cms/worker/contract';
import { SCREENS } from './screens.ts';

export interface AdminPage {
  /** Under /admin/. */
  route: string;
  aliases: string[];
  /** Its sidebar link. */
  title: string;
  group: SidebarGroup;
  /** Its `read` or `list` permission opens the page. */
  module: PermissionModule;
}

const screensOf = (group: SidebarGroup): AdminPage[] =>
  SCREENS.filter((screen) => screen.group === group).map((screen) => ({ route: screen.route, aliases: screen.aliases ?? [], title: screen.title, group, module: resources[screen.resource].path }));

const page = (route: string, title: string, group: SidebarGroup, module: PermissionModule): AdminPage => ({ route, aliases: [], title, group, module });

export const ADMIN_PAGES: AdminPage[] = [
  ...screensOf('Konten'),
  page('collaborate', 'Collaborate', 'Konten', 'settings'),
  ...screensOf('About Us'),
  ...screensOf('Users'),
  page('file-manager', 'File Manager', 'Sistem', 'files'),
  ...screensOf('Sistem'),
  page('newsletter', 'Newsletter', 'Sistem', 'newsletter'),
  page('not-found', 'Halaman 404', 'Sistem', 'redirect'),
];

/** The page at an address under /admin/ (its route or one of its aliases). */
export const pageAt = (route: string) => ADMIN_PAGES.find((candidate) => candidate.route === route || candidate.aliases.includes(route));

/** The pages someone holding these permissions can open, in the sidebar's order. */
export const openablePages = (permissions: readonly string[]) => ADMIN_PAGES.filter((candidate) => mayRead(permissions, candidate.module));

/** Whether these permissions open anything in the admin: the dashboard or a page. */
export const opensAnything = (permissions: readonly string[]) => seesDashboard(permissions) || openablePages(permissions).length > 0;
