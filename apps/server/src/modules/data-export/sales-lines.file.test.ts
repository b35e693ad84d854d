import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SALES_LINES_HEADERS, type SalesLinesFormat } from '@comptoir/contracts';
import { createSalesLinesFile, SALES_LINES_SHEET } from './sales-lines.file';
import type { SalesLineRow } from './sales-lines.repository';

const COMPANY_ID = '6b1f0c2e-3d4a-4e5b-8c6d-7e8f9a0b1c2d';

const line = (names: { product: string; type: string; room: string | null }): SalesLineRow => ({
  lineId: '0d3c2b1a-9f8e-4d7c-b6a5-4f3e2d1c0b9a',
  companyId: COMPANY_ID,
  soldAt: new Date('2026-03-13T12:30:05Z'),
  productType: names.type,
  productId: '1a2b3c4d-0000-4000-8000-000000000001',
  productName: names.product,
  amountEvat: -1682,
  amountTax: -168,
  amountIvat: -1850,
  parentId: null,
  roomId: names.room === null ? null : '1a2b3c4d-0000-4000-8000-000000000002',
  roomName: names.room,
});

async function write(format: SalesLinesFormat, company: string, rows: SalesLineRow[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => output.once('end', resolve));
  const file = createSalesLinesFile(output, format, new Map([[COMPANY_ID, company]]));
  await file.addRows(rows);
  await file.finish();
  await ended;
  return Buffer.concat(chunks);
}

/** A CSV reader for quoted values (RFC 4180): commas and doubled quotes inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const pattern = /"((?:[^"]|"")*)"(,|\r\n)/g;
  let row: string[] = [];
  for (const match of text.matchAll(pattern)) {
    row.push(match[1]!.replaceAll('""', '"'));
    if (match[2] === '\r\n') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

const hostile = {
  product: '=HYPERLINK("http://evil.example","Bière, pression")',
  type: '+menu',
  room: '@Terrasse',
};

describe('the sales-lines file', () => {
  it('writes an XLSX of the 12 headers whose formula-like names stay text, amounts numbers in euros', async () => {
    const bytes = await write('xlsx', '-Brasserie', [line(hostile)]);
    const workbook = await new ExcelJS.Workbook().xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet(SALES_LINES_SHEET)!;
    const [header, cells] = [1, 2].map((n) => (sheet.getRow(n).values as ExcelJS.CellValue[]).slice(1));
    expect(header).toEqual([...SALES_LINES_HEADERS]);
    expect(cells![0]).toBe("'-Brasserie");
    expect(cells![2]).toEqual(new Date('2026-03-13T13:30:05Z'));
    expect(cells![3]).toBe("'+menu");
    expect(cells![5]).toBe(`'${hostile.product}`);
    expect(cells!.slice(6, 9)).toEqual([-16.82, -1.68, -18.5]);
    expect(cells![11]).toBe("'@Terrasse");
  });

  it('writes a CSV with a BOM, comma-separated quoted values, CRLF, neutralised names', async () => {
    const bytes = await write('csv', 'Café "du" Port', [
      line(hostile),
      line({ product: 'Plat', type: 'plat', room: null }),
    ]);
    const text = bytes.toString('utf8');
    expect(text.startsWith('\uFEFF"ETABLISSEMENT","ID_LIGNE_VENTE",')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([...SALES_LINES_HEADERS]);
    expect(rows[1]).toEqual([
      'Café "du" Port',
      '0d3c2b1a-9f8e-4d7c-b6a5-4f3e2d1c0b9a',
      '2026-03-13 13:30:05',
      "'+menu",
      '1a2b3c4d-0000-4000-8000-000000000001',
      `'${hostile.product}`,
      '-16,82',
      '-1,68',
      '-18,50',
      '',
      '1a2b3c4d-0000-4000-8000-000000000002',
      "'@Terrasse",
    ]);
    expect(rows[2]!.slice(3, 6)).toEqual(['plat', '1a2b3c4d-0000-4000-8000-000000000001', 'Plat']);
    expect(rows[2]![11]).toBe('');
    expect(rows).toHaveLength(3);
  });

  it('writes the French spreadsheet CSV: BOM, semicolons, decimal commas, the product types in French', async () => {
    const bytes = await write('csv_fr', 'Café ; du Port', [
      line({ product: 'Galette', type: 'product', room: 'Salle' }),
      line({ product: 'Menu midi', type: 'formula', room: null }),
      line({ product: 'Cidre', type: 'boisson', room: null }),
    ]);
    const text = bytes.toString('utf8');
    expect(text.startsWith('\uFEFF"ETABLISSEMENT";"ID_LIGNE_VENTE";"HEURE VENTE";"TYPE PRODUIT";')).toBe(
      true,
    );
    const rows = text
      .slice(1)
      .split('\r\n')
      .filter(Boolean)
      .map((row) => row.split(/;(?=")/).map((cell) => cell.slice(1, -1)));
    expect(rows[0]).toEqual([...SALES_LINES_HEADERS]);
    expect(rows[1]).toEqual([
      'Café ; du Port',
      '0d3c2b1a-9f8e-4d7c-b6a5-4f3e2d1c0b9a',
      '2026-03-13 13:30:05',
      'Produit',
      '1a2b3c4d-0000-4000-8000-000000000001',
      'Galette',
      '-16,82',
      '-1,68',
      '-18,50',
      '',
      '1a2b3c4d-0000-4000-8000-000000000002',
      'Salle',
    ]);
    // A type the register names otherwise is written as it came.
    expect(rows.slice(2).map((row) => row[3])).toEqual(['Formule', 'boisson']);
  });

  it('keeps the comma CSV as it was (English types) for the clients that read it', async () => {
    const text = (await write('csv', 'X', [line({ product: 'Menu', type: 'formula', room: null })])).toString(
      'utf8',
    );
    expect(parseCsv(text.slice(1))[1]![3]).toBe('formula');
  });

  it('writes the product types in French in the XLSX', async () => {
    const bytes = await write('xlsx', 'X', [line({ product: 'Menu', type: 'formula', room: null })]);
    const workbook = await new ExcelJS.Workbook().xlsx.load(bytes as unknown as ExcelJS.Buffer);
    expect(workbook.getWorksheet(SALES_LINES_SHEET)!.getRow(2).getCell(4).value).toBe('Formule');
  });

  it('writes only the header line for a period without lines', async () => {
    const text = (await write('csv', 'X', [])).toString('utf8');
    expect(text).toBe(`\uFEFF${SALES_LINES_HEADERS.map((h) => `"${h}"`).join(',')}\r\n`);
  });
});
