import { describe, expect, it } from 'vitest';
import { monthPeriod, notesPeriod } from './customerDetailPeriod';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('the single-month period of the notes (unix seconds, Europe/Paris)', () => {
  it('starts at midnight in Paris on the 1st of a winter month and ends one second before the next', () => {
    const { tsStart, tsEnd } = monthPeriod('2026-01');
    expect(iso(tsStart)).toBe('2025-12-31T23:00:00.000Z');
    expect(iso(tsEnd)).toBe('2026-01-31T22:59:59.000Z');
  });

  it('follows summer time', () => {
    const { tsStart, tsEnd } = monthPeriod('2026-07');
    expect(iso(tsStart)).toBe('2026-06-30T22:00:00.000Z');
    expect(iso(tsEnd)).toBe('2026-07-31T21:59:59.000Z');
  });

  it('spans the clock changes of March and October', () => {
    expect(iso(monthPeriod('2026-03').tsEnd)).toBe('2026-03-31T21:59:59.000Z');
    expect(iso(monthPeriod('2026-10').tsStart)).toBe('2026-09-30T22:00:00.000Z');
    expect(iso(monthPeriod('2026-10').tsEnd)).toBe('2026-10-31T22:59:59.000Z');
  });

  it('goes into the next year after December and knows leap years', () => {
    expect(iso(monthPeriod('2026-12').tsEnd)).toBe('2026-12-31T22:59:59.000Z');
    expect(iso(monthPeriod('2028-02').tsEnd)).toBe('2028-02-29T22:59:59.000Z');
  });

  it('refuses what is not a month', () => {
    expect(() => monthPeriod('2026-13')).toThrow(RangeError);
    expect(() => monthPeriod('2026-1')).toThrow(RangeError);
  });

  it('asks for every note up to now when no month is chosen (initial state and reset)', () => {
    const now = new Date('2026-11-25T18:00:00Z');
    expect(notesPeriod(null, now)).toEqual({ tsStart: 0, tsEnd: now.getTime() / 1000 + 86_400 });
    expect(notesPeriod('2026-11', now)).toEqual(monthPeriod('2026-11'));
  });
});
