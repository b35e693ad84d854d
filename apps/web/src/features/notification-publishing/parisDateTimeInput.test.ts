import { describe, expect, it } from 'vitest';
import { isoToParisInput, parisInputToIso } from './parisDateTimeInput';

describe('Paris date-time inputs', () => {
  it('reads a winter value as UTC+1 and a summer one as UTC+2', () => {
    expect(parisInputToIso('2026-01-15T09:30')).toBe('2026-01-15T08:30:00.000Z');
    expect(parisInputToIso('2026-07-15T09:30')).toBe('2026-07-15T07:30:00.000Z');
  });

  it('writes an instant back as its Paris wall-clock value', () => {
    expect(isoToParisInput('2026-01-15T08:30:00.000Z')).toBe('2026-01-15T09:30');
    expect(isoToParisInput('2026-07-15T07:30:00.000Z')).toBe('2026-07-15T09:30');
  });

  it('refuses what is not a date-time value', () => {
    expect(parisInputToIso('')).toBeNull();
    expect(parisInputToIso('15/01/2026 09:30')).toBeNull();
  });
});
