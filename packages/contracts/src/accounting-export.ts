import { z } from 'zod';
import { exportMailState } from './mailbox';
import { cents, id } from './common';

// `exportVat/isExportable`, `exportVat/getExportDatas` and the FEC/CSV export (spec 3 §3 "FEC row",
// §4, §5, §7 "Accounting export", §9). The configuration calls are in `accounting-config.ts`.

/** The 18 FEC fields in the spec's order (§3), and their standard names in a FEC file's header. */
export const FEC_ROW_FIELDS = [
  'journal',
  'journallib',
  'ecritureNum',
  'date',
  'account',
  'lib',
  'accountAux',
  'accountAuxLib',
  'numberCaisse',
  'numberCaisseDate',
  'ecritureLib',
  'debit',
  'credit',
  'ecritureLet',
  'dateLet',
  'validDate',
  'montantdevise',
  'idevise',
] as const;
export type FecRowField = (typeof FEC_ROW_FIELDS)[number];

/** Article A47 A-1 of the Livre des procédures fiscales: the header of a FEC file, in this order. */
export const FEC_HEADER = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;
export const FEC_COLUMN_COUNT = FEC_HEADER.length;

/** 1 general (sales grouped), 2 detailed (per VAT rate, account and analytics section); default 2. */
export const accountingExportMode = z.union([z.literal(1), z.literal(2)]);
export type AccountingExportMode = z.infer<typeof accountingExportMode>;
export const ACCOUNTING_EXPORT_DEFAULT_MODE: AccountingExportMode = 2;

/**
 * The file an accounting export writes: the FEC (pipe separated, the legal file), the CSV (comma
 * separated) or the CSV a French spreadsheet opens in columns (`csv_fr`: semicolon separated, UTF-8
 * with its byte-order mark; issue 30, defect 14). Both CSV present the same entries.
 */
export const accountingExportFormat = z.enum(['fec', 'csv', 'csv_fr']);
export type AccountingExportFormat = z.infer<typeof accountingExportFormat>;

/** A CSV presentation (either layout), as opposed to the FEC. */
export const isAccountingCsv = (format: AccountingExportFormat): boolean => format !== 'fec';

/** The preview shows at most this many movement lines (`limit` true); the file has them all. */
export const ACCOUNTING_PREVIEW_LIMIT = 200;

/**
 * One movement line. Dates `YYYYMMDD`; amounts in cents (the FEC writes them `1234,56`, zero `0,00`);
 * `ecritureNum` is the entry number the line would get (the preview's numbers are provisional: the
 * export numbers entries from the establishment's counter when it runs); empty optional fields are ''.
 */
export const fecRow = z.object({
  journal: z.string(),
  journallib: z.string(),
  ecritureNum: z.number().int(),
  date: z.string(),
  account: z.string(),
  lib: z.string(),
  accountAux: z.string(),
  accountAuxLib: z.string(),
  numberCaisse: z.string(),
  numberCaisseDate: z.string(),
  ecritureLib: z.string(),
  debit: cents,
  credit: cents,
  ecritureLet: z.string(),
  dateLet: z.string(),
  validDate: z.string(),
  montantdevise: z.string(),
  idevise: z.string(),
  /**
   * The analytic section of the line's account (mode 2, issue 30 defect 13): the CSV writes it in a
   * 19th column « Analytique »; the FEC, fixed at 18 fields, in a companion file.
   */
  analytics: z.string().optional(),
});
export type FecRow = z.infer<typeof fecRow>;

/** The CSV's 19th column in mode 2, and the FEC's companion file's name beside the FEC's. */
export const ANALYTICS_HEADER = 'Analytique';
export const analyticsFileName = (fecName: string): string =>
  fecName.replace(/\.txt$/, '') + '-analytique.csv';

/**
 * The period and establishment of an export call. Dates as the portal sends them (`YYYY-MM-DD 00:00:00`
 * and `YYYY-MM-DD 23:59:59`, Europe/Paris business days); `idCompanies` a JSON list holding one
 * establishment (a FEC is one legal entity's: the page picks one establishment).
 */
