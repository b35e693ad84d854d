import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  csvLine,
  fecAmount,
  neutraliseSpreadsheetCell,
  productTypeLabel,
  SALES_LINES_HEADERS,
  UTF8_BOM,
  type SalesLinesFormat,
  formatParis,
  parisWallClock,
} from '@comptoir/contracts';
import type { SalesLineRow } from './sales-lines.repository';
import { createSheetWriter, type Cell, type SheetColumn } from './xlsx-sheet';

const MONEY = '#,##0.00';
const WIDTHS = [28, 38, 20, 14, 38, 32, 12, 12, 12, 38, 38, 20] as const;
const NUMBER_FORMATS: Partial<Record<(typeof SALES_LINES_HEADERS)[number], string>> = {
  'HEURE VENTE': 'dd/mm/yyyy hh:mm:ss',
  HT: MONEY,
  TVA: MONEY,
  TTC: MONEY,
};

/** Spec 3 §3's twelve columns, in order. */
export const SALES_LINES_COLUMNS: readonly SheetColumn[] = SALES_LINES_HEADERS.map((header, index) => ({
  header,
  width: WIDTHS[index] ?? 20,
  ...(NUMBER_FORMATS[header] ? { numFmt: NUMBER_FORMATS[header] } : {}),
}));

export const SALES_LINES_SHEET = 'Lignes de ventes';

export interface SalesLinesFileWriter {
  /** Resolves once `output` can take more (the CSV waits for the storage to drain). */
  addRows(rows: readonly SalesLineRow[]): Promise<void>;
  /** Writes the end of the file and ends `output`. */
  finish(): Promise<void>;
}

/**
 * One line's cells: names neutralised against formulas; amounts in euros, numbers (XLSX) or
 * `1234,56` as in the accounting CSV; the sale time a date (XLSX) or `YYYY-MM-DD HH:mm:ss` (CSV), Paris
 * time; the product type in French but in the comma CSV, which stays as its clients read it.
 */
export function salesLineCells(
  row: SalesLineRow,
  companyNames: ReadonlyMap<string, string>,
  format: SalesLinesFormat,
): Cell[] {
  const money = (cents: number) => (format === 'xlsx' ? cents / 100 : fecAmount(cents));
  return [
    neutraliseSpreadsheetCell(companyNames.get(row.companyId) ?? ''),
    row.lineId,
    format === 'xlsx' ? parisWallClock(row.soldAt) : formatParis(row.soldAt, 'YYYY-MM-DD HH:mm:ss'),
    neutraliseSpreadsheetCell(format === 'csv' ? row.productType : productTypeLabel(row.productType)),
    row.productId,
    neutraliseSpreadsheetCell(row.productName),
    money(row.amountEvat),
    money(row.amountTax),
    money(row.amountIvat),
    row.parentId,
    row.roomId,
    row.roomName === null ? null : neutraliseSpreadsheetCell(row.roomName),
  ];
}

/**
 * An XLSX (one sheet) or a CSV of either layout (quoted values, CRLF, UTF-8 with BOM), written as
 * rows come.
 */
export function createSalesLinesFile(
  output: Writable,
  format: SalesLinesFormat,
  companyNames: ReadonlyMap<string, string>,
): SalesLinesFileWriter {
  if (format === 'xlsx') {
    const sheet = createSheetWriter(output, SALES_LINES_SHEET, SALES_LINES_COLUMNS, (row: SalesLineRow) =>
      salesLineCells(row, companyNames, 'xlsx'),
    );
    return {
      addRows: (rows) => Promise.resolve(sheet.addRows(rows)),
      finish: () => sheet.finish(),
    };
  }
  const write = async (text: string) => {
    if (!output.write(text)) await once(output, 'drain');
  };
  let isHeaderWritten = false;
  const header = () =>
    isHeaderWritten ? '' : ((isHeaderWritten = true), `${UTF8_BOM}${csvLine(format, SALES_LINES_HEADERS)}`);
  return {
    async addRows(rows) {
      const lines = rows.map((row) =>
        csvLine(format, salesLineCells(row, companyNames, format) as (string | null)[]),
      );
      await write(header() + lines.join(''));
    },
    async finish() {
      await write(header());
      output.end();
    },
  };
}

/** The file's extension: both CSV layouts are `.csv`. */
export function salesLinesExtension(format: SalesLinesFormat): 'xlsx' | 'csv' {
  return format === 'xlsx' ? 'xlsx' : 'csv';
}

/** `lignes-ventes_2026-03-13_2026-03-14.xlsx`, with the period's business days. */
export function salesLinesFilename(startDay: string, endDay: string, format: SalesLinesFormat): string {
  return `lignes-ventes_${startDay}_${endDay}.${salesLinesExtension(format)}`;
}
