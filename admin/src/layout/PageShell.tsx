import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './PageShell.css';

const GROUP_CRUMB: Record<string, { label: string; to: string } | undefined> = {
  'About Us': { label: 'About Us', to: '/admin/about' },
  Users: { label: 'Users', to: '/admin/users' },
};

/**
 * Breadcrumbs (Dashboard, then the group for about and user screens), title and subtitle. A
 * subtitle still loading (null) keeps its line empty, so the buttons below do not move under a
 * pointer when it arrives.
 */
export function PageShell({ title, subtitle, group, children }: { title: string; subtitle?: string | null; group?: string; children: ReactNode }) {
  const crumb = group ? GROUP_CRUMB[group] : undefined;
  return (
    <section className="page">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to="/admin">Dashboard</Link>
        {crumb && (
          <>
            {' / '}
            <Link to={crumb.to}>{crumb.label}</Link>
          </>
        )}
        {' / '}
        <span aria-current="page">{title}</span>
      </nav>
      <header className="page-header">
        <h1>{title}</h1>
        {subtitle !== undefined && (
          <p className="muted" aria-busy={subtitle === null || undefined}>
            {subtitle ?? '\u00a0'}
          </p>
        )}
      </header>
      {children}
    </section>
  );
}
