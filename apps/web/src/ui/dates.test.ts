import { formatBusinessDay } from '@comptoir/contracts';
import { describe, expect, it } from 'vitest';
import { formatDate, formatFiscalDateTime, formatReportDateTime } from './dates';

describe('dates in Europe/Paris', () => {
  it('shows an instant as its Paris calendar day', () => {
    expect(formatDate('2026-03-09T10:00:00Z')).toBe('09/03/2026');
    // 23:30 UTC on 31 December is already New Year's Day in Paris (UTC+1).
    expect(formatDate('2025-12-31T23:30:00Z')).toBe('01/01/2026');
    // Summer time: 22:30 UTC is 00:30 the next day (UTC+2).
    expect(formatDate(new Date('2026-07-14T22:30:00Z'))).toBe('15/07/2026');
  });

  it("shows the fiscal screens' date and time as spec 2 says, DD-MM-YYYY H:mm:ss", () => {
    expect(formatFiscalDateTime('2026-11-25T01:03:16Z')).toBe('25-11-2026 2:03:16');
    expect(formatFiscalDateTime('2026-07-14T21:59:00Z')).toBe('14-07-2026 23:59:00');
    // Winter time (UTC+1): 23:00 UTC is midnight of the next day in Paris.
    expect(formatFiscalDateTime('2026-03-08T23:00:00Z')).toBe('09-03-2026 0:00:00');
  });

  it("shows the reports' and ware analysis' date and time as spec 3 says, DD/MM/YYYY HH:mm", () => {
    expect(formatReportDateTime('2026-11-25T01:03:16Z')).toBe('25/11/2026 02:03');
    // Summer time, and the last minute of the day: no seconds, no rounding up to the next day.
    expect(formatReportDateTime('2026-07-14T21:59:59Z')).toBe('14/07/2026 23:59');
    expect(formatReportDateTime('2026-03-08T23:00:00Z')).toBe('09/03/2026 00:00');
    expect(formatReportDateTime(Date.parse('2026-05-04T10:30:00Z'))).toBe('04/05/2026 12:30');
  });

  it('shows a business day without shifting it', () => {
    expect(formatBusinessDay('2026-03-09')).toBe('09/03/2026');
  });

  it('refuses what is not a date', () => {
    expect(() => formatDate('yesterday')).toThrow(RangeError);
    expect(() => formatBusinessDay('09/03/2026')).toThrow(RangeError);
    expect(() => formatReportDateTime('yesterday')).toThrow(RangeError);
  });
});
