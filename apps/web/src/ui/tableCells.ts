import { csvAmount, type CsvValue } from './csv';
import { formatFiscalDateTime, formatReportDateTime } from './dates';
import { formatMoney } from './money';
import { formatInteger, groupThousands } from './numbers';

/**
 * How a table column shows its values and writes them to CSV.
 * - `money`: cents as `1 234.50 €` (reports); `amount`: cents as `1 234.50` (fiscal tables, spec 2 §2).
 * - `taxRate`: a rate (0.055) shown as rate × 100 `5.5 %`; `percent`: a percentage already (12.3).
 * - `dateTime`: an ISO instant or milliseconds, shown `DD-MM-YYYY H:mm:ss` in Paris time (spec 2, fiscal).
 * - `reportDateTime`: the same, shown `DD/MM/YYYY HH:mm` (spec 3: reports, customers, exports).
 * - `day`: a business day `YYYY-MM-DD` (already a Paris date), shown `DD-MM-YYYY`.
 * - `action`: a history action (`create`, `update`, `delete`), shown through the table's labels.
 */
export type ColumnKind =
  | 'text'
  | 'money'
  | 'amount'
  | 'integer'
  | 'decimal'
  | 'percent'
  | 'taxRate'
  | 'dateTime'
  | 'reportDateTime'
  | 'day'
  | 'action';

/** A missing value (an open service's closing date) is an empty cell. */
export type CellValue = string | number | null | undefined;

const NUMERIC_KINDS: ReadonlySet<ColumnKind> = new Set([
  'money',
  'amount',
  'integer',
  'decimal',
  'percent',
  'taxRate',
]);

/** Numbers are right-aligned and filtered by comparison; the other kinds by the text shown. */
export function isNumericKind(kind: ColumnKind): boolean {
  return NUMERIC_KINDS.has(kind);
}

/** One decimal, dot separator, spaces between thousands: 1234.56 -> `1 234.6`. */
export function formatDecimal(value: number, digits = 1): string {
  const [whole = '0', fraction] = Math.abs(value).toFixed(digits).split('.');
  const sign = value < 0 && Number(Math.abs(value).toFixed(digits)) !== 0 ? '-' : '';
  return `${sign}${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** Cents as the fiscal tables show them: `1 234.50`, no currency sign (spec 2 §2 "Tables"). */
export function formatAmount(cents: number): string {
  return formatMoney(cents).replace(/\s€$/, '');
}

/** A rate as rate × 100 percent, without useless zeros: 0.055 -> `5.5 %`, 0.2 -> `20 %`. */
export function formatTaxRate(rate: number): string {
  return `${Number(percentOfRate(rate).toFixed(2))} %`;
}

function percentOfRate(rate: number): number {
  return Math.round(rate * 1_000_000) / 10_000;
}

/**
 * The text a cell shows. `actionLabel` names a history action in the reader's language; an unknown
 * action is shown as it came.
 */
export function formatCell(
  kind: ColumnKind,
  value: CellValue,
  actionLabel: (action: string) => string | undefined = () => undefined,
): string {
  if (value === null || value === undefined) return '';
  if (kind === 'dateTime') return formatInstant(value, formatFiscalDateTime);
  if (kind === 'reportDateTime') return formatInstant(value, formatReportDateTime);
  if (kind === 'day' && typeof value === 'string') return formatDay(value);
  if (typeof value === 'string') return kind === 'action' ? (actionLabel(value) ?? value) : value;
  switch (kind) {
    case 'money':
      return formatMoney(value);
    case 'amount':
      return formatAmount(value);
    case 'integer':
      return formatInteger(value);
    case 'decimal':
      return formatDecimal(value);
    case 'percent':
      return `${formatDecimal(value)} %`;
    case 'taxRate':
      return formatTaxRate(value);
    case 'text':
    case 'day':
    case 'action':
      return String(value);
  }
}

/** A date the browser cannot read is shown as it came rather than breaking the table. */
function formatInstant(value: string | number, format: (instant: string | number) => string): string {
  try {
    return format(value);
  } catch {
    return String(value);
  }
}

/** `2026-03-01` as `01-03-2026`, the date part of the fiscal tables' format. */
function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : day;
}

/** The number a reader sees in the cell, for comparison filters: euros for cents, percent for rates. */
export function cellNumber(kind: ColumnKind, value: CellValue): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  switch (kind) {
    case 'money':
    case 'amount':
      return value / 100;
    case 'taxRate':
      return percentOfRate(value);
    default:
      return value;
  }
}

/** CSV keeps numbers bare so that a spreadsheet reads them as numbers: `1234.50`, `12.5`. */
export function csvCell(
  kind: ColumnKind,
  value: CellValue,
  actionLabel: (action: string) => string | undefined = () => undefined,
): CsvValue {
  if (value === null || value === undefined) return '';
  if (kind === 'dateTime' || kind === 'reportDateTime' || kind === 'day' || kind === 'action') {
    return formatCell(kind, value, actionLabel);
  }
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'money':
    case 'amount':
      return csvAmount(value);
    case 'decimal':
    case 'percent':
      return Number(value.toFixed(1));
    case 'taxRate':
      return Number(percentOfRate(value).toFixed(2));
    case 'integer':
    case 'text':
      return value;
  }
}
