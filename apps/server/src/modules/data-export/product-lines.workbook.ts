import type { Writable } from 'node:stream';
import { neutraliseSpreadsheetCell, parisWallClock } from '@comptoir/contracts';
import type { ProductLineRow } from './data-export.repository';
import { createSheetWriter, type SheetWriter } from './xlsx-sheet';

const MONEY = '#,##0.00';

/** The sheet's columns, in order; amounts in euros with two decimals, dates in Paris time. */
export const PRODUCT_LINES_COLUMNS = [
  { header: 'Date', width: 20, numFmt: 'dd/mm/yyyy hh:mm:ss' },
  { header: 'Journée', width: 12, numFmt: 'dd/mm/yyyy' },
  { header: 'Établissement', width: 28 },
  { header: 'N° commande', width: 12 },
  { header: 'Annulation', width: 11 },
  { header: 'Produit', width: 32 },
  { header: 'Catégorie', width: 20 },
  { header: 'Quantité', width: 10 },
  { header: 'Prix unitaire TTC', width: 16, numFmt: MONEY },
  { header: 'Remise TTC', width: 12, numFmt: MONEY },
  { header: 'Offert TTC', width: 12, numFmt: MONEY },
  { header: 'Total TTC', width: 12, numFmt: MONEY },
  { header: 'Taux TVA', width: 10, numFmt: '0.0%' },
  { header: 'Paiement(s)', width: 28 },
] as const;

export const PRODUCT_LINES_SHEET = 'Lignes produits';

/** Writes the spreadsheet to `output` as rows come: only the current rows are held in memory. */
export function createProductLinesWorkbook(
  output: Writable,
  companyNames: ReadonlyMap<string, string>,
): SheetWriter<ProductLineRow> {
  return createSheetWriter(output, PRODUCT_LINES_SHEET, PRODUCT_LINES_COLUMNS, (row: ProductLineRow) => [
    parisWallClock(row.closingDate),
    new Date(`${row.businessDay}T00:00:00Z`),
    neutraliseSpreadsheetCell(companyNames.get(row.companyId) ?? ''),
    row.orderNumber,
    row.isCancellation ? 'Oui' : '',
    neutraliseSpreadsheetCell(row.productName),
    neutraliseSpreadsheetCell(row.categoryName),
    row.quantity,
    row.unitPrice / 100,
    row.discount / 100,
    row.offered / 100,
    row.totalIvat / 100,
    Number(row.vatRate),
    neutraliseSpreadsheetCell(row.paymentNames.join(', ')),
  ]);
}
