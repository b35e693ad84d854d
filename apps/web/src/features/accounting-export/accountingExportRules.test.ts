import { describe, expect, it } from 'vitest';
import type { AccountingExportRecord } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import {
  accountingErrorMessage,
  accountingPeriodQuery,
  accountingShortcutRange,
  canValidatePeriod,
  exportButtonState,
  exportability,
  fecDayText,
  hasPendingExport,
  overlappingExports,
  dayRuns,
  savedMode,
  shortHash,
  validatedPeriod,
} from './accountingExportRules';

const COMPANY = '0c0c0c0c-0000-4000-8000-000000000001';
const OTHER = '0c0c0c0c-0000-4000-8000-000000000002';

function record(overrides: Partial<AccountingExportRecord>): AccountingExportRecord {
  return {
    id: '0e0e0e0e-0000-4000-8000-000000000001',
    companyId: COMPANY,
    status: 'done',
    mail: null,
    format: 'fec',
    mode: 2,
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
    openFrom: null,
    askedEnd: '2026-10-31',
    resumedFrom: null,
    requestedBy: 'Léa Martin',
    createdAt: '2026-11-02T09:15:00.000Z',
    fileName: '123456789FEC20261031.txt',
    sha256: 'a'.repeat(64),
    firstEcritureNum: 1,
    lastEcritureNum: 31,
    lines: 240,
    downloadUrl: '/api/exportVat/exports/x/file',
    descriptionUrl: '/api/exportVat/exports/x/description',
    analyticsUrl: null,
    ...overrides,
  };
}

describe('period shortcuts', () => {
  it('offers today, the last 7 and 30 days (today included) and the previous month', () => {
    expect(accountingShortcutRange('today', '2026-11-25')).toEqual({
      start: '2026-11-25',
      end: '2026-11-25',
    });
    expect(accountingShortcutRange('last7days', '2026-11-25')).toEqual({
      start: '2026-11-19',
      end: '2026-11-25',
    });
    expect(accountingShortcutRange('last30days', '2026-11-25')).toEqual({
      start: '2026-10-27',
      end: '2026-11-25',
    });
    expect(accountingShortcutRange('previousMonth', '2026-03-05')).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
    });
  });
});

describe('the validate button', () => {
  it('stays disabled until both dates are chosen', () => {
    expect(canValidatePeriod({ start: '2026-11-01', end: '' }, COMPANY)).toBe(false);
    expect(canValidatePeriod({ start: '', end: '2026-11-01' }, COMPANY)).toBe(false);
    expect(canValidatePeriod({ start: '2026-11-01', end: '2026-11-02' }, COMPANY)).toBe(true);
  });

  it('refuses a reversed period, one of more than a year and a missing establishment', () => {
    expect(canValidatePeriod({ start: '2026-11-02', end: '2026-11-01' }, COMPANY)).toBe(false);
    expect(canValidatePeriod({ start: '2025-11-01', end: '2026-11-02' }, COMPANY)).toBe(false);
    expect(canValidatePeriod({ start: '2025-11-01', end: '2026-11-01' }, COMPANY)).toBe(true);
    expect(canValidatePeriod({ start: '2026-11-01', end: '2026-11-02' }, '')).toBe(false);
  });

  it('changes nothing when the identical range is picked again', () => {
    const first = validatedPeriod(null, { start: '2026-11-01', end: '2026-11-07' }, COMPANY);
    expect(first).toEqual({ companyId: COMPANY, start: '2026-11-01', end: '2026-11-07' });
    expect(validatedPeriod(first, { start: '2026-11-01', end: '2026-11-07' }, COMPANY)).toBe(first);
    expect(validatedPeriod(first, { start: '2026-11-01', end: '2026-11-08' }, COMPANY)).not.toBe(first);
    expect(validatedPeriod(first, { start: '2026-11-01', end: '2026-11-07' }, OTHER)?.companyId).toBe(OTHER);
  });

  it('keeps the validated period when the range cannot be validated', () => {
    const first = validatedPeriod(null, { start: '2026-11-01', end: '2026-11-07' }, COMPANY);
    expect(validatedPeriod(first, { start: '2026-11-01', end: '' }, COMPANY)).toBe(first);
  });
});

describe('the calls', () => {
  it('sends the period as whole Paris days and one establishment as JSON', () => {
    expect(accountingPeriodQuery({ companyId: COMPANY, start: '2026-11-01', end: '2026-11-07' })).toEqual({
      opening_date: '2026-11-01 00:00:00',
      closing_date: '2026-11-07 23:59:59',
      idCompanies: JSON.stringify([COMPANY]),
    });
  });

  it('starts the preview on the saved mode, 2 detailed when unset', () => {
    expect(savedMode('1')).toBe(1);
    expect(savedMode('2')).toBe(2);
    expect(savedMode('')).toBe(2);
    expect(savedMode(undefined)).toBe(2);
  });
});

