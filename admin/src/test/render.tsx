/** Component tests: screens mounted as the admin mounts them, in a data router (forms ask before leaving through its blocker). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SignedIn } from './session.tsx';

/** Renders `routes` at `path` for a signed-in user with `permissions` (every one by default), answers never retried. */
export function renderRoutes(routes: RouteObject[], { path = '/', permissions }: { path?: string; permissions?: readonly string[] } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SignedIn permissions={permissions}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SignedIn>,
  );
  return router;
}
