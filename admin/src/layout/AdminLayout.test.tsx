import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_PAGE, NO_PERMISSION } from '../api/messages.ts';
import { SignedIn } from '../test/session.tsx';
import AdminLayout from './AdminLayout.tsx';

vi.mock('../api/client.ts', () => ({ sendJson: vi.fn() }));

const VISION_ONLY = ['vision.read', 'vision.list', 'vision.create', 'vision.update', 'vision.delete'];

/** What the admin's routes would show there: the page's address, so a test sees where it landed. */
function Shown({ name }: { name: string }) {
  return (
    <p data-testid="shown">
      {name} {useLocation().pathname}
    </p>
  );
}

/** The admin layout at `path` for a user with `permissions`; `screen` is the route of every screen but the dashboard. */
function open(path: string, permissions: string[], screen: RouteObject = { path: '*', element: <Shown name="screen" /> }) {
  const router = createMemoryRouter([{ path: '/admin', element: <AdminLayout />, children: [{ index: true, element: <Shown name="dashboard" /> }, screen] }], { initialEntries: [path] });
  render(
    <SignedIn permissions={permissions}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SignedIn>,
  );
  return router;
}

const menuLinks = () => within(screen.getByRole('navigation', { name: 'Admin' })).queryAllByRole('link').map((link) => link.textContent);
const menuGroups = () => within(screen.getByRole('navigation', { name: 'Admin' })).queryAllByRole('button').map((button) => button.textContent);

afterEach(cleanup);

describe('the admin of a user allowed only Vision articles', () => {
  it('offers the dashboard and Manage Vision, nothing else', async () => {
    open('/admin', VISION_ONLY);
    expect((await screen.findByTestId('shown')).textContent).toBe('dashboard /admin');
    expect(menuLinks()).toEqual(['Dashboard', 'Manage Vision']);
    expect(menuGroups()).toEqual(['Konten']);
  });

  it('says the subscribers page is not theirs when its address is typed, under either name', async () => {
    for (const path of ['/admin/subscribe', '/admin/subscribers']) {
      const router = open(path, VISION_ONLY);
      expect((await screen.findByRole('alert')).textContent).toContain(NO_PERMISSION);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Email Subscribers');
      expect(router.state.location.pathname).toBe('/admin/subscribe');
      expect(screen.queryByTestId('shown')).toBeNull();
      cleanup();
    }
  });

  it('opens the screen they may read', async () => {
    open('/admin/vision', VISION_ONLY);
    expect((await screen.findByTestId('shown')).textContent).toBe('screen /admin/vision');
  });
});

describe('the keyboard', () => {
  it('skips the top bar and the menu with the first link, straight to the screen', async () => {
    open('/admin/vision', VISION_ONLY);
    await screen.findByTestId('shown');
    const skip = screen.getAllByRole('link')[0]!;
    expect(skip.textContent).toBe('Langsung ke isi');
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});

describe('where a user lands', () => {
  it('on the first page they may open when no part of the dashboard is theirs', async () => {
    open('/admin', ['newsletter.read', 'newsletter.create']);
    expect((await screen.findByTestId('shown')).textContent).toBe('screen /admin/newsletter');
    expect(menuLinks()).toEqual(['Newsletter']);
  });

  it('on a page that says so when their permissions open nothing', async () => {
    open('/admin', ['vision.create']);
    expect((await screen.findByRole('alert')).textContent).toContain(NO_PAGE);
    expect(menuLinks()).toEqual([]);
  });
});

describe('moving to another screen', () => {
  it('keeps the current screen, marked busy, while the next one loads', async () => {
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const router = open('/admin', VISION_ONLY, { path: '*', lazy: async () => (await arrived, { Component: () => <Shown name="screen" /> }) });
    expect((await screen.findByTestId('shown')).textContent).toBe('dashboard /admin');
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBeNull();
    void router.navigate('/admin/vision');
    await waitFor(() => expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByTestId('shown').textContent).toBe('dashboard /admin');
    arrive();
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('screen /admin/vision'));
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBeNull();
  });
});
