/** How a list screen asks the API for one page: which page, how many rows, what search, filters and order. */
import { sortParam, type ListSort } from '@cms/worker/contract';

export interface ListRequest {
  page: number;
  pageSize: number;
  search: string;
  /** Field name → value chosen in its filter; '' means any. */
  filters: Record<string, string>;
  /** The column the list is ordered by; none: the collection's own order. */
  sort?: ListSort;
}

/** The query of one page: page and limit always, search, filters and sort only when set. */
export function listQuery({ page, pageSize, search, filters, sort }: ListRequest) {
  const query = new URLSearchParams({ page: String(page), limit: String(pageSize) });
  if (search) query.set('search', search);
  for (const [field, value] of Object.entries(filters)) if (value !== '') query.set(field, value);
  if (sort) query.set('sort', sortParam(sort));
  return query;
}

/** The query of what the list shows, without paging (an export of the whole filtered list). */
export function narrowingQuery({ search, filters }: Pick<ListRequest, 'search' | 'filters'>) {
  const query = listQuery({ page: 1, pageSize: 1, search, filters });
  query.delete('page');
  query.delete('limit');
  return query;
}

/** The page (from 1) that holds the record at `index` (from 0) of the whole list. */
export const pageOfIndex = (index: number, pageSize: number) => Math.floor(Math.max(0, index) / pageSize) + 1;

/** A page that exists: after deleting the last record of the last page, the page before it. */
export const clampPage = (page: number, pages: number) => Math.min(Math.max(1, page), Math.max(1, pages));
