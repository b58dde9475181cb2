import { describe, expect, it } from 'vitest';
import { clampPage, listQuery, narrowingQuery, pageOfIndex } from './paging.ts';

describe('list paging', () => {
  it('asks for one page, with only the search and filters that are set', () => {
    expect(listQuery({ page: 3, pageSize: 10, search: '', filters: { status: '' } }).toString()).toBe('page=3&limit=10');
    expect(listQuery({ page: 1, pageSize: 20, search: 'maya@x.id', filters: { status: 'pending', isActive: 'false' } }).toString()).toBe(
      'page=1&limit=20&search=maya%40x.id&status=pending&isActive=false',
    );
    expect(listQuery({ page: 2, pageSize: 20, search: '', filters: {}, sort: { field: 'title', direction: 'desc' } }).toString()).toBe('page=2&limit=20&sort=-title');
  });

  it('exports what the list shows, on every page', () => {
    expect(narrowingQuery({ search: 'maya', filters: { status: 'active' } }).toString()).toBe('search=maya&status=active');
    expect(narrowingQuery({ search: '', filters: {} }).toString()).toBe('');
  });

  it('finds the page of a record from its place in the list', () => {
    expect(pageOfIndex(0, 10)).toBe(1);
    expect(pageOfIndex(9, 10)).toBe(1);
    expect(pageOfIndex(10, 10)).toBe(2);
    expect(pageOfIndex(129, 10)).toBe(13);
    expect(pageOfIndex(-1, 10)).toBe(1);
  });

  it('keeps the page within the pages that exist', () => {
    expect(clampPage(14, 13)).toBe(13);
    expect(clampPage(0, 13)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
    expect(clampPage(5, 13)).toBe(5);
  });
});
