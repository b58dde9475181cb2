/** The admin's router: every route, each screen its own chunk. The login page loads it only when it is left. */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { adminQueryClient } from './api/queries.ts';
import { sessionQuery } from './auth/Guard.tsx';
import Login from './auth/Login.tsx';
import { storedUser } from './auth/session.ts';
import LoadFailed from './layout/LoadFailed.tsx';

/**
 * A route whose screen is a chunk of its own, loaded by the router before the route renders:
 * the layout and the screen of an address load side by side, and no Suspense boundary holds a
 * loaded screen back (React delays revealing suspended content by up to 300 ms each time).
 * Tables, charts and the editor stay off the login page.
 */
const chunk = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });
/** The pages reset and invite emails link to, outside the signed-in admin: one chunk. */
const accountPage = (name: 'ForgotPassword' | 'ResetPassword' | 'AcceptInvite') => chunk(async () => ({ default: (await import('./auth/AccountLinkPages.tsx'))[name] }));

const loading = <p className="loading">Memuat...</p>;

// One cache for the signed-in admin and the pages emailed links open.
const queryClient = adminQueryClient();

const router = createBrowserRouter([
  {
    // A screen that fails to load or to render says so, in the admin's language.
    errorElement: <LoadFailed />,
    children: [
      { path: '/login', element: <Login onSignedIn={() => void router.navigate('/admin', { replace: true })} /> },
      { path: '/login/forgot', lazy: accountPage('ForgotPassword'), hydrateFallbackElement: loading },
      { path: '/login/reset', lazy: accountPage('ResetPassword'), hydrateFallbackElement: loading },
      { path: '/login/invite', lazy: accountPage('AcceptInvite'), hydrateFallbackElement: loading },
      {
        path: '/admin',
        // The session check and the layout. The session is asked for while the chunks load, not
        // after them; the check (Guard) then finds the answer or the request on its way.
        lazy: chunk(() => import('./layout/AdminRoot.tsx')),
        loader: () => {
          if (storedUser()) void queryClient.prefetchQuery(sessionQuery);
          return null;
        },
        // Once per visit: a screen's address changing (`?edit=`) asks for nothing again.
        shouldRevalidate: () => false,
        hydrateFallbackElement: loading,
        children: [
          { index: true, lazy: chunk(() => import('./screens/Dashboard.tsx')) },
          { path: 'newsletter', lazy: chunk(() => import('./screens/Newsletter.tsx')) },
          { path: 'file-manager', lazy: chunk(() => import('./screens/FileManager.tsx')) },
          { path: 'collaborate', lazy: chunk(() => import('./screens/Collaborate.tsx')) },
          { path: 'not-found', lazy: chunk(() => import('./screens/NotFoundLog.tsx')) },
          { path: 'inquiries', lazy: chunk(() => import('./screens/Inquiries.tsx')) },
          { path: 'inquiries/:id', lazy: chunk(() => import('./screens/Inquiries.tsx')) },
          { path: 'personal-data', lazy: chunk(() => import('./screens/PersonalData.tsx')) },
          { path: 'account/devices', lazy: chunk(() => import('./screens/Devices.tsx')) },
          { path: 'security', lazy: chunk(() => import('./screens/Security.tsx')) },
          // A collection's screen by its route (from the definitions, which the login route does not
          // load); unknown admin paths show the dashboard.
          { path: '*', lazy: chunk(() => import('./screens/CollectionRoute.tsx')) },
        ],
      },
      { path: '*', element: <Navigate to="/admin" replace /> },
    ],
  },
]);

export default function AdminApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
