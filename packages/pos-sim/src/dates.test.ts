import { describe, expect, it } from 'vitest';
import {
  addDays,
  easterSunday,
  frenchPublicHolidays,
  lastDayOfMonth,
  parisDayOf,
  parisOffsetMinutes,
  parisTimeToUtcMs,
  parseInstant,
  toIso,
} from './dates';

const parisHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Europe/Paris offset in minutes at an instant, from the runtime's time-zone database. */
function intlOffset(utcMs: number): number {
  const parts = Object.fromEntries(parisHour.formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return (wall - utcMs) / 60_000;
}

describe('Europe/Paris time', () => {
  it('agrees with the time-zone database every half hour from 2024 to 2027', () => {
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2028, 0, 1); t += 30 * 60_000) {
      expect(parisOffsetMinutes(t), toIso(t)).toBe(intlOffset(t));
    }
  });

  it('places a wall-clock time on both sides of the spring and autumn changes', () => {
    expect(toIso(parisTimeToUtcMs('2026-03-28', 23 * 60))).toBe('2026-03-28T22:00:00.000Z');
    expect(toIso(parisTimeToUtcMs('2026-03-28', 24 * 60 + 90))).toBe('2026-03-29T00:30:00.000Z');
    expect(toIso(parisTimeToUtcMs('2026-03-29', 12 * 60))).toBe('2026-03-29T10:00:00.000Z');
    expect(toIso(parisTimeToUtcMs('2025-10-25', 24 * 60 + 90))).toBe('2025-10-25T23:30:00.000Z');
    expect(toIso(parisTimeToUtcMs('2025-10-26', 12 * 60))).toBe('2025-10-26T11:00:00.000Z');
  });

  it('moves a skipped time forward and reads a repeated one as summer time', () => {
    expect(toIso(parisTimeToUtcMs('2026-03-29', 2 * 60 + 30))).toBe('2026-03-29T01:30:00.000Z');
    expect(toIso(parisTimeToUtcMs('2025-10-26', 2 * 60 + 30))).toBe('2025-10-26T00:30:00.000Z');
  });

  it('tells the Paris calendar day of an instant', () => {
    expect(parisDayOf(Date.parse('2026-01-15T23:30:00Z'))).toBe('2026-01-16');
    expect(parisDayOf(Date.parse('2026-07-15T21:59:00Z'))).toBe('2026-07-15');
    expect(parisDayOf(Date.parse('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
  });

  it('formats instants exactly as Date#toISOString', () => {
    for (const ms of [0, 1, 999, 86_399_999, 1_700_000_000_123, Date.parse('2028-02-29T23:59:59.999Z')]) {
      expect(toIso(ms)).toBe(new Date(ms).toISOString());
    }
  });
});

describe('ISO instants', () => {
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

describe('calendar', () => {
  it('adds days across months, leap years and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(lastDayOfMonth('2024-02-10')).toBe('2024-02-29');
  });

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
