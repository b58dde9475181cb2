import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reload } from './reload.ts';

/** A list whose first load is slow and began before a save; later loads are quick. */
function slowFirstLoad() {
  let rows = ['lama'];
  let loads = 0;
  const queryFn = () => {
    loads += 1;
    const answer = [...rows];
    return new Promise<string[]>((resolve) => setTimeout(() => resolve(answer), loads === 1 ? 50 : 1));
  };
  return { queryFn, save: (row: string) => (rows = [...rows, row]) };
}

/** The list as shown once the loads are over; the save lands 5 ms into the slow first load. */
async function listAfterSave(refresh: (client: QueryClient) => Promise<unknown>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const list = slowFirstLoad();
  const observer = new QueryObserver(client, { queryKey: ['category'], queryFn: list.queryFn });
  const unsubscribe = observer.subscribe(() => {});
  await vi.advanceTimersByTimeAsync(5);
  list.save('baru');
  const refreshed = refresh(client);
  await vi.advanceTimersByTimeAsync(80);
  await refreshed;
  unsubscribe();
  return observer.getCurrentResult().data;
}

describe('reloading a list after a save', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the saved row even when the first load was still under way', async () => {
    expect(await listAfterSave((client) => reload(client, { queryKey: ['category'] }))).toEqual(['lama', 'baru']);
  });

  it('is needed: a plain invalidation joins the old load and misses the row', async () => {
    expect(await listAfterSave((client) => client.invalidateQueries({ queryKey: ['category'] }))).toEqual(['lama']);
  });
});
