import { seesDashboard } from '@cms/worker/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { sendJson } from '../api/client.ts';
import { NO_PAGE } from '../api/messages.ts';
import { useAccess } from '../auth/access.ts';
import { useSessionUser } from '../auth/Guard.tsx';
import { forget } from '../auth/session.ts';
import { openablePages, pageAt, type AdminPage } from '../screens/pages.ts';
import CommandPalette from '../widgets/CommandPalette.tsx';
import { LeaveGuardProvider, useLeaveGuard } from '../widgets/useUnsavedChanges.tsx';
import { NoPermissionPage } from './NoPermission.tsx';
import './AdminLayout.css';

/** The pages a user can open, under their sidebar groups in order; a group with none is left out. */
function menuGroups(pages: AdminPage[]) {
  const groups: Array<{ title: string; links: AdminPage[] }> = [];
  for (const page of pages) {
    const group = groups.find((candidate) => candidate.title === page.group);
    if (group) group.links.push(page);
    else groups.push({ title: page.group, links: [page] });
  }
  return groups;
}

/**
 * What the address shows: a page the user may open; its "no permission" message otherwise; for
 * /admin and unknown addresses the dashboard, or the first page they may open when no part of
 * the dashboard is theirs.
 */
/** Pages about the signed-in user's own account: open to everyone, whatever their permissions. */
const OWN_ACCOUNT_ROUTES = new Set(['security', 'account/devices']);

function Content() {
  const access = useAccess();
  const firstPage = openablePages(access.permissions)[0];
  const route = useLocation()
    .pathname.replace(/^\/admin\/?/, '')
    .replace(/\/+$/, '');
  if (OWN_ACCOUNT_ROUTES.has(route)) return <Outlet />;
  const page = pageAt(route);
  if (page && page.route !== route) return <Navigate to={`/admin/${page.route}`} replace />;
  if (page) return access.mayRead(page.module) ? <Outlet /> : <NoPermissionPage title={page.title} group={page.group} />;
  if (seesDashboard(access.permissions)) return <Outlet />;
  if (firstPage) return <Navigate to={`/admin/${firstPage.route}`} replace />;
  return <NoPermissionPage title="Dashboard" text={NO_PAGE} home={false} />;
}

/** Signs out after asking about unsaved changes; the admin's data is dropped once it has closed. */
function LogoutButton() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const guard = useLeaveGuard();
  async function logout() {
    if (!(await guard.confirmLeave())) return;
    guard.startSigningOut();
    // The server session ends if it can; locally the user is signed out either way.
    await sendJson('POST', '/auth/logout').catch(() => undefined);
    forget();
    // Cleared after the admin has closed: its open queries would otherwise load again, signed out.
    await navigate('/login', { replace: true });
    client.clear();
  }
  return (
    <button type="button" onClick={() => void logout()}>
      Logout
    </button>
  );
}

export default function AdminLayout() {
  const user = useSessionUser();
  const navigation = useNavigation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [closed, setClosed] = useState<string[]>([]);
  const pages = openablePages(user.permissions);
  const [searching, setSearching] = useState(false);
  // Ctrl+K (Cmd+K on a Mac) opens the search from anywhere in the admin, the browser's own use of it aside.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setSearching(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <LeaveGuardProvider>
      <div className={`admin ${sidebarOpen ? 'sidebar-open' : ''}`}>
        {/* Past the top bar and some thirty menu links, for keyboard and screen-reader users. */}
        <a
          className="skip-link"
          href="#content"
          onClick={(event) => {
            event.preventDefault();
            document.getElementById('content')?.focus();
          }}
        >
          Langsung ke isi
        </a>
        <header className="topbar">
          <button type="button" className="sidebar-toggle" aria-expanded={sidebarOpen} aria-controls="sidebar" onClick={() => setSidebarOpen(!sidebarOpen)}>
            Menu
          </button>
          <button type="button" className="search-button" aria-keyshortcuts="Control+K" onClick={() => setSearching(true)}>
            Cari <kbd>Ctrl+K</kbd>
          </button>
          <a href="/" target="_blank" rel="noopener">
            <span className="topbar-long">Lihat </span>Website
          </a>
          <span className="welcome">
            <span className="initial" aria-hidden="true">
              {user.username.charAt(0).toUpperCase()}
            </span>
            <span className="welcome-name">
              <span className="welcome-greeting">Selamat datang, </span>
              {user.username}
            </span>
          </span>
          <NavLink to="/admin/account/devices">Perangkat yang masuk</NavLink>
          <NavLink to="/admin/security">Keamanan</NavLink>
          <LogoutButton />
        </header>
        <nav id="sidebar" className="sidebar" aria-label="Admin">
          {seesDashboard(user.permissions) && (
            <NavLink to="/admin" end onClick={() => setSidebarOpen(false)}>
              Dashboard
            </NavLink>
          )}
          {menuGroups(pages).map((group) => {
            const open = !closed.includes(group.title);
            return (
              <div key={group.title} className="nav-group">
                <button type="button" aria-expanded={open} onClick={() => setClosed(open ? [...closed, group.title] : closed.filter((t) => t !== group.title))}>
                  {group.title}
                </button>
                {open &&
                  group.links.map((link) => (
                    <NavLink key={link.route} to={`/admin/${link.route}`} onClick={() => setSidebarOpen(false)}>
                      {link.title}
                    </NavLink>
                  ))}
              </div>
            );
          })}
        </nav>
        {/* While the next screen's chunk loads, the current one stays, dimmed. */}
        <main id="content" tabIndex={-1} className="content" aria-busy={navigation.state === 'loading' || undefined}>
          <Content />
        </main>
        <CommandPalette open={searching} onClose={() => setSearching(false)} />
      </div>
    </LeaveGuardProvider>
  );
}
