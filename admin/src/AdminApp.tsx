/** The admin's router: every route, each screen its own chunk. The login page loads it only when it is left. */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import Login from './auth/Login.tsx';

// The signed-in part (query cache, session check, layout) and each screen load where they are used: tables, charts and the editor stay off the login page.
const AdminRoot = lazy(() => import('./layout/AdminRoot.tsx'));
const Dashboard = lazy(() => import('./screens/Dashboard.tsx'));
// The collection screens come from the definitions, which the login route does not load.
const CollectionRoute = lazy(() => import('./screens/CollectionRoute.tsx'));
const Newsletter = lazy(() => import('./screens/Newsletter.tsx'));
const FileManager = lazy(() => import('./screens/FileManager.tsx'));
const Collaborate = lazy(() => import('./screens/Collaborate.tsx'));
const NotFoundLog = lazy(() => import('./screens/NotFoundLog.tsx'));

const loading = <p className="loading">Memuat...</p>;

const router = createBrowserRouter([
  { path: '/login', element: <Login onSignedIn={() => void router.navigate('/admin', { replace: true })} /> },
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
      // A collection's screen by its route; unknown admin paths show the dashboard.
      { path: '*', element: <CollectionRoute /> },
    ],
  },
  { path: '*', element: <Navigate to="/admin" replace /> },
]);

export default function AdminApp() {
  return (
    <Suspense fallback={loading}>
      <RouterProvider router={router} />
    </Suspense>
  );
}