describe('exportability and the export button', () => {
  it('lists what lacks an account by kind, leaving out the complete kinds', () => {
    const answer = exportability([
      {
        result: {
          ok: false,
          errors: {
            vat: [{ id: '0.1', label: '10 %' }],
            sales: [],
            payments: [{ id: 'p', label: 'Chèque' }],
          },
        },
      },
    ]);
    expect(answer.isExportable).toBe(false);
    expect(answer.missing.map((group) => group.kind)).toEqual(['vat', 'payments']);
  });

  it('is disabled without a preview or with an empty one, and while exporting', () => {
    expect(exportButtonState({ previewTotal: undefined, isExportable: true, isExporting: false })).toBe(
      'disabled',
    );
    expect(exportButtonState({ previewTotal: 0, isExportable: true, isExporting: false })).toBe('disabled');
    expect(exportButtonState({ previewTotal: 12, isExportable: true, isExporting: true })).toBe('disabled');
  });

  it('opens the warning when the period is not exportable, else exports', () => {
    expect(exportButtonState({ previewTotal: 12, isExportable: false, isExporting: false })).toBe('warn');
    expect(exportButtonState({ previewTotal: 12, isExportable: true, isExporting: false })).toBe('export');
  });
});

describe('what the page shows', () => {
  it('writes FEC days as DD/MM/YYYY and leaves an empty one empty', () => {
    expect(fecDayText('20261124')).toBe('24/11/2026');
    expect(fecDayText('')).toBe('');
  });

  it('gathers exported days into runs of consecutive days, across a month\u2019s end', () => {
    expect(dayRuns(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-03'])).toEqual([
      { first: '2026-10-30', last: '2026-11-01' },
      { first: '2026-11-03', last: '2026-11-03' },
    ]);
    expect(dayRuns([])).toEqual([]);
  });

  it('shortens a SHA-256', () => {
    expect(shortHash('0123456789abcdef'.repeat(4))).toBe('0123456789ab…');
  });

  it('polls while an export is queued or running', () => {
    expect(hasPendingExport([record({ status: 'done' })])).toBe(false);
    expect(hasPendingExport([record({ status: 'done' }), record({ status: 'running' })])).toBe(true);
    expect(hasPendingExport([record({ status: 'queued' })])).toBe(true);
    expect(hasPendingExport(undefined)).toBe(false);
  });

  it('finds the earlier written exports of the establishment in the format overlapping the period', () => {
    const october = record({ id: '0e0e0e0e-0000-4000-8000-000000000001' });
    const failed = record({ id: '0e0e0e0e-0000-4000-8000-000000000002', status: 'failed' });
    const elsewhere = record({ id: '0e0e0e0e-0000-4000-8000-000000000003', companyId: OTHER });
    const csv = record({ id: '0e0e0e0e-0000-4000-8000-000000000004', format: 'csv' });
    const records = [october, failed, elsewhere, csv];
    const week = { companyId: COMPANY, start: '2026-10-31', end: '2026-11-06' };
    expect(overlappingExports(records, week, 'fec')).toEqual([october]);
    expect(overlappingExports(records, week, 'csv')).toEqual([csv]);
    // Both CSV layouts are one presentation: the server asks about either after either.
    expect(overlappingExports(records, week, 'csv_fr')).toEqual([csv]);
    expect(
      overlappingExports(records, { companyId: COMPANY, start: '2026-11-01', end: '2026-11-06' }, 'fec'),
    ).toEqual([]);
  });

  it('maps each refusal code to its text, anything else to the export error', () => {
    expect(accountingErrorMessage(new ApiError(409, 'ACCOUNTING_PERIOD_ALREADY_EXPORTED', 'x'))).toBe(
      'accountingExport.error.ACCOUNTING_PERIOD_ALREADY_EXPORTED',
    );
    expect(accountingErrorMessage(new ApiError(400, 'PERIOD_TOO_LONG', 'x'))).toBe(
      'accountingExport.error.PERIOD_TOO_LONG',
    );
    expect(accountingErrorMessage(new ApiError(500, 'INTERNAL', 'x'))).toBe('accountingExport.error.generic');
    expect(accountingErrorMessage(new TypeError('offline'))).toBe('accountingExport.error.generic');
  });
});
