/**
 * Filtering and sorting of a table's rows in memory (spec 2 §2 "Tables"): numeric columns compare
 * with greater than, less than or equal (equal by default), text columns keep the rows whose shown
 * text contains the filter, ignoring case and accents. Each column's texts, numbers and sort keys
 * are computed once per set of rows, so typing in a filter over 10 000 rows only compares.
 */
export type Comparison = 'eq' | 'gt' | 'lt';
export const COMPARISONS: readonly Comparison[] = ['eq', 'gt', 'lt'];

export type FilterType = 'text' | 'number';

export interface ColumnFilter {
  text: string;
  /** Numeric columns only. */
  comparison: Comparison;
}

export type TableFilters = Readonly<Record<string, ColumnFilter>>;

export type SortDirection = 'ascending' | 'descending';
export interface TableSort {
  columnId: string;
  direction: SortDirection;
}

/** What the model needs to know of a column: how a row reads in it. */
export interface ModelColumn<Row> {
  id: string;
  filterType: FilterType;
  /** The text the cell shows. */
  text: (row: Row) => string;
  /** The number the cell shows (euros for cents), null when it shows none. */
  number: (row: Row) => number | null;
  /** What the column sorts on: numbers, or strings compared in French collation. */
  sortKey: (row: Row) => string | number | null;
}

export const EMPTY_FILTER: ColumnFilter = { text: '', comparison: 'eq' };

/** A typed number in either notation: `1 234,50`, `1234.5`, `-3`; null when it is not one. */
export function parseFilterNumber(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f€%]/g, '').replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(compact)) return null;
  return Number(compact);
}

export function matchesNumber(value: number | null, comparison: Comparison, target: number): boolean {
  if (value === null) return false;
  switch (comparison) {
    case 'gt':
      return value > target;
    case 'lt':
      return value < target;
    case 'eq':
      // Cents and rates come through divisions: 12.3 may be 12.299999999999999.
      return Math.abs(value - target) < 1e-9;
  }
}

/** Lower case without accents, so that `creation` finds `Création`. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function isActiveFilter(filter: ColumnFilter | undefined): filter is ColumnFilter {
  return filter !== undefined && filter.text.trim() !== '';
}

const collator = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

/** The rows of a table with their per-column readings, computed on first use and kept. */
export class TableModel<Row> {
  private readonly texts = new Map<string, string[]>();
  private readonly numbers = new Map<string, (number | null)[]>();
  private readonly sortKeys = new Map<string, (string | number | null)[]>();

  constructor(
    readonly rows: readonly Row[],
    private readonly columns: readonly ModelColumn<Row>[],
  ) {}

  /** The rows that pass every filter, in the order asked. */
  view(filters: TableFilters, sort: TableSort | null): Row[] {
    let indices = this.filteredIndices(filters);
    if (sort) indices = this.sorted(indices, sort);
    return indices.map((index) => this.rows[index] as Row);
  }

  private filteredIndices(filters: TableFilters): number[] {
    const tests: ((index: number) => boolean)[] = [];
    for (const column of this.columns) {
      const filter = filters[column.id];
      if (!isActiveFilter(filter)) continue;
      if (column.filterType === 'number') {
        const target = parseFilterNumber(filter.text);
        // Half-typed input ("-", "1,") filters nothing out rather than everything.
        if (target === null) continue;
        const numbers = this.readings(this.numbers, column, column.number);
        tests.push((index) => matchesNumber(numbers[index] ?? null, filter.comparison, target));
      } else {
        const needle = foldText(filter.text.trim());
        const texts = this.readings(this.texts, column, (row) => foldText(column.text(row)));
        tests.push((index) => (texts[index] ?? '').includes(needle));
      }
    }
    const indices: number[] = [];
    for (let index = 0; index < this.rows.length; index += 1) {
      if (tests.every((test) => test(index))) indices.push(index);
    }
    return indices;
  }

  private sorted(indices: number[], sort: TableSort): number[] {
    const column = this.columns.find((candidate) => candidate.id === sort.columnId);
    if (!column) return indices;
    const keys = this.readings(this.sortKeys, column, column.sortKey);
    const sign = sort.direction === 'ascending' ? 1 : -1;
    // Array.prototype.sort is stable: rows with equal keys keep their order.
    return [...indices].sort((a, b) => {
      const left = keys[a] ?? null;
      const right = keys[b] ?? null;
      // Empty cells go last whichever the direction.
      if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
      if (typeof left === 'number' && typeof right === 'number') return sign * (left - right);
      return sign * collator.compare(String(left), String(right));
    });
  }

  private readings<T>(cache: Map<string, T[]>, column: ModelColumn<Row>, read: (row: Row) => T): T[] {
    let values = cache.get(column.id);
    if (!values) {
      values = this.rows.map(read);
      cache.set(column.id, values);
    }
    return values;
  }
}
