import { describe, expect, it } from 'vitest';
import { listPaths, PAGE_SIZE } from './paging.ts';

const records = (count: number) => Array.from({ length: count }, (_, i) => ({ _id: `r${i}`, updatedAt: '2026-01-01T00:00:00.000Z' }));

describe('listPaths: a paged list in one [...page] route', () => {
  it('puts the first page at the list address and the others at page/<n>, each with its own records', () => {
    const paths = listPaths(records(PAGE_SIZE * 2 + 1), 'layout');
    expect(paths.map((path) => path.params.page)).toEqual([undefined, 'page/2', 'page/3']);
    expect(paths.map((path) => path.props.items.length)).toEqual([PAGE_SIZE, PAGE_SIZE, 1]);
    expect(paths.every((path) => path.props.pages === 3)).toBe(true);
    expect(paths[1]!.props.items[0]!._id).toBe(`r${PAGE_SIZE}`);
  });

  it('has one empty first page for an empty list, and changes a page key only when its records change', () => {
    expect(listPaths([], 'layout')).toMatchObject([{ params: { page: undefined }, props: { page: 1, pages: 1, items: [] } }]);
    const before = listPaths(records(PAGE_SIZE + 1), 'layout');
    const changed = records(PAGE_SIZE + 1);
    changed[PAGE_SIZE] = { _id: `r${PAGE_SIZE}`, updatedAt: '2026-02-01T00:00:00.000Z' };
    const after = listPaths(changed, 'layout');
    expect(after[0]!.cacheKey).toBe(before[0]!.cacheKey);
    expect(after[1]!.cacheKey).not.toBe(before[1]!.cacheKey);
  });
});
