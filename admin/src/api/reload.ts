/** Showing what a change did: the lists it touched are loaded again. */
import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * A load already under way began before the change, so it is dropped rather than joined:
 * TanStack Query joins a first load in flight, whose answer would lack what was just saved.
 */
export async function reload(client: QueryClient, filters: InvalidateQueryFilters) {
  await client.cancelQueries(filters);
  await client.invalidateQueries(filters);
}
