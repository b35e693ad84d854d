import { describe, expect, it } from 'vitest';
import { isCalendarMonth, parisMonth, shiftMonth } from './months';

describe('calendar months', () => {
  it('steps across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-05', 0)).toBe('2026-05');
  });

  it('takes the month of Paris, not of UTC', () => {
    expect(parisMonth(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12');
  });

  it('reads only YYYY-MM', () => {
    expect(isCalendarMonth('2026-12')).toBe(true);
    expect(isCalendarMonth('2026-00')).toBe(false);
    expect(() => shiftMonth('2026-13', 1)).toThrow(RangeError);
  });
});
