import { describe, expect, it } from 'vitest';
import { addYears, parisToday } from '@comptoir/contracts';
import {
  defaultExportRange,
  exportDayBounds,
  exportRangeError,
  isValidEmail,
  toExportDate,
} from './fiscalExportRules';

describe('fiscal export period', () => {
  it('proposes one year back plus one day, up to today', () => {
    expect(defaultExportRange('2026-03-15')).toEqual({ startDay: '2025-03-16', endDay: '2026-03-15' });
  });

  it('accepts the proposed period, the longest one allowed', () => {
    expect(exportRangeError(defaultExportRange('2026-03-15'))).toBeNull();
    expect(exportRangeError(defaultExportRange('2024-02-29'))).toBeNull();
  });

  it('accepts a period of a single day', () => {
    expect(exportRangeError({ startDay: '2026-03-15', endDay: '2026-03-15' })).toBeNull();
  });

  it('refuses a start after the end ("La date de début est supérieure à la date de fin")', () => {
    expect(exportRangeError({ startDay: '2026-03-16', endDay: '2026-03-15' })).toBe('reversedDates');
  });

  it('refuses a period longer than one year ("La période ne doit pas dépasser un an.")', () => {
    expect(exportRangeError({ startDay: '2025-03-15', endDay: '2026-03-15' })).toBe('overOneYear');
    expect(exportRangeError({ startDay: '2023-02-28', endDay: '2024-02-29' })).toBe('overOneYear');
  });

  it("refuses what the server's fiscal period rule refuses: before 2000, after this year", () => {
    const now = new Date('2026-05-12T10:00:00Z');
    expect(exportRangeError({ startDay: '1999-06-01', endDay: '2000-01-15' }, now)).toBe('outOfRange');
    expect(exportRangeError({ startDay: '2026-06-01', endDay: '2027-01-15' }, now)).toBe('outOfRange');
    expect(exportDayBounds({ startDay: '2026-03-01', endDay: '2000-06-01' }, now)).toEqual({
      start: { min: '2000-01-01', max: '2001-06-01' },
      end: { min: '2025-03-01', max: '2026-12-31' },
    });
  });

  it('requires both dates', () => {
    expect(exportRangeError({ startDay: '', endDay: '2026-03-15' })).toBe('missingDates');
    expect(exportRangeError({ startDay: '2026-03-01', endDay: '' })).toBe('missingDates');
    expect(exportRangeError({ startDay: '2026-02-30', endDay: '2026-03-15' })).toBe('missingDates');
  });

  it('keeps 29 February on 28 February of a common year', () => {
    expect(addYears('2024-02-29', -1)).toBe('2023-02-28');
    expect(defaultExportRange('2024-02-29')).toEqual({ startDay: '2023-03-01', endDay: '2024-02-29' });
  });

  it('lets each date picker choose within one year of the other date', () => {
    expect(exportDayBounds({ startDay: '2025-06-10', endDay: '2025-09-01' })).toEqual({
      start: { min: '2024-09-01', max: '2026-09-01' },
      end: { min: '2024-06-10', max: '2026-06-10' },
    });
    expect(exportDayBounds({ startDay: '', endDay: '2025-09-01' }).end).toEqual({});
  });

  it("takes today's date in Paris, whatever the browser's time zone", () => {
    expect(parisToday(new Date('2026-03-14T23:30:00Z'))).toBe('2026-03-15');
    expect(parisToday(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(parisToday(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  it('sends dates as YYYYMMDD', () => {
    expect(toExportDate('2025-03-16')).toBe('20250316');
  });
});

describe('fiscal export e-mail', () => {
  it('accepts an ordinary address', () => {
    expect(isValidEmail('camille.dupont@brasserie-dupont.fr')).toBe(true);
    expect(isValidEmail('compta+fisc@cabinet.example')).toBe(true);
  });

  it('refuses what cannot receive the export', () => {
    for (const email of [
      '',
      'camille',
      'camille@',
      '@brasserie.fr',
      'camille@brasserie',
      'camille @brasserie.fr',
    ])
      expect(isValidEmail(email), email).toBe(false);
  });

  it('refuses an address longer than 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(187)}.fr`)).toBe(false);
  });
});
