import { describe, expect, it } from 'vitest';
import {
  CLOSURE_FILTER_KEYS,
  CLOSURE_TYPE_OPTIONS,
  checkRange,
  defaultClosureFilters,
  matchingRange,
  monthRange,
  predefinedRanges,
  rangeDayBounds,
  readClosureFilters,
  sameFilters,
  saveClosureFilters,
} from './closureFilters';

function memoryStorage(entries: Record<string, string> = {}) {
  const values = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('closures list filters', () => {
  it('offers the types in the spec order: All=7, daily=1, monthly=3, annual=5, then the cumulative 2, 4, 6', () => {
    expect(CLOSURE_TYPE_OPTIONS).toEqual([7, 1, 3, 5, 2, 4, 6]);
  });

  it('defaults to the current month, every type', () => {
    expect(defaultClosureFilters('2026-02-17')).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      type: 7,
    });
    expect(defaultClosureFilters('2028-02-03').endDate).toBe('2028-02-29');
  });

  it('predefines the current year, the two previous years and each month of the current year', () => {
    const ranges = predefinedRanges('2026-05-12');
    expect(ranges).toHaveLength(15);
    expect(ranges.slice(0, 3).map((range) => range.range)).toEqual([
      { startDate: '2026-01-01', endDate: '2026-12-31' },
      { startDate: '2025-01-01', endDate: '2025-12-31' },
      { startDate: '2024-01-01', endDate: '2024-12-31' },
    ]);
    expect(ranges[3]?.range).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31' });
    expect(ranges[14]?.range).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(monthRange(2026, 4)).toEqual({ startDate: '2026-04-01', endDate: '2026-04-30' });
  });

  it('recognises the predefined range the dates are', () => {
    expect(matchingRange({ startDate: '2025-01-01', endDate: '2025-12-31' }, '2026-05-12')).toMatchObject({
      kind: 'year',
      year: 2025,
    });
    expect(matchingRange({ startDate: '2026-03-01', endDate: '2026-03-31' }, '2026-05-12')).toMatchObject({
      kind: 'month',
      month: 3,
    });
    expect(matchingRange({ startDate: '2026-03-02', endDate: '2026-03-31' }, '2026-05-12')).toBeUndefined();
  });

  it('refuses a start after the end, and missing dates', () => {
    expect(checkRange({ startDate: '2026-03-02', endDate: '2026-03-01' })).toBe('startAfterEnd');
    expect(checkRange({ startDate: '2026-03-01', endDate: '2026-03-01' })).toBeNull();
    expect(checkRange({ startDate: '', endDate: '2026-03-01' })).toBe('missingDate');
    expect(checkRange({ startDate: '2026-02-30', endDate: '2026-03-01' })).toBe('missingDate');
  });

  it("refuses what the server's fiscal period rule refuses: before 2000, after this year, over 366 days", () => {
    const now = new Date('2026-05-12T10:00:00Z');
    expect(checkRange({ startDate: '1999-12-31', endDate: '2000-01-31' }, now)).toBe('outOfRange');
    expect(checkRange({ startDate: '2026-12-01', endDate: '2027-01-01' }, now)).toBe('outOfRange');
    expect(checkRange({ startDate: '2024-01-01', endDate: '2025-01-01' }, now)).toBe('tooLong');
    expect(checkRange({ startDate: '2024-01-01', endDate: '2024-12-31' }, now)).toBeNull();
    for (const { range } of predefinedRanges('2026-05-12')) expect(checkRange(range, now)).toBeNull();
  });

  it('lets each date picker offer only days the rule accepts', () => {
    const now = new Date('2026-05-12T10:00:00Z');
    expect(rangeDayBounds({ startDate: '2026-03-01', endDate: '2026-03-31' }, now)).toEqual({
      start: { min: '2025-03-31', max: '2026-03-31' },
      end: { min: '2026-03-01', max: '2026-12-31' },
    });
    expect(rangeDayBounds({ startDate: '2000-06-01', endDate: '' }, now)).toEqual({
      start: { min: '2000-01-01', max: '2026-12-31' },
      end: { min: '2000-06-01', max: '2001-06-01' },
    });
  });

  it('keeps the dates and the type in session storage, and ignores what it cannot read', () => {
    const storage = memoryStorage();
    saveClosureFilters(storage, { startDate: '2025-01-01', endDate: '2025-12-31', type: 3 });
    expect(storage.values.get(CLOSURE_FILTER_KEYS.startDate)).toBe('2025-01-01');
    expect(readClosureFilters(storage, '2026-05-12')).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      type: 3,
    });

    const broken = memoryStorage({
      [CLOSURE_FILTER_KEYS.startDate]: '2026-05-20',
      [CLOSURE_FILTER_KEYS.endDate]: '2026-05-01',
      [CLOSURE_FILTER_KEYS.type]: '9',
    });
    expect(readClosureFilters(broken, '2026-05-12')).toEqual(defaultClosureFilters('2026-05-12'));
  });

  it('tells the same filters from different ones', () => {
    const filters = { startDate: '2026-03-01', endDate: '2026-03-31', type: 7 };
    expect(sameFilters(filters, { ...filters })).toBe(true);
    expect(sameFilters(filters, { ...filters, endDate: '2026-03-30' })).toBe(false);
    expect(sameFilters(filters, { ...filters, type: 1 })).toBe(false);
  });
});
