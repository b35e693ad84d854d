import { neutraliseSpreadsheetCell } from '@comptoir/contracts';

/**
 * CSV as the spec's "Extraire le tableau" writes it (spec 1 §9): `;` between fields, CRLF between
 * lines, UTF-8 with a byte-order mark so that spreadsheet software reads the accents, amounts
 * `1234.50` with a dot and no thousands separator.
 */
export const CSV_SEPARATOR = ';';
const BYTE_ORDER_MARK = '\uFEFF';

export type CsvValue = string | number | null | undefined;

/** Cents as `1234.50`: integer arithmetic, a minus sign for negative amounts. */
export function csvAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount in cents expected, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** A text cell: quoted when it holds a separator, a quote or a line break. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutraliseSpreadsheetCell(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file's text, header line first, byte-order mark included. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvField).join(CSV_SEPARATOR));
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}

/** A file name from a table's title: no accents, lower case, words joined by hyphens, `.csv`. */
export function csvFileName(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'tableau'}.csv`;
}
