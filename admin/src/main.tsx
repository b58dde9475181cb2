import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Guard } from './auth/Guard.tsx';
import Login from './auth/Login.tsx';
import './styles/global.css';
import './styles/ui.css';

// Each screen is its own chunk: the login page loads without tables or the editor.
const AdminLayout = lazy(() => import('./layout/AdminLayout.tsx'));
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
// The pages reset and invite emails link to, outside the signed-in admin.
const ForgotPassword = lazy(() => import('./auth/AccountLinkPages.tsx').then((module) => ({ default: module.ForgotPassword })));
const ResetPassword = lazy(() => import('./auth/AccountLinkPages.tsx').then((module) => ({ default: module.ResetPassword })));
const AcceptInvite = lazy(() => import('./auth/AccountLinkPages.tsx').then((module) => ({ default: module.AcceptInvite })));
const Security = lazy(() => import('./screens/Security.tsx'));

const loading = <p className="loading">Memuat...</p>;
const router = createBrowserRouter([
  { path: '/login', element: <Login /> },
  { path: '/login/forgot', element: <ForgotPassword /> },
  { path: '/login/reset', element: <ResetPassword /> },
  { path: '/login/invite', element: <AcceptInvite /> },
  {
    path: '/admin',
    element: (
      <Guard>
        <Suspense fallback={loading}>
          <AdminLayout />
        </Suspense>
      </Guard>
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

// No retries here: the API client already retries dropped connections, and an answered error stays an error.
const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <Suspense fallback={loading}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
