import { z } from 'zod';
import { cents, id, isoDateTime } from './common';
import { isValidExportEmail } from './data-export';

/**
 * Customer-account history and customer-data exports (spec 3 §2 "Modals on the list", §5 "Export
 * customer data" and "History modal", §7, §8). Money is integer cents. Dates are sent as
 * `YYYY-MM-DD 00:00:00` for the start and `YYYY-MM-DD 23:59:59` for the end (Europe/Paris), or ISO
 * instants with their offset; the period is one year at most (the data-export rule). The fields are
 * plain strings so that a wrong value answers its own code, not a generic validation error.
 */

/** The history table shows at most this many rows (the newest); `total` counts them all. */
export const CUSTOMER_HISTORY_MAX_ROWS = 2000;

/** What the history can be searched by (spec 3 §2: Nom/Prénom, Montant, Solde). */
export const CUSTOMER_HISTORY_SEARCH_CATEGORIES = ['name', 'amount', 'balance'] as const;
export const customerHistorySearchCategory = z.enum(CUSTOMER_HISTORY_SEARCH_CATEGORIES);
export type CustomerHistorySearchCategory = z.infer<typeof customerHistorySearchCategory>;

/** Stable keys of the operations; the portal translates them. */
export const CUSTOMER_OPERATION_NAMES = ['charge', 'payment', 'topup', 'refund'] as const;
export const customerOperationName = z.enum(CUSTOMER_OPERATION_NAMES);
export type CustomerOperationName = z.infer<typeof customerOperationName>;

/** Spec 3 §5: digits with an optional comma or dot decimal (`12`, `12,5`, `12.50`). */
const HISTORY_NUMBER = /^\d+(?:[.,]\d+)?$/;

/** The numeric rule of an amount or balance search (the portal's red border, the server's 400). */
export function isValidHistoryNumber(text: string): boolean {
  return HISTORY_NUMBER.test(text.trim());
}

/** A searched amount typed in euros, as cents (`12,5` gives 1250); null when not numeric. */
export function historyNumberToCents(text: string): number | null {
  const trimmed = text.trim();
  if (!HISTORY_NUMBER.test(trimmed)) return null;
  const [units, decimals = ''] = trimmed.split(/[.,]/) as [string, string?];
  if (units.length > 12) return null;
  const fraction = `${decimals}00`.slice(0, 2);
  // Beyond two decimals the amount cannot be a whole number of cents: round as the portal shows it.
  const extra = decimals.length > 2 ? Number(`0.${decimals.slice(2)}`) : 0;
  return Number(units) * 100 + Number(fraction) + (extra >= 0.5 ? 1 : 0);
}

/**
 * `GET /api/customer-account/getCustomerHistory` and `GET /api/customer-account/exportCustomerHistory`.
 * `id_companies`, `idPayments`, `idUsers`: JSON lists of ids (`["…","…"]`), empty or absent = all
 * (readable establishments, payment types, users). `searchCategory` names the field holding the
 * search text: `name`, `amount` or `balance` (amounts in euros as typed, compared as absolute values).
 * The export needs `userEmail` (the address the file is mailed to).
 */
export const customerHistoryQuery = z.object({
  startDate: z.string().trim().max(40),
  endDate: z.string().trim().max(40),
  userEmail: z.string().trim().max(254).optional(),
  id_companies: z.string().max(20_000).optional(),
  idPayments: z.string().max(20_000).optional(),
  idUsers: z.string().max(20_000).optional(),
  searchCategory: customerHistorySearchCategory.optional(),
  name: z.string().max(200).optional(),
  amount: z.string().max(40).optional(),
  balance: z.string().max(40).optional(),
});
export type CustomerHistoryQuery = z.infer<typeof customerHistoryQuery>;

/** Spec 3 §3 "History row"; amount is signed (a charge is negative), balance is the balance after it. */
export const customerHistoryRow = z.object({
  id,
  company_name: z.string(),
  operation_name: customerOperationName,
  operation_date: isoDateTime,
  customer_firstname: z.string(),
  customer_lastname: z.string(),
  /** What tells namesakes apart (issue 31, item 13): the card number, the e-mail. */
  customer_card_number: z.string().nullable(),
  customer_email: z.string().nullable(),
  /** The customer's number in the operation's establishment, and that establishment: the row's link. */
  customer_uniq_id: z.number().int().nullable(),
  company_id: id,
  user_firstname: z.string(),
  user_lastname: z.string(),
  payment_name: z.string().nullable(),
  amount: cents,
  balance: cents,
});
export type CustomerHistoryRow = z.infer<typeof customerHistoryRow>;

export const customerHistoryResponse = z.object({
  success: z.literal(true),
  /** Newest first, at most CUSTOMER_HISTORY_MAX_ROWS. */
  datas: z.array(customerHistoryRow),
  /** Every matching operation. */
  total: z.number().int(),
});
export type CustomerHistoryResponse = z.infer<typeof customerHistoryResponse>;

/** The history export is queued; the XLSX of every matching row follows by e-mail (lneExport.exportProcessing). */
export const customerHistoryExportResponse = z.object({ success: z.literal(true) });
export type CustomerHistoryExportResponse = z.infer<typeof customerHistoryExportResponse>;

/**
 * `POST /api/customer-account/export-xls-all-customers` and `/export-xls-unpaid-sales`: the period and
 * the address the XLSX is mailed to.
 */
export const customerDataExportBody = z.object({
  startDate: z.string().trim().max(40),
  endDate: z.string().trim().max(40),
  email: z.string().trim().max(254),
});
export type CustomerDataExportBody = z.infer<typeof customerDataExportBody>;

/** `data`: true when a job was queued ('processing'), false when the period has nothing to export ('no data'). */
export const customerDataExportResponse = z.object({ ok: z.literal(true), data: z.boolean() });
export type CustomerDataExportResponse = z.infer<typeof customerDataExportResponse>;

export const customerHistoryErrorCode = z.enum([
  /** A date that is neither `YYYY-MM-DD HH:mm:ss` nor an ISO instant. */
  'INVALID_DATE',
  'REVERSED_DATES',
  'PERIOD_TOO_LONG',
  'INVALID_EMAIL',
  /** An amount or balance search that breaks the numeric rule. */
  'INVALID_SEARCH_NUMBER',
  /** `id_companies`, `idPayments` or `idUsers` is not a JSON list of ids. */
  'INVALID_ID_LIST',
]);
export type CustomerHistoryErrorCode = z.infer<typeof customerHistoryErrorCode>;

/** The portal's message key for each code (spec 3 §5, §8); others show the generic error. */
export const CUSTOMER_HISTORY_ERROR_MESSAGE_KEYS: Partial<Record<CustomerHistoryErrorCode, string>> = {
  REVERSED_DATES: 'fisc.modalFisc.exportErrorReversedDates',
  PERIOD_TOO_LONG: 'fisc.modalFisc.exportErrorOneYearMax',
};

/** The same e-mail rule in the export modal and on the server. */
export const isValidCustomerExportEmail = isValidExportEmail;