export const accountingPeriodQuery = z.object({
  opening_date: z.string().trim().max(40),
  closing_date: z.string().trim().max(40),
  idCompanies: z.string().trim().max(4000),
});
export type AccountingPeriodQuery = z.infer<typeof accountingPeriodQuery>;

/** What lacks an account, by kind (§7 `errors{vat, sales, payments}`): each item its id and label. */
export const accountingMissingItem = z.object({ id: z.string(), label: z.string() });
export type AccountingMissingItem = z.infer<typeof accountingMissingItem>;

export const accountingExportableResponse = z.array(
  z.object({
    result: z.object({
      ok: z.boolean(),
      errors: z.object({
        /** VAT rates of the period's sales with no VAT account. */
        vat: z.array(accountingMissingItem),
        /** Products or categories sold with no sales (product) account. */
        sales: z.array(accountingMissingItem),
        /** Payment types used with no payment account. */
        payments: z.array(accountingMissingItem),
      }),
    }),
  }),
);
export type AccountingExportableResponse = z.infer<typeof accountingExportableResponse>;

export const accountingPreviewQuery = accountingPeriodQuery.extend({
  limit: z.enum(['true', 'false']).optional(),
  /** The preview mode selector; the establishment's saved `account_vat_mode` by default. */
  mode: z.coerce.number().pipe(accountingExportMode).optional(),
});
export type AccountingPreviewQuery = z.infer<typeof accountingPreviewQuery>;

export const accountingPreviewResponse = z.array(
  z.object({
    success: z.boolean(),
    datas: z.array(fecRow),
    /** Movement lines of the whole period (the preview shows at most `ACCOUNTING_PREVIEW_LIMIT`). */
    total: z.number().int(),
    mode: accountingExportMode,
    /**
     * The period's days a FEC export already booked (`YYYY-MM-DD`): their entries show with the
     * numbers that FEC gave them; the other entries with those the next FEC will give them.
     */
    exportedDays: z.array(z.string()),
    /**
     * The first business day of the period not closed yet (issue 30, defect 7): it and the days after
     * it are not shown nor exported, the next export takes them once closed; null when all are.
     */
    openFrom: z.string().nullable(),
  }),
);
export type AccountingPreviewResponse = z.infer<typeof accountingPreviewResponse>;

/**
 * `POST /api/exportVat/export` (beyond the spec, which does not show the real export's call): numbers
 * the period's entries from the establishment's counter and writes the file as a job; the file is
 * mailed as a link to `email` and listed with the past exports. A period that overlaps an earlier
 * export answers 409 ACCOUNTING_PERIOD_ALREADY_EXPORTED unless `confirmReexport` is true.
 */
export const accountingExportBody = accountingPeriodQuery.extend({
  format: accountingExportFormat,
  mode: accountingExportMode.optional(),
  email: z.string().trim().max(254),
  confirmReexport: z.boolean().optional(),
});
export type AccountingExportBody = z.infer<typeof accountingExportBody>;

export const accountingExportAccepted = z.object({
  exportId: id,
  status: z.literal('queued'),
});
export type AccountingExportAccepted = z.infer<typeof accountingExportAccepted>;

/** One recorded export (`GET /api/exportVat/exports?idCompany=`), newest first. */
export const accountingExportRecord = z.object({
  id,
  companyId: id,
  /** `interrupted`: its worker stopped or was lost; another takes it up again (issue 33). */
  status: z.enum(['queued', 'running', 'interrupted', 'done', 'empty', 'failed']),
  /** The mail that carries the links; null before it is written. */
  mail: exportMailState.nullable(),
  format: accountingExportFormat,
  mode: accountingExportMode,
  /** Business days, `YYYY-MM-DD`: the days the file covers. */
  periodStart: z.string(),
  periodEnd: z.string(),
  /**
   * The first day of the period asked that was not closed yet (issue 30, defect 7): the file stops
   * the day before; the next FEC export takes it and the days after it. Null when all were closed.
   */
  openFrom: z.string().nullable(),
  /** The last day of the period asked (beyond `periodEnd` when days were left open). */
  askedEnd: z.string(),
  /** The FEC starts before the period asked, at days an earlier export left open; else null. */
  resumedFrom: z.string().nullable(),
  requestedBy: z.string(),
  createdAt: z.string(),
  fileName: z.string().nullable(),
  /** Hex SHA-256 of the file, when written. */
  sha256: z.string().nullable(),
  firstEcritureNum: z.number().int().nullable(),
  lastEcritureNum: z.number().int().nullable(),
  lines: z.number().int().nullable(),
  /** Relative link to the file (the FEC's description beside it), when written. */
  downloadUrl: z.string().nullable(),
  descriptionUrl: z.string().nullable(),
  /** The FEC's companion file of analytic sections (mode 2), when written. */
  analyticsUrl: z.string().nullable(),
});
export type AccountingExportRecord = z.infer<typeof accountingExportRecord>;

