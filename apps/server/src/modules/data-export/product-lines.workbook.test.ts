import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createProductLinesWorkbook } from './product-lines.workbook';

const COMPANY_ID = '6b1f0c2e-3d4a-4e5b-8c6d-7e8f9a0b1c2d';

async function writeOneLine(names: { company: string; product: string; category: string; payment: string }) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = createProductLinesWorkbook(output, new Map([[COMPANY_ID, names.company]]));
  workbook.addRows([
    {
      companyId: COMPANY_ID,
      orderId: '0d3c2b1a-9f8e-4d7c-b6a5-4f3e2d1c0b9a',
      orderNumber: 12,
      businessDay: '2026-03-13',
      closingDate: new Date('2026-03-13T12:30:00Z'),
      isCancellation: true,
      productName: names.product,
      categoryName: names.category,
      quantity: -1,
      unitPrice: 1850,
      discount: 0,
      offered: 0,
      totalIvat: -1850,
      vatRate: '0.1000',
      paymentNames: [names.payment],
    },
  ]);
  await workbook.finish();
  const read = new ExcelJS.Workbook();
  const bytes = Buffer.concat(chunks);
  await read.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return (read.worksheets[0]!.getRow(2).values as ExcelJS.CellValue[]).slice(1);
}

describe('the payment-products workbook', () => {
  it('writes names that start like a formula as text, and negative amounts as numbers', async () => {
    const cells = await writeOneLine({
      company: '@Brasserie',
      product: '=HYPERLINK("http://evil.example","Bière")',
      category: '+Boissons',
      payment: '-Carte',
    });
    expect(cells[2]).toBe("'@Brasserie");
    expect(cells[5]).toBe('\'=HYPERLINK("http://evil.example","Bière")');
    expect(cells[6]).toBe("'+Boissons");
    expect(cells[7]).toBe(-1);
    expect(cells[11]).toBe(-18.5);
    expect(cells[13]).toBe("'-Carte");
  });

  it('leaves ordinary names as they are', async () => {
    const cells = await writeOneLine({
      company: 'Café du Port',
      product: 'Plat du jour',
      category: 'Plats',
      payment: 'Espèces',
    });
    expect([cells[2], cells[5], cells[6], cells[13]]).toEqual([
      'Café du Port',
      'Plat du jour',
      'Plats',
      'Espèces',
    ]);
  });
});
