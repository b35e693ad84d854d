import { describe, expect, it } from 'vitest';
import {
  defaultPeriod,
  hasProblem,
  oneMonthBefore,
  periodLimits,
  productLinesExportProblems,
  productLinesExportQueryOf,
} from './productLinesExportForm';

const valid = { startDay: '2026-02-14', endDay: '2026-03-14', email: 'gerant@le-zinc.fr' };

describe('payment-products export form (spec 1 §5)', () => {
  it('starts one month ago and ends today, in Paris time', () => {
    // 23:30 UTC on 14 March is already 15 March in Paris.
    expect(defaultPeriod(new Date('2026-03-14T23:30:00Z'))).toEqual({
      startDay: '2026-02-15',
      endDay: '2026-03-15',
    });
    expect(oneMonthBefore('2026-03-31')).toBe('2026-02-28');
    expect(oneMonthBefore('2026-01-10')).toBe('2025-12-10');
  });

  it('accepts a valid e-mail and a period of at most one year', () => {
    expect(hasProblem(productLinesExportProblems(valid))).toBe(false);
    expect(hasProblem(productLinesExportProblems({ ...valid, startDay: '2025-03-14' }))).toBe(false);
  });

  it('disables validation for an invalid e-mail', () => {
    expect(productLinesExportProblems({ ...valid, email: 'gerant@' }).email).toBe('INVALID_EMAIL');
    expect(productLinesExportProblems({ ...valid, email: '' }).email).toBe('INVALID_EMAIL');
  });

  it('refuses an end before the start and a period longer than one year, on the end date', () => {
    expect(productLinesExportProblems({ ...valid, endDay: '2026-02-13' }).endDay).toBe('REVERSED_DATES');
    expect(productLinesExportProblems({ ...valid, startDay: '2025-03-13' }).endDay).toBe('PERIOD_TOO_LONG');
  });

  it('refuses an empty or impossible date', () => {
    expect(productLinesExportProblems({ ...valid, startDay: '' }).startDay).toBe('INVALID_DATE');
    expect(productLinesExportProblems({ ...valid, endDay: '2026-02-30' }).endDay).toBe('INVALID_DATE');
  });

  it('limits each date picker to one year around the other date', () => {
    expect(periodLimits(valid)).toEqual({
      start: { min: '2025-03-14', max: '2026-03-14' },
      end: { min: '2026-02-14', max: '2027-02-14' },
    });
  });

  it('sends the start at 00:00:00 and the end at 23:59:59', () => {
    expect(productLinesExportQueryOf({ ...valid, email: ' gerant@le-zinc.fr ' })).toEqual({
      email: 'gerant@le-zinc.fr',
      startDate: '2026-02-14 00:00:00',
      endDate: '2026-03-14 23:59:59',
    });
  });
});
