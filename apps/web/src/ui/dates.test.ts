import { describe, expect, it } from 'vitest';
import { formatBusinessDay, formatDate, formatDateTime } from './dates';

describe('dates in Europe/Paris', () => {
  it('shows an instant as its Paris calendar day', () => {
    expect(formatDate('2026-03-09T10:00:00Z')).toBe('09/03/2026');
    // 23:30 UTC on 31 December is already New Year's Day in Paris (UTC+1).
    expect(formatDate('2025-12-31T23:30:00Z')).toBe('01/01/2026');
    // Summer time: 22:30 UTC is 00:30 the next day (UTC+2).
    expect(formatDate(new Date('2026-07-14T22:30:00Z'))).toBe('15/07/2026');
  });

  it('shows date and time as DD-MM-YYYY H:mm:ss', () => {
    expect(formatDateTime('2026-03-09T08:05:09Z')).toBe('09-03-2026 9:05:09');
    expect(formatDateTime('2026-07-14T21:59:00Z')).toBe('14-07-2026 23:59:00');
    expect(formatDateTime('2026-03-08T23:00:00Z')).toBe('09-03-2026 0:00:00');
  });

  it('shows a business day without shifting it', () => {
    expect(formatBusinessDay('2026-03-09')).toBe('09/03/2026');
  });

  it('refuses what is not a date', () => {
    expect(() => formatDate('yesterday')).toThrow(RangeError);
    expect(() => formatBusinessDay('09/03/2026')).toThrow(RangeError);
  });
});
