import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, pageCount, pageSlice } from './paging';

const rows = Array.from({ length: 23 }, (_, index) => index + 1);

describe('table paging', () => {
  it('shows 10 rows per page by default (spec §9)', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    const first = pageSlice(rows, 1, DEFAULT_PAGE_SIZE);
    expect(first.rows).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first).toMatchObject({ page: 1, pageCount: 3, first: 1, last: 10, total: 23 });
  });

  it('shows the remainder on the last page', () => {
    const last = pageSlice(rows, 3, 10);
    expect(last.rows).toEqual([21, 22, 23]);
    expect(last).toMatchObject({ first: 21, last: 23 });
  });

  it('falls back to the last page when rows were removed, and to the first for nonsense', () => {
    expect(pageSlice(rows.slice(0, 12), 3, 10).page).toBe(2);
    expect(pageSlice(rows, 0, 10).page).toBe(1);
    expect(pageSlice(rows, Number.NaN, 10).page).toBe(1);
  });

  it('has one empty page for an empty table', () => {
    expect(pageSlice([], 1, 25)).toEqual({ rows: [], page: 1, pageCount: 1, first: 0, last: 0, total: 0 });
  });

  it('counts pages of 25 rows for the control strip', () => {
    expect(pageCount(50, 25)).toBe(2);
    expect(pageCount(51, 25)).toBe(3);
    expect(() => pageCount(10, 0)).toThrow(RangeError);
  });
});
