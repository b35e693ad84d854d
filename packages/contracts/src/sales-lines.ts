import { z } from 'zod';
import { exportMailState } from './mailbox';
import type { ActivityType } from './pos';

// `dataExport/getOrderLines|exportData` (spec 3 §3 sales-lines columns, §7).

/** Spec 3 §3: the file's headers, in order (the preview shows the same columns). */
export const SALES_LINES_HEADERS = [
  'ETABLISSEMENT',
  'ID_LIGNE_VENTE',
  'HEURE VENTE',
  'TYPE PRODUIT',
  'ID_PRODUIT',
  'NOM PRODUIT',
  'HT',
  'TVA',
  'TTC',
  'ID_PARENT',
  'ID_SALLES',
  'NOM SALLES',
] as const;
export const SALES_LINES_COLUMN_COUNT = 12;

/** The preview (`limit: true`) answers at most this many lines, with the count of all of them. */
export const SALES_LINES_PREVIEW_LIMIT = 100;
/** Without `limit`, the answer still stops here (with the total): a longer period goes by `exportData`. */
export const SALES_LINES_ANSWER_MAX = 5000;

/** Spec 3 §9: 1 on site, 2 takeaway, 3 delivery. */
export const SALES_LINES_ACTIVITY_TYPES: readonly ActivityType[] = [1, 2, 3];

/**
 * The file of a sales-lines export: an XLSX, the CSV a French spreadsheet opens in columns
 * (`csv_fr`), or the comma CSV it always wrote (`csv`, kept for the clients that read it): the
 * accounting CSV's two layouts (`csvLine`).
 */
export const SALES_LINES_FORMATS = ['xlsx', 'csv_fr', 'csv'] as const;
export const salesLinesFormat = z.enum(SALES_LINES_FORMATS);
export type SalesLinesFormat = z.infer<typeof salesLinesFormat>;

/**
 * `POST /api/dataExport/getOrderLines`. Dates `YYYY-MM-DD HH:mm:ss` (Europe/Paris; the portal sends
 * the start day at 00:00:00 and the end day at 23:59:59) or ISO instants; `idCompanies` a JSON list
 * of establishment ids (a list is also taken as is), `orderTypeAway` a JSON list of activity types.
 * Strings here so that a wrong value answers its own code (INVALID_DATE, INVALID_COMPANY_LIST...).
 */
export const salesLinesQuery = z.object({
  opening_date: z.string().trim().max(40),
  closing_date: z.string().trim().max(40),
  idCompanies: z.union([z.string().max(10_000), z.array(z.string().max(100)).max(200)]),
  orderTypeAway: z.union([z.string().max(100), z.array(z.number().int()).max(10)]),
  limit: z.boolean().default(true),
});
export type SalesLinesQuery = z.input<typeof salesLinesQuery>;

/**
 * One order line (spec 3 §3 columns, in the same order): amounts in cents, `soldAt` the instant
 * the order was paid (ISO), names as the register sent them.
 */
export const salesLine = z.object({
  /** ETABLISSEMENT */
  companyName: z.string(),
  /** ID_LIGNE_VENTE */
  lineId: z.string(),
  /** HEURE VENTE */
  soldAt: z.string(),
  /** TYPE PRODUIT */
  productType: z.string(),
  /** ID_PRODUIT */
  productId: z.string(),
  /** NOM PRODUIT */
  productName: z.string(),
  /** HT, cents */
  amountEvat: z.number().int(),
  /** TVA, cents */
  amountTax: z.number().int(),
  /** TTC, cents */
  amountIvat: z.number().int(),
  /** ID_PARENT: the line this one belongs to (a menu's component), else null. */
  parentId: z.string().nullable(),
  /** ID_SALLES */
  roomId: z.string().nullable(),
  /** NOM SALLES */
  roomName: z.string().nullable(),
});
export type SalesLine = z.infer<typeof salesLine>;

