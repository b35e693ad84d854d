import { describe, expect, it } from 'vitest';
import {
  canExportSalesLines,
  defaultSalesLinesFilters,
  isExportFinished,
  salesLinesExportBodyOf,
  salesLinesPeriodProblem,
  salesLinesQueryOf,
} from './salesLinesExportRules';

const ALL = ['c1', 'c2', 'c3'];

describe('the sales-lines export rules', () => {
  it('starts with the last 7 days up to today (Paris), every establishment and activity type', () => {
    // 23:30 UTC on 24 November is already 25 November in Paris.
    expect(defaultSalesLinesFilters(new Date('2026-11-24T23:30:00Z'))).toEqual({
      startDay: '2026-11-19',
      endDay: '2026-11-25',
      companyIds: [],
      activity: [],
    });
  });

  it('sends the start at 00:00:00, the end at 23:59:59, JSON lists with everything when nothing is narrowed, limit true', () => {
    expect(
      salesLinesQueryOf({ startDay: '2026-03-13', endDay: '2026-03-14', companyIds: [], activity: [] }, ALL),
    ).toEqual({
      opening_date: '2026-03-13 00:00:00',
      closing_date: '2026-03-14 23:59:59',
      idCompanies: '["c1","c2","c3"]',
      orderTypeAway: '[1,2,3]',
      limit: true,
    });
  });

  it('sends the chosen establishments and activity types, and limit false, the e-mail and format for the export', () => {
    expect(
      salesLinesExportBodyOf(
        { startDay: '2026-03-13', endDay: '2026-03-13', companyIds: ['c2'], activity: [2] },
        ALL,
        ' compta@le-zinc.fr ',
        'csv',
      ),
    ).toEqual({
      opening_date: '2026-03-13 00:00:00',
      closing_date: '2026-03-13 23:59:59',
      idCompanies: '["c2"]',
      orderTypeAway: '[2]',
      limit: false,
      email: 'compta@le-zinc.fr',
      format: 'csv',
    });
  });

  it('refuses a missing date, reversed dates and more than one year', () => {
    expect(salesLinesPeriodProblem({ startDay: '', endDay: '2026-03-13' })).toBe('INVALID_DATE');
    expect(salesLinesPeriodProblem({ startDay: '2026-03-14', endDay: '2026-03-13' })).toBe('REVERSED_DATES');
    expect(salesLinesPeriodProblem({ startDay: '2025-03-13', endDay: '2026-03-14' })).toBe('PERIOD_TOO_LONG');
    expect(salesLinesPeriodProblem({ startDay: '2025-03-13', endDay: '2026-03-13' })).toBeNull();
  });

  it('disables the export when the preview is empty, the e-mail invalid or an export running', () => {
    const ok = { previewTotal: 12, email: 'compta@le-zinc.fr', isExporting: false };
    expect(canExportSalesLines(ok)).toBe(true);
    expect(canExportSalesLines({ ...ok, previewTotal: 0 })).toBe(false);
    expect(canExportSalesLines({ ...ok, previewTotal: null })).toBe(false);
    expect(canExportSalesLines({ ...ok, email: 'compta@' })).toBe(false);
    expect(canExportSalesLines({ ...ok, isExporting: true })).toBe(false);
  });

  it('stops following an export once done, empty or failed', () => {
    expect(['queued', 'running', 'done', 'empty', 'failed'].map(isExportFinished)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});
