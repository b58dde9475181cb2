import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { PageShell } from './PageShell.tsx';

afterEach(cleanup);

const header = (subtitle?: string | null) =>
  render(
    <MemoryRouter>
      <PageShell title="Manage Vision" subtitle={subtitle}>
        <button type="button">+ Tambah Vision</button>
      </PageShell>
    </MemoryRouter>,
  ).container.querySelector('.page-header')!;

it('keeps the line of a subtitle still loading, marked busy, so what is below does not move when it comes', () => {
  const loading = header(null).querySelector('p')!;
  expect(loading.getAttribute('aria-busy')).toBe('true');
  expect(loading.textContent).toBe('\u00a0');
  cleanup();
  const loaded = header('Total: 3 item').querySelector('p')!;
  expect(loaded.textContent).toBe('Total: 3 item');
  expect(loaded.hasAttribute('aria-busy')).toBe(false);
});

it('has no subtitle line for a screen without one', () => {
  expect(header().querySelector('p')).toBeNull();
});
