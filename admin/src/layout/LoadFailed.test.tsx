import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import LoadFailed, { LOAD_FAILED } from './LoadFailed.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('says in Indonesian that a screen whose chunk did not arrive failed to load, and offers a reload', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter(
    [
      {
        errorElement: <LoadFailed />,
        children: [{ path: '/admin/vision', lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) }],
      },
    ],
    { initialEntries: ['/admin/vision'] },
  );
  render(<RouterProvider router={router} />);
  expect((await screen.findByRole('alert')).textContent).toContain(LOAD_FAILED);
  const reload = vi.fn();
  vi.stubGlobal('location', { reload });
  fireEvent.click(screen.getByRole('button', { name: 'Muat ulang' }));
  expect(reload).toHaveBeenCalledOnce();
  vi.unstubAllGlobals();
});
