/** Component tests: screens mounted as the admin mounts them, in a data router (forms ask before leaving through its blocker). */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { adminQueryClient } from '../api/queries.ts';
import { SignedIn } from './session.tsx';

/** Renders `routes` at `path` for a signed-in user with `permissions` (every one by default), with the admin's cache settings. */
export function renderRoutes(routes: RouteObject[], { path = '/', permissions }: { path?: string; permissions?: readonly string[] } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SignedIn permissions={permissions}>
      <QueryClientProvider client={adminQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SignedIn>,
  );
  return router;
}
