import { describe, expect, it } from 'vitest';
import {
  clampDay,
  dayRangeProblem,
  earliestStart,
  latestEnd,
  parseTypedDay,
  type MaxSpan,
} from './dateRangeRules';

const A_YEAR: MaxSpan = { years: 1, isAnniversaryIncluded: false };
const A_YEAR_AND_A_DAY: MaxSpan = { years: 1, isAnniversaryIncluded: true };

describe('the longest period', () => {
  it('counts days with both ends included', () => {
    expect(latestEnd('2024-01-01', { days: 366 })).toBe('2024-12-31');
    expect(earliestStart('2024-12-31', { days: 366 })).toBe('2024-01-01');
  });

  it('ends the day before the anniversary, or on it, as the screen says', () => {
    expect(latestEnd('2025-03-01', A_YEAR)).toBe('2026-02-28');
    expect(latestEnd('2025-03-01', A_YEAR_AND_A_DAY)).toBe('2026-03-01');
    expect(earliestStart('2026-02-28', A_YEAR)).toBe('2025-03-01');
    expect(earliestStart('2026-03-01', A_YEAR_AND_A_DAY)).toBe('2025-03-01');
  });

  it('finds the first start that reaches 29 February', () => {
    expect(earliestStart('2024-02-29', A_YEAR_AND_A_DAY)).toBe('2023-03-01');
    expect(latestEnd('2023-03-01', A_YEAR_AND_A_DAY)).toBe('2024-03-01');
  });
});

describe('a period of days', () => {
  const rules = { min: '2000-01-01', max: '2026-12-31', maxSpan: A_YEAR };

  it('names what is wrong, the missing day first', () => {
    expect(dayRangeProblem({ start: '', end: '2026-05-01' }, rules)).toBe('missingDate');
    expect(dayRangeProblem({ start: '1999-12-31', end: '2000-01-05' }, rules)).toBe('beforeMin');
    expect(dayRangeProblem({ start: '2026-12-01', end: '2027-01-05' }, rules)).toBe('afterMax');
    expect(dayRangeProblem({ start: '2026-05-10', end: '2026-05-01' }, rules)).toBe('reversed');
    expect(dayRangeProblem({ start: '2025-05-10', end: '2026-05-10' }, rules)).toBe('tooLong');
    expect(dayRangeProblem({ start: '2025-05-11', end: '2026-05-10' }, rules)).toBeNull();
  });

  it('moves a day into the allowed days', () => {
    expect(clampDay('1990-06-01', rules)).toBe('2000-01-01');
    expect(clampDay('2030-06-01', rules)).toBe('2026-12-31');
    expect(clampDay('2026-06-01', {})).toBe('2026-06-01');
  });
});

describe('a typed day', () => {
  it('reads DD/MM/YYYY, short days and months, and a pasted YYYY-MM-DD', () => {
    expect(parseTypedDay('04/05/2026')).toBe('2026-05-04');
    expect(parseTypedDay(' 4.5.2026 ')).toBe('2026-05-04');
    expect(parseTypedDay('2026-05-04')).toBe('2026-05-04');
  });

  it('refuses a day that does not exist or is not finished', () => {
    expect(parseTypedDay('31/02/2026')).toBeNull();
    expect(parseTypedDay('04/05/26')).toBeNull();
    expect(parseTypedDay('')).toBeNull();
  });
});