/**
 * 200: `[{ success, data, total }]`; `data` holds at most SALES_LINES_PREVIEW_LIMIT lines with
 * `limit`, SALES_LINES_ANSWER_MAX without.
 */
export const salesLinesResponse = z.array(
  z.object({
    success: z.literal(true),
    data: z.array(salesLine),
    /** Every line of the period and filters. */
    total: z.number().int(),
  }),
);
export type SalesLinesResponse = z.infer<typeof salesLinesResponse>;

/** `POST /api/dataExport/exportData`: the same filters, the requester's e-mail and the file format. */
export const salesLinesExportBody = salesLinesQuery.extend({
  email: z.string().trim().max(254),
  limit: z.boolean().default(false),
  format: salesLinesFormat.default('xlsx'),
});
export type SalesLinesExportBody = z.input<typeof salesLinesExportBody>;

/** 202: the export is queued (`exportProcessing`); the link to the file follows by e-mail. */
export const salesLinesExportResponse = z.array(
  z.object({
    success: z.literal(true),
    message: z.literal('exportProcessing'),
    exportId: z.uuid(),
  }),
);
export type SalesLinesExportResponse = z.infer<typeof salesLinesExportResponse>;

/** `interrupted`: its worker stopped or was lost; another takes it up again (issue 33). */
export const salesLinesExportStatus = z.enum(['queued', 'running', 'interrupted', 'done', 'empty', 'failed']);

/** `GET /api/dataExport/exports/{exportId}`: where the caller's export stands. */
export const salesLinesExportProgress = z.object({
  exportId: z.uuid(),
  status: salesLinesExportStatus,
  /** 0 to 100. */
  progress: z.number().int(),
  rowCount: z.number().int().nullable(),
  /** The mail that carries the link; null before it is written. */
  mail: exportMailState.nullable(),
});
export type SalesLinesExportProgress = z.infer<typeof salesLinesExportProgress>;

export const salesLinesErrorCode = z.enum([
  'INVALID_EMAIL',
  'INVALID_DATE',
  'REVERSED_DATES',
  'PERIOD_TOO_LONG',
  'INVALID_COMPANY_LIST',
  'INVALID_ACTIVITY_TYPES',
  'COMPANY_NOT_FOUND',
  'EXPORT_NOT_FOUND',
  'EXPORT_LINK_INVALID',
]);
export type SalesLinesErrorCode = z.infer<typeof salesLinesErrorCode>;

/**
 * A comma-separated CSV line with every value quoted (spec 3 §9, the accounting CSV's rule), `"`
 * doubled, ended by CRLF. Text cells are neutralised against formulas by the caller.
 */
export function quotedCsvLine(cells: readonly (string | number | null)[]): string {
  return csvLine('csv', cells);
}

/**
 * The two CSV layouts of every export (issue 30, defect 14): `csv` comma separated; `csv_fr`
 * semicolon separated, the file starting with `UTF8_BOM`, which a French spreadsheet opens in columns.
 */
export type CsvLayout = 'csv' | 'csv_fr';

/** The byte-order mark that tells a spreadsheet the file is UTF-8. */
export const UTF8_BOM = '\uFEFF';

/** A CSV line of either layout: every value quoted (so a separator inside one is safe), `"` doubled, CRLF. */
export function csvLine(layout: CsvLayout, cells: readonly (string | number | null)[]): string {
  const separator = layout === 'csv_fr' ? ';' : ',';
  return `${cells.map((cell) => `"${String(cell ?? '').replaceAll('"', '""')}"`).join(separator)}\r\n`;
}

/** The product types the registers send, in French (spec 3 §3's TYPE PRODUIT); another stays as sent. */
const PRODUCT_TYPE_LABELS: Readonly<Record<string, string>> = { product: 'Produit', formula: 'Formule' };

export function productTypeLabel(type: string): string {
  return PRODUCT_TYPE_LABELS[type] ?? type;
}
