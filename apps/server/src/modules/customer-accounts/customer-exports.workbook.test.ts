import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { historyNumberToCents, isValidHistoryNumber } from '@comptoir/contracts';
import { createSheetWriter, type Cell, type SheetColumn } from '../data-export/xlsx-sheet';
import {
  HISTORY_COLUMNS,
  HISTORY_SHEET,
  UNPAID_SALES_COLUMNS,
  UNPAID_SALES_SHEET,
  historyCells,
  unpaidSaleCells,
} from './customer-exports.workbook';

async function writeOne<Row>(
  sheetName: string,
  columns: readonly SheetColumn[],
  toCells: (row: Row) => Cell[],
  row: Row,
) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = createSheetWriter(output, sheetName, columns, toCells);
  writer.addRows([row]);
  await writer.finish();
  const read = new ExcelJS.Workbook();
  const bytes = Buffer.concat(chunks);
  await read.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = read.getWorksheet(sheetName)!;
  return {
    header: (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1),
    cells: (sheet.getRow(2).values as ExcelJS.CellValue[]).slice(1),
  };
}

describe('the customer-account workbooks', () => {
  it('writes a history row: Paris time, French operation, euros, texts safe from formulas', async () => {
    const { header, cells } = await writeOne(HISTORY_SHEET, HISTORY_COLUMNS, historyCells, {
      at: new Date('2026-03-13T12:30:00Z'),
      companyName: '@Brasserie',
      operation: 'charge',
      customerLastname: '=1+1',
      customerFirstname: 'Anne',
      userFirstname: 'Léa',
      userLastname: 'Martin',
      paymentName: null,
      amount: -1250,
      balanceAfter: -3075,
    });
    expect(header).toEqual(HISTORY_COLUMNS.map((c) => c.header));
    expect(cells[0]).toEqual(new Date('2026-03-13T13:30:00Z'));
    expect(cells[1]).toBe("'@Brasserie");
    expect(cells[2]).toBe('Débit');
    expect(cells[3]).toBe("'=1+1");
    expect(cells[5]).toBe('Léa Martin');
    expect(cells[7]).toBe(-12.5);
    expect(cells[8]).toBe(-30.75);
  });

  it('writes an unpaid note with its order number and what remains due', async () => {
    const { cells } = await writeOne(UNPAID_SALES_SHEET, UNPAID_SALES_COLUMNS, unpaidSaleCells, {
      at: new Date('2026-07-01T10:00:00Z'),
      lastname: 'Durand',
      firstname: 'Paul',
      companyName: 'Crêperie',
      orderNumber: 42,
      amount: 2390,
      remaining: 1000,
    });
    // Summer time: UTC+2.
    expect(cells).toEqual([new Date('2026-07-01T12:00:00Z'), 'Durand', 'Paul', 'Crêperie', 42, 23.9, 10]);
  });
});

describe('the numeric rule of an amount or balance search', () => {
  it('takes digits with an optional comma or dot decimal, in euros', () => {
    expect(historyNumberToCents('12,5')).toBe(1250);
    expect(historyNumberToCents('12.50')).toBe(1250);
    expect(historyNumberToCents(' 7 ')).toBe(700);
    expect(historyNumberToCents('0,05')).toBe(5);
    expect(historyNumberToCents('1.999')).toBe(200);
    for (const bad of ['', '12a', '-5', '1,2,3', ',5', '5,', '1 000', '+3']) {
      expect(isValidHistoryNumber(bad), bad).toBe(false);
      expect(historyNumberToCents(bad), bad).toBeNull();
    }
  });
});
