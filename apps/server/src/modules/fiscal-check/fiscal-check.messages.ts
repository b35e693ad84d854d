import { parsedData } from './fiscal-check.context';
import type { ChainRecord } from './fiscal-check.repository';

/** French wording of defects: each names the record, the link, and what was expected against what was found. */

export const KIND_LABELS: Record<string, string> = {
  order: 'commande',
  service: 'service',
  receipt: 'reçu',
  cash_movement: 'mouvement de caisse',
  credit: 'avoir',
  customer_account: 'compte client',
  customer_operation: 'opération de compte client',
  closure: 'clôture',
  technical_intervention: 'intervention technique',
  control_strip: 'bande de contrôle',
  jet_event: 'événement du JET',
  server_closure: 'clôture serveur',
  archive: 'archive fiscale',
};

export const TABLE_LABELS: Record<string, string> = {
  orders: 'Commande',
  order_lines: 'Ligne de commande',
  payment_lines: 'Paiement',
  receipts: 'Reçu',
  cash_movements: 'Mouvement de caisse',
  credits: 'Avoir',
  closures: 'Clôture',
  services: 'Service',
  customer_operations: 'Opération de compte client',
  technical_interventions: 'Intervention technique',
  control_strip_documents: 'Document',
  tracking: 'Historique',
  receipt_details: 'Détail',
  receipt_detail_taxes: 'TVA',
};

/** « de la commande n° 12 », « du reçu n° 3 »: the article before each kind's label. */
export const OF_KIND: Record<string, string> = {
  order: 'de la ',
  service: 'du ',
  receipt: 'du ',
  cash_movement: 'du ',
  credit: "de l'",
  customer_account: 'du ',
  customer_operation: "de l'",
  closure: 'de la ',
  technical_intervention: "de l'",
  control_strip: 'de la ',
};

const FIELD_LABELS: Record<string, string> = {
  price: 'prix',
  standard_price: 'prix standard',
  quantity: 'quantité',
  discount: 'remise',
  offered: 'offert',
  vat_rate: 'taux de TVA',
  amount: 'montant',
  amount_evat: 'montant HT',
  amount_tax: 'montant de TVA',
  amount_total_ivat: 'total TTC',
  amount_total_evat: 'total HT',
  amount_discount_ivat: 'remise TTC',
  amount_offered_ivat: 'offert TTC',
  amount_total_wo_discount_ivat: 'total TTC avant remise',
  amount_payment_shift: 'total des paiements',
  grand_total_ivat: 'grand total perpétuel',
  removed: 'supprimé',
  tip: 'pourboire',
  payments: 'paiements',
  taxes: 'TVA',
};

/** Columns holding cents, shown as « 12.50 ». */
const MONEY =
  /^(price|standard_price|discount|amount.*|tip|grand_total_ivat|cash_float|expected_cash|counted_cash)$/;

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field;

export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return 'absent';
  if (typeof value === 'number' && MONEY.test(field)) return (value / 100).toFixed(2);
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export const chainName = (registerName: string, kind: string) =>
  `caisse ${registerName}, chaîne ${KIND_LABELS[kind] ?? kind}`;

export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function short(sig: string | null): string {
  return sig ? `${sig.slice(0, 12)}…` : 'aucun';
}

export function frDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** « commande n° 1042 », « service n° 12 », « clôture du 05/03/2026 »... */
export function describeRecord(row: ChainRecord): string {
  const d = parsedData(row);
  const kind = KIND_LABELS[row.kind] ?? row.kind;
  if (row.kind === 'closure' && typeof d.startDay === 'string') return `clôture du ${frDay(d.startDay)}`;
  if (typeof d.number === 'number') return `${kind} n° ${d.number}`;
  return `${kind} ${row.record_id}`;
}
