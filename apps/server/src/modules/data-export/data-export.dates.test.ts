import { describe, expect, it } from 'vitest';
import { addYears, exportPeriodProblem, isValidExportEmail, parisWallClock } from '@comptoir/contracts';
import { AppError } from '../../platform/errors';
import { formatPeriodBound } from '../../platform/mailed-export/export-mail';
import { parseExportInstant, resolveExportPeriod } from './data-export.dates';

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (err) {
    return err instanceof AppError ? err.code : 'NOT_AN_APP_ERROR';
  }
}

describe('payment-products export period (spec 1 §5)', () => {
  it('reads YYYY-MM-DD HH:mm:ss as Paris time, winter and summer', () => {
    expect(parseExportInstant('2026-01-15 00:00:00')?.toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(parseExportInstant('2026-07-15 23:59:59')?.toISOString()).toBe('2026-07-15T21:59:59.000Z');
  });

  it('reads an ISO instant with its offset as is', () => {
    expect(parseExportInstant('2026-03-13T10:00:00+01:00')?.toISOString()).toBe('2026-03-13T09:00:00.000Z');
    expect(parseExportInstant('2026-03-13T10:00:00Z')?.toISOString()).toBe('2026-03-13T10:00:00.000Z');
  });

  it('moves a time skipped when clocks go forward by one hour', () => {
    expect(parseExportInstant('2026-03-29 02:30:00')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('refuses dates that do not exist or are not in a known format', () => {
    for (const value of ['2026-02-30 00:00:00', '2026-03-13 24:00:00', '13/03/2026', '', 'demain']) {
      expect(parseExportInstant(value)).toBeNull();
    }
    expect(codeOf(() => resolveExportPeriod('13/03/2026', '2026-03-14 23:59:59'))).toBe('INVALID_DATE');
  });

  it('refuses an end before the start with REVERSED_DATES', () => {
    expect(codeOf(() => resolveExportPeriod('2026-03-14 00:00:00', '2026-03-13 23:59:59'))).toBe(
      'REVERSED_DATES',
    );
  });

  it('accepts one year to the day and refuses one day more with PERIOD_TOO_LONG', () => {
    expect(codeOf(() => resolveExportPeriod('2025-03-13 00:00:00', '2026-03-13 23:59:59'))).toBeNull();
    expect(codeOf(() => resolveExportPeriod('2025-03-13 00:00:00', '2026-03-14 23:59:59'))).toBe(
      'PERIOD_TOO_LONG',
    );
    expect(exportPeriodProblem('2024-02-29', '2025-02-28')).toBeNull();
    expect(exportPeriodProblem('2024-02-29', '2025-03-01')).toBe('PERIOD_TOO_LONG');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2026-03-31', -1)).toBe('2025-03-31');
  });

  it('gives the Paris days of the period', () => {
    expect(resolveExportPeriod('2026-03-13 00:00:00', '2026-03-14 23:59:59')).toMatchObject({
      startDay: '2026-03-13',
      endDay: '2026-03-14',
    });
  });

  it('checks the e-mail the same way as the portal', () => {
    expect(isValidExportEmail('gerant@le-zinc.fr')).toBe(true);
    expect(isValidExportEmail('gerant@le-zinc')).toBe(false);
    expect(isValidExportEmail('gerant le-zinc.fr')).toBe(false);
  });

  it('writes the period in mails as days, with times only when they are not whole days', () => {
    const start = parseExportInstant('2026-03-13 00:00:00')!;
    const end = parseExportInstant('2026-03-14 23:59:59')!;
    expect(formatPeriodBound(start, 'start')).toBe('13/03/2026');
    expect(formatPeriodBound(end, 'end')).toBe('14/03/2026');
    expect(formatPeriodBound(parseExportInstant('2026-03-14 18:30:00')!, 'end')).toBe('14/03/2026 18:30:00');
    expect(parisWallClock(end).toISOString()).toBe('2026-03-14T23:59:59.000Z');
  });
});
