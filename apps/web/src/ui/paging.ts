/** Spec 1 §9: tables show 10 rows per page unless said otherwise. */
export const DEFAULT_PAGE_SIZE = 10;
/** Spec 2 §2: VAT, comment and history-detail tables. */
export const SHORT_PAGE_SIZE = 5;
/** Spec 2 §2: full history and control strip. */
export const LONG_PAGE_SIZE = 25;

export interface PageSlice<Row> {
  rows: Row[];
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last rows shown; 0 and 0 for an empty table. */
  first: number;
  last: number;
  total: number;
}

export function pageCount(total: number, pageSize: number): number {
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`Page size ${pageSize}`);
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of one page; a page past the end (rows removed by a filter change) shows the last one. */
export function pageSlice<Row>(rows: readonly Row[], page: number, pageSize: number): PageSlice<Row> {
  const count = pageCount(rows.length, pageSize);
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), count);
  const start = (current - 1) * pageSize;
  const shown = rows.slice(start, start + pageSize);
  return {
    rows: shown,
    page: current,
    pageCount: count,
    first: shown.length > 0 ? start + 1 : 0,
    last: start + shown.length,
    total: rows.length,
  };
}
