import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fiscalPeriodLastDay,
  fiscalPeriodProblem,
  readArchiveDay,
  readSignatureCheckDay,
  withFiscalPeriod,
} from './fiscal-period';

const MAY = new Date('2026-05-12T10:00:00Z');

describe('the fiscal period rule', () => {
  it('reaches 31 December of the current Paris year, and the next one from New Year’s Eve', () => {
    expect(fiscalPeriodLastDay(MAY)).toBe('2026-12-31');
    expect(fiscalPeriodLastDay(new Date('2026-12-30T12:00:00Z'))).toBe('2026-12-31');
    expect(fiscalPeriodLastDay(new Date('2026-12-31T12:00:00Z'))).toBe('2027-12-31');
  });

  it('accepts 2000-01-01 and 366 days, and blames the field of a day out of bounds', () => {
    expect(fiscalPeriodProblem({ startDay: '2000-01-01', endDay: '2000-12-31' }, MAY)).toBeNull();
    expect(fiscalPeriodProblem({ startDay: '1999-12-31' }, MAY)).toEqual({
      code: 'DATE_OUT_OF_RANGE',
      field: 'startDate',
    });
    expect(fiscalPeriodProblem({ endDay: '2027-01-01' }, MAY)).toEqual({
      code: 'DATE_OUT_OF_RANGE',
      field: 'endDate',
    });
    expect(fiscalPeriodProblem({ startDay: '2025-01-01', endDay: '2026-01-02' }, MAY)).toEqual({
      code: 'PERIOD_TOO_LONG',
      field: 'endDate',
    });
    // Reversed: the route's own code.
    expect(fiscalPeriodProblem({ startDay: '2026-03-02', endDay: '2026-03-01' }, MAY)).toBeNull();
  });

  it('reads unix seconds as their Paris day, and YYYYMMDD for archives', () => {
    expect(readSignatureCheckDay(String(Date.parse('2026-03-05T23:30:00Z') / 1000))).toBe('2026-03-06');
    expect(readSignatureCheckDay('2026-02-30')).toBeNull();
    expect(readArchiveDay('20260305')).toBe('2026-03-05');
    expect(readArchiveDay('2026-13-01')).toBeNull();
  });

  it('adds an issue carrying the code to a query schema, and leaves unreadable dates to the route', () => {
    const query = withFiscalPeriod(z.object({ startDate: z.string(), endDate: z.string() }), readArchiveDay);
    const refused = query.safeParse({ startDate: '19990101', endDate: '19990131' });
    expect(refused.error?.issues).toMatchObject([
      { code: 'custom', path: ['startDate'], params: { errorCode: 'DATE_OUT_OF_RANGE' } },
    ]);
    expect(query.safeParse({ startDate: 'hier', endDate: '20260131' }).success).toBe(true);
  });
});
