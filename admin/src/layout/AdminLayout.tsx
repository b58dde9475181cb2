import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { sendJson } from '../api/client.ts';
import { useSessionUser } from '../auth/Guard.tsx';
import { forget } from '../auth/session.ts';
import { SCREENS } from '../screens/screens.ts';

const GROUPS = [
  { title: 'Konten', links: [...SCREENS.filter((s) => s.group === 'Konten').map((s) => ({ to: s.route, label: s.title })), { to: 'collaborate', label: 'Collaborate' }] },
  { title: 'About Us', links: SCREENS.filter((s) => s.group === 'About Us').map((s) => ({ to: s.route, label: s.title })) },
  { title: 'Users', links: SCREENS.filter((s) => s.group === 'Users').map((s) => ({ to: s.route, label: s.title })) },
  {
    title: 'Sistem',
    links: [
      { to: 'file-manager', label: 'File Manager' },
      ...SCREENS.filter((s) => s.group === 'Sistem').map((s) => ({ to: s.route, label: s.title })),
      { to: 'newsletter', label: 'Newsletter' },
      { to: 'not-found', label: 'Halaman 404' },
    ],
  },
];

export default function AdminLayout() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [closed, setClosed] = useState<string[]>([]);

  async function logout() {
    // The server session ends if it can; locally the user is signed out either way.
    await sendJson('POST', '/auth/logout').catch(() => undefined);
    forget();
    client.clear();
    navigate('/login', { replace: true });
  }

  return (
    <div className={`admin ${sidebarOpen ? 'sidebar-open' : ''}`}>
      <header className="topbar">
        <button type="button" className="sidebar-toggle" aria-expanded={sidebarOpen} aria-controls="sidebar" onClick={() => setSidebarOpen(!sidebarOpen)}>
          Menu
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
        <button type="button" onClick={logout}>
          Logout
        </button>
      </header>
      <nav id="sidebar" className="sidebar" aria-label="Admin">
        <NavLink to="/admin" end>
          Dashboard
        </NavLink>
        {GROUPS.map((group) => {
          const open = !closed.includes(group.title);
          return (
            <div key={group.title} className="nav-group">
              <button type="button" aria-expanded={open} onClick={() => setClosed(open ? [...closed, group.title] : closed.filter((t) => t !== group.title))}>
                {group.title}
              </button>
              {open &&
                group.links.map((link) => (
                  <NavLink key={link.to} to={`/admin/${link.to}`} onClick={() => setSidebarOpen(false)}>
                    {link.label}
                  </NavLink>
                ))}
            </div>
          );
        })}
      </nav>
      <main className="content">
        <Suspense fallback={<p className="loading">Memuat...</p>}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
