import { describe, expect, it } from 'vitest';
import type { ReportSettings } from '@comptoir/contracts';
import {
  activityParam,
  defaultFilters,
  isSelected,
  parseActivity,
  readStoredFilters,
  storedValues,
  toggleSelection,
} from './reportFilters';

const BRASSERIE = '11111111-1111-4111-8111-111111111111';
const BAR = '22222222-2222-4222-8222-222222222222';
const CAFE = '33333333-3333-4333-8333-333333333333';
const OTHER = '99999999-9999-4999-8999-999999999999';
const companies = [BRASSERIE, BAR, CAFE];

const settings: ReportSettings = {
  dayStartHour: 5,
  amountsInclVat: true,
  defaultPeriod: 'previousMonth',
  defaultCompanyIds: [BAR],
};

describe('activity-type filter', () => {
  it('sends one or several types, and nothing when all are wanted', () => {
    expect(activityParam([1])).toBe('1');
    expect(activityParam([3, 1])).toBe('1,3');
    expect(activityParam([])).toBeUndefined();
    expect(activityParam([1, 2, 3])).toBeUndefined();
  });

  it('reads what it stored and ignores anything else', () => {
    expect(parseActivity('1,3')).toEqual([1, 3]);
    expect(parseActivity('1,2,3')).toEqual([]);
    expect(parseActivity('')).toEqual([]);
    expect(parseActivity(null)).toEqual([]);
    expect(parseActivity('4,2,x')).toEqual([2]);
  });
});

describe('filters kept in session storage', () => {
  it('reads the spec keys back: comma-separated ids, empty meaning all establishments', () => {
    expect(
      readStoredFilters(
        { idCompany: `${CAFE},${BRASSERIE}`, dateBegin: '2026-05-01', dateEnd: '2026-05-31', activity: '2' },
        companies,
      ),
    ).toEqual({ begin: '2026-05-01', end: '2026-05-31', companyIds: [BRASSERIE, CAFE], activity: [2] });
    expect(
      readStoredFilters(
        { idCompany: '', dateBegin: '2026-05-01', dateEnd: '2026-05-01', activity: null },
        companies,
      )?.companyIds,
    ).toEqual([]);
  });

  it("drops an establishment the user cannot read (another account's, after a view-as)", () => {
    const filters = readStoredFilters(
      { idCompany: `${OTHER},${BAR}`, dateBegin: '2026-05-01', dateEnd: '2026-05-02', activity: null },
      companies,
    );
    expect(filters?.companyIds).toEqual([BAR]);
    expect(
      readStoredFilters(
        { idCompany: OTHER, dateBegin: '2026-05-01', dateEnd: '2026-05-02', activity: null },
        companies,
      )?.companyIds,
    ).toEqual([]);
  });

  it('has nothing to read without dates, or with a period the filter bar would refuse', () => {
    const values = { idCompany: null, activity: null };
    expect(readStoredFilters({ ...values, dateBegin: null, dateEnd: null }, companies)).toBeNull();
    expect(
      readStoredFilters({ ...values, dateBegin: '2026-05-02', dateEnd: '2026-05-01' }, companies),
    ).toBeNull();
    expect(
      readStoredFilters({ ...values, dateBegin: '2024-01-01', dateEnd: '2026-01-01' }, companies),
    ).toBeNull();
  });

  it('writes what it reads back unchanged', () => {
    const filters = {
      begin: '2026-05-01',
      end: '2026-05-31',
      companyIds: [BAR, CAFE],
      activity: [1, 3] as const,
    };
    const values = storedValues({ ...filters, activity: [...filters.activity] });
    expect(values).toEqual({
      idCompany: `${BAR},${CAFE}`,
      dateBegin: '2026-05-01',
      dateEnd: '2026-05-31',
      activity: '1,3',
    });
    expect(readStoredFilters(values, companies)).toEqual({ ...filters, activity: [1, 3] });
  });
});

describe('defaults of a first visit', () => {
  it("take the period and establishments of the user's report settings", () => {
    expect(defaultFilters(settings, companies, '2026-05-20')).toEqual({
      begin: '2026-04-01',
      end: '2026-04-30',
      companyIds: [BAR],
      activity: [],
    });
  });

  it('fall back to the last 7 days and every establishment without settings', () => {
    expect(defaultFilters(undefined, companies, '2026-05-20')).toEqual({
      begin: '2026-05-14',
      end: '2026-05-20',
      companyIds: [],
      activity: [],
    });
  });
});

describe('choosing several, or all', () => {
  const all = [1, 2, 3];

  it('unticks one of all, then ticks it again back to all', () => {
    expect(toggleSelection([], 2, all)).toEqual([1, 3]);
    expect(toggleSelection([1, 3], 2, all)).toEqual([]);
  });

  it('refuses to untick the last ticked item', () => {
    expect(toggleSelection([2], 2, all)).toEqual([2]);
  });

  it('treats an empty selection as everything ticked', () => {
    expect(isSelected([], 3)).toBe(true);
    expect(isSelected([1], 3)).toBe(false);
  });
});
