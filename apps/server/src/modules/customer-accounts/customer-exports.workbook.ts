import { formatPhone, neutraliseSpreadsheetCell, parisWallClock } from '@comptoir/contracts';
import type { Cell, SheetColumn } from '../data-export/xlsx-sheet';

/**
 * The customer-account spreadsheets (spec 3 §2, §7): the history, all accounts, unpaid sales. Amounts
 * in euros with two decimals, dates in Paris time, texts neutralised against formulas.
 */

const MONEY = '#,##0.00';
const DATE_TIME = 'dd/mm/yyyy hh:mm:ss';

const text = (value: string | null | undefined): string => neutraliseSpreadsheetCell(value ?? '');
const euros = (value: number): number => value / 100;

// The history (exportCustomerHistory): the columns of the history table.

export const HISTORY_SHEET = 'Historique';
/** The French label of each operation key. */
export const OPERATION_LABELS: Record<string, string> = {
  charge: 'Débit',
  payment: 'Règlement',
  topup: 'Rechargement',
  refund: 'Remboursement',
};

export const HISTORY_COLUMNS: readonly SheetColumn[] = [
  { header: 'Date', width: 20, numFmt: DATE_TIME },
  { header: 'Établissement', width: 28 },
  { header: 'Opération', width: 16 },
  { header: 'Nom', width: 22 },
  { header: 'Prénom', width: 18 },
  { header: 'Utilisateur', width: 24 },
  { header: 'Moyen de paiement', width: 20 },
  { header: 'Montant', width: 12, numFmt: MONEY },
  { header: 'Solde', width: 12, numFmt: MONEY },
];

export interface HistorySheetRow {
  at: Date;
  companyName: string;
  operation: string;
  customerLastname: string;
  customerFirstname: string;
  userFirstname: string;
  userLastname: string;
  paymentName: string | null;
  amount: number;
  balanceAfter: number;
}

export const historyCells = (row: HistorySheetRow): Cell[] => [
  parisWallClock(row.at),
  text(row.companyName),
  OPERATION_LABELS[row.operation] ?? text(row.operation),
  text(row.customerLastname),
  text(row.customerFirstname),
  text(`${row.userFirstname} ${row.userLastname}`.trim()),
  text(row.paymentName),
  euros(row.amount),
  euros(row.balanceAfter),
];

// All accounts (export-xls-all-customers).

export const ALL_CUSTOMERS_SHEET = 'Comptes clients';

export const ALL_CUSTOMERS_COLUMNS: readonly SheetColumn[] = [
  { header: 'Nom', width: 22 },
  { header: 'Prénom', width: 18 },
  { header: 'Type', width: 14 },
  { header: 'N° de carte', width: 14 },
  { header: 'Établissements', width: 32 },
  { header: 'E-mail', width: 28 },
  { header: 'Téléphone', width: 18 },
  { header: 'Adresse', width: 30 },
  { header: 'Code postal', width: 12 },
  { header: 'Ville', width: 18 },
  { header: 'Société', width: 24 },
  { header: 'SIREN', width: 14 },
  { header: 'TVA intracom.', width: 18 },
  { header: 'Solde', width: 12, numFmt: MONEY },
  { header: 'Débits de la période', width: 14, numFmt: MONEY },
  { header: 'Règlements de la période', width: 14, numFmt: MONEY },
  { header: 'Rechargements de la période', width: 14, numFmt: MONEY },
];

export interface AllCustomersSheetRow {
  lastname: string;
  firstname: string;
  type: number;
  cardNumber: string | null;
  establishments: string | null;
  email: string | null;
  phone: string | null;
  addressStreet: string | null;
  addressZipcode: string | null;
  addressCity: string | null;
  companyName: string | null;
  companySiren: string | null;
  companyVat: string | null;
  balance: number;
  charges: number;
  payments: number;
  topups: number;
}

/** The account types as the portal names them (spec 3: 0 open tab, 1 pre-loaded): one term each. */
export function customerAccountTypeLabel(type: number): string {
  return type === 1 ? 'Prépayé' : 'Ardoise';
}

export const allCustomersCells = (row: AllCustomersSheetRow): Cell[] => [
  text(row.lastname),
  text(row.firstname),
  customerAccountTypeLabel(row.type),
  text(row.cardNumber),
  text(row.establishments),
  text(row.email),
  text(formatPhone(row.phone)),
  text(row.addressStreet),
  text(row.addressZipcode),
  text(row.addressCity),
  text(row.companyName),
  text(row.companySiren),
  text(row.companyVat),
  euros(row.balance),
  euros(row.charges),
  euros(row.payments),
  euros(row.topups),
];

// Unpaid sales (export-xls-unpaid-sales).

export const UNPAID_SALES_SHEET = 'Ventes impayées';

export const UNPAID_SALES_COLUMNS: readonly SheetColumn[] = [
  { header: 'Date', width: 20, numFmt: DATE_TIME },
  { header: 'Nom', width: 22 },
  { header: 'Prénom', width: 18 },
  { header: 'Établissement', width: 28 },
  { header: 'N° commande', width: 12 },
  { header: 'Montant', width: 12, numFmt: MONEY },
  { header: 'Reste dû', width: 12, numFmt: MONEY },
];

export interface UnpaidSaleSheetRow {
  at: Date;
  lastname: string;
  firstname: string;
  companyName: string;
  orderNumber: number | null;
  amount: number;
  remaining: number;
}

export const unpaidSaleCells = (row: UnpaidSaleSheetRow): Cell[] => [
  parisWallClock(row.at),
  text(row.lastname),
  text(row.firstname),
  text(row.companyName),
  row.orderNumber,
  euros(row.amount),
  euros(row.remaining),
];
