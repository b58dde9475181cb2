import { describe, expect, it } from 'vitest';
import { ADMIN_PAGES } from './pages.ts';

const titlesOf = (group: string) => ADMIN_PAGES.filter((page) => page.group === group).map((page) => page.title);

describe('the pages read from the definitions', () => {
  it('lists each group in the order its screens declare, with the pages of their own in place', () => {
    expect(titlesOf('Konten')).toEqual([
      'Manage Hero Section', 'Manage Vision', 'Manage Impact', 'Kelola Partners', 'Manage Category', 'Manage Our Work', 'Our Impact', 'Agenda', 'Bio Core', 'SEO Management', 'Collaborate', 'Pesan Masuk',
    ]);
    expect(titlesOf('About Us')).toEqual(['Gallery Management', 'History', 'Vision & Mission', 'Values', 'Team']);
    expect(titlesOf('Users')).toEqual(['Kelola Users', 'Role', 'Permission (Hak Akses)', 'Data Pribadi']);
    expect(titlesOf('Sistem')).toEqual(['File Manager', 'Email Subscribers', 'Redirects', 'Newsletter', 'Halaman 404']);
  });

  it('offers the dashboard shortcuts the screens declare, in the sidebar order, reading subscribers rather than adding them', () => {
    const shortcuts = ADMIN_PAGES.flatMap((page) => (page.shortcut ? [[page.shortcut.label, page.route, page.shortcut.needs]] : []));
    expect(shortcuts).toEqual([
      ['Tulis Vision', 'vision', 'create'],
      ['Tambah Our Work', 'our-work', 'create'],
      ['Tulis artikel Bio Core', 'bio-core', 'create'],
      ['Lihat pesan masuk', 'inquiries', 'read'],
      ['Upload file', 'file-manager', 'create'],
      ['Lihat subscribers', 'subscribe', 'read'],
    ]);
  });
});