export const accountingExportsQuery = z.object({ idCompany: id });
export const accountingExportsResponse = z.array(accountingExportRecord);
export type AccountingExportsResponse = z.infer<typeof accountingExportsResponse>;

export const accountingExportErrorCode = z.enum([
  'INVALID_EMAIL',
  'INVALID_DATE',
  'REVERSED_DATES',
  'PERIOD_TOO_LONG',
  'ACCOUNTING_ONE_COMPANY',
  'ACCOUNTING_NOT_EXPORTABLE',
  /** Accounts or VAT keys saved before the account-number rule; `details` lists them. */
  'ACCOUNTING_ACCOUNT_NUMBER_INVALID',
  'ACCOUNTING_PERIOD_ALREADY_EXPORTED',
  'ACCOUNTING_NOTHING_TO_EXPORT',
  'ACCOUNTING_DAYS_OPEN',
  'ACCOUNTING_EXPORT_NOT_FOUND',
]);
export type AccountingExportErrorCode = z.infer<typeof accountingExportErrorCode>;

/**
 * Spec 3 §9: the first part of the SIRET (without its last 5 characters) or the SIREN, then `FEC`,
 * the period's end `YYYYMMDD`, `.txt`.
 */
export function fecFileName(company: { siren: string | null; siret: string | null }, endDay: string): string {
  return `${companySiren(company)}FEC${endDay.replaceAll('-', '')}.txt`;
}

/** The establishment's SIREN, or the first part of its SIRET; nine zeros when it has neither. */
export function companySiren(company: { siren: string | null; siret: string | null }): string {
  return company.siren?.trim() || (company.siret?.trim() ?? '').slice(0, -5) || '000000000';
}

/** Spec 3 §9: `export-comptable-{from}-{to}.csv`, days as `YYYYMMDD`. */
export function accountingCsvFileName(startDay: string, endDay: string): string {
  return `export-comptable-${startDay.replaceAll('-', '')}-${endDay.replaceAll('-', '')}.csv`;
}

/**
 * The name of an export's file (issue 30, defect 3): never the name of another file, and saying
 * what it is. The legal `{SIREN}FEC{date}.txt` (or the spec's CSV name) followed by the export's
 * number for the establishment and, for a FEC, the entries it holds, « corrections » when it holds
 * only correction entries: `123456789FEC20261031-export3-ecritures48a95.txt`,
 * `export-comptable-20261001-20261031-export4.csv`. Before the file is written its entries are
 * unknown: the name then ends with the export's number.
 */
export function accountingExportFileName(file: {
  format: AccountingExportFormat;
  company: { siren: string | null; siret: string | null };
  startDay: string;
  endDay: string;
  exportNumber: number;
  entries?: { first: number; last: number; correctionsOnly: boolean } | null;
}): string {
  if (isAccountingCsv(file.format)) {
    return accountingCsvFileName(file.startDay, file.endDay).replace(
      /\.csv$/,
      `-export${file.exportNumber}.csv`,
    );
  }
  const held = file.entries
    ? `-${file.entries.correctionsOnly ? 'corrections' : 'ecritures'}${file.entries.first}a${file.entries.last}`
    : '';
  return fecFileName(file.company, file.endDay).replace(/\.txt$/, `-export${file.exportNumber}${held}.txt`);
}

/** Spec 3 §9: cents as a FEC amount, a comma decimal and no thousands separator; zero is `0,00`. */
export function fecAmount(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
