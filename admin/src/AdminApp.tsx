/** The admin's router: every route, each screen its own chunk. The login page loads it only when it is left. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import Login from './auth/Login.tsx';

// The signed-in part (session check, layout) and each screen load where they are used: tables, charts and the editor stay off the login page.
const AdminRoot = lazy(() => import('./layout/AdminRoot.tsx'));
const Dashboard = lazy(() => import('./screens/Dashboard.tsx'));
// The collection screens come from the definitions, which the login route does not load.
const CollectionRoute = lazy(() => import('./screens/CollectionRoute.tsx'));
const Newsletter = lazy(() => import('./screens/Newsletter.tsx'));
const FileManager = lazy(() => import('./screens/FileManager.tsx'));
const Collaborate = lazy(() => import('./screens/Collaborate.tsx'));
const NotFoundLog = lazy(() => import('./screens/NotFoundLog.tsx'));
const Inquiries = lazy(() => import('./screens/Inquiries.tsx'));
const PersonalData = lazy(() => import('./screens/PersonalData.tsx'));
const Devices = lazy(() => import('./screens/Devices.tsx'));
const Security = lazy(() => import('./screens/Security.tsx'));
// The pages reset and invite emails link to, outside the signed-in admin.
const ForgotPassword = lazy(() => import('./auth/AccountLinkPages.tsx').then((module) => ({ default: module.ForgotPassword })));
const ResetPassword = lazy(() => import('./auth/AccountLinkPages.tsx').then((module) => ({ default: module.ResetPassword })));
const AcceptInvite = lazy(() => import('./auth/AccountLinkPages.tsx').then((module) => ({ default: module.AcceptInvite })));

const loading = <p className="loading">Memuat...</p>;

// No retries here: the API client already retries dropped connections, and an answered error stays an error.
// One cache for the signed-in admin and the pages emailed links open.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

const router = createBrowserRouter([
  { path: '/login', element: <Login onSignedIn={() => void router.navigate('/admin', { replace: true })} /> },
  { path: '/login/forgot', element: <ForgotPassword /> },
  { path: '/login/reset', element: <ResetPassword /> },
  { path: '/login/invite', element: <AcceptInvite /> },
  {
    path: '/admin',
    element: (
      <Suspense fallback={loading}>
        <AdminRoot />
      </Suspense>
    ),
    children: [
      { index: true, element: <Dashboard /> },
      { path: 'newsletter', element: <Newsletter /> },
      { path: 'file-manager', element: <FileManager /> },
      { path: 'collaborate', element: <Collaborate /> },
      { path: 'not-found', element: <NotFoundLog /> },
      { path: 'inquiries', element: <Inquiries /> },
      { path: 'inquiries/:id', element: <Inquiries /> },
      { path: 'personal-data', element: <PersonalData /> },
      { path: 'account/devices', element: <Devices /> },
      { path: 'security', element: <Security /> },
      // A collection's screen by its route; unknown admin paths show the dashboard.
      { path: '*', element: <CollectionRoute /> },
    ],
  },
  { path: '*', element: <Navigate to="/admin" replace /> },
]);

export default function AdminApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={loading}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}
