import { describe, expect, it } from 'vitest';
import { easterSunday, frenchPublicHolidays, parseInstant, toIso } from './dates';

describe('ISO instants', () => {
  it('writes instants exactly as Date#toISOString', () => {
    for (const ms of [0, 1, 999, 86_399_999, 1_700_000_000_123, Date.parse('2028-02-29T23:59:59.999Z')]) {
      expect(toIso(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('reads an instant with its offset, to the millisecond', () => {
    expect(parseInstant('2026-03-31T11:00:00.000Z')).toBe(Date.UTC(2026, 2, 31, 11));
    expect(parseInstant('2026-03-31T13:00+02:00')).toBe(Date.UTC(2026, 2, 31, 11));
    expect(parseInstant('2026-03-31T11:00:00.5Z')).toBe(Date.UTC(2026, 2, 31, 11, 0, 0, 500));
  });

  it('refuses a day alone, a local time without offset and a day that does not exist', () => {
    for (const bad of [
      '2026-03-31',
      '2026-03-31T13:00:00',
      '2026-02-30T10:00:00Z',
      '2026-03-31T25:00Z',
      '',
    ]) {
      expect(() => parseInstant(bad)).toThrow(RangeError);
    }
  });
});

describe('the simulator’s calendar', () => {
  it('knows Easter and the French public holidays that move with it', () => {
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    const holidays = frenchPublicHolidays(2026);
    expect(holidays.size).toBe(11);
    expect(holidays.get('2026-04-06')).toBe('Lundi de Pâques');
    expect(holidays.get('2026-05-14')).toBe('Ascension');
    expect(holidays.get('2026-05-25')).toBe('Lundi de Pentecôte');
    expect(holidays.get('2026-07-14')).toBe('Fête nationale');
  });
});
