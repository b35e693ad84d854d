import {
  createDocument,
  drawAmountLines,
  drawEstablishment,
  drawFacts,
  drawNote,
  drawSection,
  drawSoftwareIdentity,
  drawTable,
  drawTitle,
  formatDay,
  formatEuros,
  formatParisDateTime,
  renderToBuffer,
  type SoftwareIdentity,
} from '../data-host/pdf-layout';
import type { TicketCompanyRow } from './customer-tickets.repository';

/** One operation of the statement, with the balance after it (positive: the customer holds credit). */
export interface StatementLine {
  at: Date;
  companyName: string;
  /** « Note n°… », « Règlement », « Recharge », « Remboursement ». */
  label: string;
  paymentName: string | null;
  /** Cents: negative for what the customer was charged (or refunded), positive for what it paid. */
  amount: number;
  balance: number;
}

export interface StatementData {
  /** The establishment that issues it: its identity heads the page. */
  issuer: TicketCompanyRow;
  customer: {
    name: string;
    number: number | null;
    companyName: string | null;
    siren: string | null;
    vat: string | null;
    address: string | null;
    email: string | null;
  };
  /** Every establishment of the caller the operations were taken from. */
  companyNames: string[];
  start: string;
  end: string;
  opening: number;
  lines: StatementLine[];
  printedAt: Date;
  software: SoftwareIdentity;
}

/** A balance as the statement says it: what the customer owes, or the credit it holds. */
function balanceText(balance: number): string {
  if (balance < 0) return `${formatEuros(-balance)} dû`;
  if (balance > 0) return `${formatEuros(balance)} en crédit`;
  return formatEuros(0);
}

/**
 * A customer account's statement over a period (issue 31, item 25): the establishment, the customer
 * (its company's details when it is one), the balance brought forward, every charge, payment, top-up
 * and refund with the balance after it, the totals and the closing balance — an owner sends it as it
 * is.
 */
export function renderCustomerStatement(data: StatementData): Promise<Buffer> {
  const doc = createDocument(`Relevé de compte – ${data.customer.name}`);
  drawEstablishment(doc, { ...data.issuer, naf_code: null });
  drawTitle(doc, `Relevé de compte du ${formatDay(data.start)} au ${formatDay(data.end)}`, null);
  const { customer } = data;
  const facts: [string, string][] = [
    ['Client', customer.name],
    ['N° de client', customer.number === null ? '—' : String(customer.number)],
  ];
  if (customer.companyName) facts.push(['Société', customer.companyName]);
  if (customer.siren) facts.push(['SIREN', customer.siren]);
  if (customer.vat) facts.push(['N° TVA', customer.vat]);
  if (customer.address) facts.push(['Adresse', customer.address]);
  if (customer.email) facts.push(['E-mail', customer.email]);
  facts.push(['Établissement(s)', data.companyNames.join(', ')]);
  drawFacts(doc, facts);

  drawSection(doc, 'Opérations');
  const charged = data.lines.filter((l) => l.amount < 0).reduce((s, l) => s - l.amount, 0);
  const paid = data.lines.filter((l) => l.amount > 0).reduce((s, l) => s + l.amount, 0);
  const closing = data.lines.at(-1)?.balance ?? data.opening;
  drawTable(
    doc,
    [
      { header: 'Date', width: 0.19 },
      { header: 'Établissement', width: 0.17 },
      { header: 'Opération', width: 0.22 },
      { header: 'Débit', width: 0.12, align: 'right' },
      { header: 'Crédit', width: 0.12, align: 'right' },
      { header: 'Solde', width: 0.18, align: 'right' },
    ],
    [
      ['', '', 'Solde reporté', '', '', balanceText(data.opening)],
      ...data.lines.map((line) => [
        formatParisDateTime(line.at),
        line.companyName,
        line.paymentName ? `${line.label} (${line.paymentName})` : line.label,
        line.amount < 0 ? formatEuros(-line.amount) : '',
        line.amount > 0 ? formatEuros(line.amount) : '',
        balanceText(line.balance),
      ]),
    ],
    ['Total de la période', '', '', formatEuros(charged), formatEuros(paid), balanceText(closing)],
  );
  drawAmountLines(doc, [
    { label: `Solde au ${formatDay(data.start)} (reporté)`, value: balanceText(data.opening) },
    { label: 'Débits de la période', value: formatEuros(charged) },
    { label: 'Crédits de la période', value: formatEuros(paid) },
    { label: `Solde au ${formatDay(data.end)}`, value: balanceText(closing), isBold: true },
  ]);
  drawNote(doc, `Édité le ${formatParisDateTime(data.printedAt)}.`);
  drawSoftwareIdentity(doc, data.software);
  return renderToBuffer(doc);
}
