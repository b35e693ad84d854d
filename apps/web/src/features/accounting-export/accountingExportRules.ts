import {
  isAccountingCsv,
  ACCOUNTING_EXPORT_DEFAULT_MODE,
  accountingExportMode,
  type AccountingExportErrorCode,
  type AccountingExportFormat,
  type AccountingExportMode,
  type AccountingExportRecord,
  type AccountingExportableResponse,
  type AccountingPeriodQuery,
  addCalendarDays,
} from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import type { MessageKey } from './accounting-export.i18n';
import { dayRangeProblem, type DayRange, type MaxSpan } from '../../ui/dateRangeRules';
import { shortcutPeriod } from '../reports/reportPeriods';

/** Spec 3 §2: the period shortcuts of the accounting export, in the order offered. */
export const ACCOUNTING_PERIOD_SHORTCUTS = ['today', 'last7days', 'last30days', 'previousMonth'] as const;
export type AccountingPeriodShortcut = (typeof ACCOUNTING_PERIOD_SHORTCUTS)[number];

/** Spec 3 §9: an export covers one year at most. */
export const ACCOUNTING_MAX_SPAN: MaxSpan = { years: 1, isAnniversaryIncluded: true };

export function accountingShortcutRange(shortcut: AccountingPeriodShortcut, today: string): DayRange {
  const period = shortcutPeriod(shortcut, today);
  return { start: period.begin, end: period.end };
}

/** Spec 3 §9: the default range, last 7 days to today. */
export function defaultAccountingRange(today: string): DayRange {
  return accountingShortcutRange('last7days', today);
}

/** What the preview and exportability are asked for once the user validates. */
export interface AccountingPeriod {
  companyId: string;
  start: string;
  end: string;
}

/** §5: the validate button waits for both dates (and a period the export accepts). */
export function canValidatePeriod(range: DayRange, companyId: string): boolean {
  return companyId !== '' && dayRangeProblem(range, { maxSpan: ACCOUNTING_MAX_SPAN }) === null;
}

/**
 * The period after validating: the same object when the user re-picked the identical range and
 * establishment (§5 "re-picking the same range changes nothing": no new request).
 */
export function validatedPeriod(
  current: AccountingPeriod | null,
  range: DayRange,
  companyId: string,
): AccountingPeriod | null {
  if (!canValidatePeriod(range, companyId)) return current;
  if (current?.companyId === companyId && current.start === range.start && current.end === range.end) {
    return current;
  }
  return { companyId, start: range.start, end: range.end };
}

/** §9: the portal sends `YYYY-MM-DD 00:00:00` and `YYYY-MM-DD 23:59:59`, and the companies as JSON. */
export function accountingPeriodQuery(period: AccountingPeriod): AccountingPeriodQuery {
  return {
    opening_date: `${period.start} 00:00:00`,
    closing_date: `${period.end} 23:59:59`,
    idCompanies: JSON.stringify([period.companyId]),
  };
}

export type AccountingMissingKind = 'vat' | 'sales' | 'payments';
export const ACCOUNTING_MISSING_KINDS: readonly AccountingMissingKind[] = ['vat', 'sales', 'payments'];

/** The exportability answer: ok, and what lacks an account by kind (empty kinds left out). */
export function exportability(response: AccountingExportableResponse | undefined): {
  isExportable: boolean;
  missing: { kind: AccountingMissingKind; items: { id: string; label: string }[] }[];
} {
  const result = response?.[0]?.result;
  if (!result) return { isExportable: false, missing: [] };
  const missing = ACCOUNTING_MISSING_KINDS.map((kind) => ({ kind, items: result.errors[kind] })).filter(
    (group) => group.items.length > 0,
  );
  return { isExportable: result.ok && missing.length === 0, missing };
}

/** The saved `account_vat_mode` as a mode; the default (2 detailed) when unset or unreadable. */
export function savedMode(value: string | undefined): AccountingExportMode {
  const parsed = accountingExportMode.safeParse(Number(value));
  return parsed.success ? parsed.data : ACCOUNTING_EXPORT_DEFAULT_MODE;
}

export type ExportButtonState = 'disabled' | 'warn' | 'export';

