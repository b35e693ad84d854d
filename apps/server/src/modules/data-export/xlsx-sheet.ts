import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** The one-sheet XLSX files the exports stream (the data exports, the customer-account exports). */

export interface SheetColumn {
  header: string;
  width: number;
  numFmt?: string;
}

export type Cell = string | number | Date | null;

export interface SheetWriter<Row> {
  addRows(rows: readonly Row[]): void;
  /** Writes the end of the file and ends `output`. */
  finish(): Promise<void>;
}

/**
 * A one-sheet workbook (bold header row, frozen) streamed to `output` as rows come: only the current
 * rows are held in memory.
 */
export function createSheetWriter<Row>(
  output: Writable,
  sheetName: string,
  columns: readonly SheetColumn[],
  toCells: (row: Row) => Cell[],
): SheetWriter<Row> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    // Few distinct texts (products, categories, payment types) over many rows; a year of the demo
    // group (130 000 lines) weighs 6.6 MB instead of 10 MB, written no slower.
    useSharedStrings: true,
    zip: { zlib: { level: 6 } },
  });
  workbook.creator = 'Comptoir';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width,
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  return {
    addRows(rows) {
      for (const row of rows) sheet.addRow(toCells(row)).commit();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
