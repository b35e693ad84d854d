import { describe, expect, it } from 'vitest';
import { parseRange, remainingSeconds } from './fiscal-check.service';

const at = '2026-11-25T10:00:00.000Z';
const now = Date.parse(at);

describe('the time left of a signature check', () => {
  it('is being computed until the job has a pace', () => {
    expect(remainingSeconds(undefined, now)).toBeNull();
    expect(remainingSeconds({ done: 0, total: 1000, elapsedMs: 3000, at, rate: null }, now)).toBeNull();
    expect(remainingSeconds({ done: 100, total: 1000, elapsedMs: 900, at, rate: null }, now)).toBeNull();
  });

  it('comes from the recent pace, not from the slower start', () => {
    // 100 records in the first 2 s (setup, warm-up), now 200 a second: 900 left take 4.5 s.
    expect(remainingSeconds({ done: 100, total: 1000, elapsedMs: 2000, at, rate: 200 }, now)).toBe(4.5);
  });

  it('counts the time since the last report as spent', () => {
    expect(remainingSeconds({ done: 500, total: 1000, elapsedMs: 5000, at, rate: 100 }, now + 2000)).toBe(3);
    expect(remainingSeconds({ done: 500, total: 1000, elapsedMs: 5000, at, rate: 100 }, now + 9000)).toBe(0);
  });

  it('falls back on the pace since the start for a report without a recent one', () => {
    expect(remainingSeconds({ done: 250, total: 1000, elapsedMs: 5000, at }, now)).toBe(15);
  });
});

describe('the range of a signature check', () => {
  it('takes unix seconds or days, whole Paris days, at most 366 days, never reversed', () => {
    expect(parseRange({ startDate: '2026-03-01', endDate: '2026-03-31' })).toEqual({
      startDay: '2026-03-01',
      endDay: '2026-03-31',
    });
    // 23:30 UTC on 5 March is 00:30 on 6 March in Paris.
    expect(
      parseRange({ startDate: String(Date.parse('2026-03-05T23:30:00Z') / 1000), endDate: '2026-03-07' }),
    ).toEqual({ startDay: '2026-03-06', endDay: '2026-03-07' });
    expect(() => parseRange({ startDate: '2026-03-07', endDate: '2026-03-06' })).toThrow();
    expect(() => parseRange({ startDate: '2025-01-01', endDate: '2026-03-06' })).toThrow();
    expect(() => parseRange({ startDate: '2026-02-30', endDate: '2026-03-06' })).toThrow();
  });
});