/**
 * What the export button does: nothing while there is no validated preview or it is empty (§5), the
 * warning dialog when the period is not exportable (§4), else the export.
 */
export function exportButtonState(input: {
  previewTotal: number | undefined;
  isExportable: boolean | undefined;
  isExporting: boolean;
}): ExportButtonState {
  if (input.isExporting || input.previewTotal === undefined || input.previewTotal === 0) return 'disabled';
  if (input.isExportable === undefined) return 'disabled';
  return input.isExportable ? 'export' : 'warn';
}

/** FEC dates are `YYYYMMDD`; the page shows `DD/MM/YYYY` (an empty or odd value as it came). */
export function fecDayText(value: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

/** A SHA-256 shortened for the list; the full one goes in a title. */
export function shortHash(hash: string): string {
  return hash.length > 12 ? `${hash.slice(0, 12)}…` : hash;
}

/** An export still being written: the list is polled until it ends. */
export function hasPendingExport(records: readonly AccountingExportRecord[] | undefined): boolean {
  return (
    records?.some(
      (record) =>
        record.status === 'queued' || record.status === 'running' || record.status === 'interrupted',
    ) ?? false
  );
}

/**
 * The earlier written exports of the establishment in this format whose period overlaps this one,
 * newest first (the server asks to confirm a FEC after a FEC, a CSV after a CSV, never across).
 */
export function overlappingExports(
  records: readonly AccountingExportRecord[] | undefined,
  period: AccountingPeriod,
  format: AccountingExportFormat,
): AccountingExportRecord[] {
  return (records ?? []).filter(
    (record) =>
      record.companyId === period.companyId &&
      isAccountingCsv(record.format) === isAccountingCsv(format) &&
      record.status === 'done' &&
      record.periodStart <= period.end &&
      record.periodEnd >= period.start,
  );
}

const ERROR_MESSAGES: Record<AccountingExportErrorCode, MessageKey> = {
  INVALID_EMAIL: 'accountingExport.error.INVALID_EMAIL',
  INVALID_DATE: 'accountingExport.error.INVALID_DATE',
  REVERSED_DATES: 'accountingExport.error.REVERSED_DATES',
  PERIOD_TOO_LONG: 'accountingExport.error.PERIOD_TOO_LONG',
  ACCOUNTING_ONE_COMPANY: 'accountingExport.error.ACCOUNTING_ONE_COMPANY',
  ACCOUNTING_NOT_EXPORTABLE: 'accountingExport.error.ACCOUNTING_NOT_EXPORTABLE',
  ACCOUNTING_ACCOUNT_NUMBER_INVALID: 'accountingExport.error.ACCOUNTING_ACCOUNT_NUMBER_INVALID',
  ACCOUNTING_PERIOD_ALREADY_EXPORTED: 'accountingExport.error.ACCOUNTING_PERIOD_ALREADY_EXPORTED',
  ACCOUNTING_NOTHING_TO_EXPORT: 'accountingExport.error.ACCOUNTING_NOTHING_TO_EXPORT',
  ACCOUNTING_DAYS_OPEN: 'accountingExport.error.ACCOUNTING_DAYS_OPEN',
  ACCOUNTING_EXPORT_NOT_FOUND: 'accountingExport.error.ACCOUNTING_EXPORT_NOT_FOUND',
};

/** §8: each refusal of the export routes with its text; anything else is the export error text. */
export function accountingErrorMessage(error: unknown): MessageKey {
  if (error instanceof ApiError && error.code in ERROR_MESSAGES) {
    return ERROR_MESSAGES[error.code as AccountingExportErrorCode];
  }
  return 'accountingExport.error.generic';
}

export function isAlreadyExported(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'ACCOUNTING_PERIOD_ALREADY_EXPORTED';
}

/**
 * Business days (`YYYY-MM-DD`, sorted) as runs of consecutive days: a year of exported days is one
 * run, not 365 dates.
 */
export function dayRuns(days: readonly string[]): { first: string; last: string }[] {
  const runs: { first: string; last: string }[] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && addCalendarDays(run.last, 1) === day) run.last = day;
    else runs.push({ first: day, last: day });
  }
  return runs;
}
