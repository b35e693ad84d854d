import { formatBusinessDay, formatParis } from '@comptoir/contracts';
import type { ContentLanguage } from '@comptoir/contracts';
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
  formatEuros,
  renderToBuffer,
  type SoftwareIdentity,
} from '../../platform/pdf/pdf-layout';
import type { AllocOperationKind } from './customer-notes.allocation';
import { CUSTOMER_PDF_TEXTS, type CustomerPdfTexts } from './customer-pdf.texts';
import type { TicketCompanyRow } from './customer-tickets.repository';

/** One operation of the statement, with the balance after it (positive: the customer holds credit). */
export interface StatementLine {
  at: Date;
  companyName: string;
  /** Named in the statement's language: « Note n°… », « Règlement », « Recharge », « Remboursement ». */
  kind: AllocOperationKind;
  /** The order of a note (charge), when it has one. */
  orderNumber: number | null;
  paymentName: string | null;
  /** Cents: negative for what the customer was charged (or refunded), positive for what it paid. */
  amount: number;
  balance: number;
}

export interface StatementData {
  /** The reader's language: every fixed text of the statement is in it (issue 31, item 20). */
  language: ContentLanguage;
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
  /** In `language`. */
  software: SoftwareIdentity;
}

type StatementTexts = CustomerPdfTexts['statement'];

/** A balance as the statement says it: what the customer owes, or the credit it holds. */
function balanceText(balance: number, texts: StatementTexts): string {
  if (balance < 0) return texts.owed(formatEuros(-balance));
  if (balance > 0) return texts.inCredit(formatEuros(balance));
  return formatEuros(0);
}

/** « Note n°12 (CB) », « Règlement (Espèces) »… */
function operationText(line: StatementLine, texts: StatementTexts): string {
  const name =
    line.kind === 'charge' && line.orderNumber !== null
      ? texts.note(line.orderNumber)
      : // A kind the registers add later shows as recorded until it has words.
        (texts.operation[line.kind] ?? line.kind);
  return line.paymentName ? `${name} (${line.paymentName})` : name;
}

/**
 * A customer account's statement over a period (issue 31, item 25): the establishment, the customer
 * (its company's details when it is one), the balance brought forward, every charge, payment, top-up
 * and refund with the balance after it, the totals and the closing balance — an owner sends it as it
 * is.
 */
export function renderCustomerStatement(data: StatementData): Promise<Buffer> {
  const { language } = data;
  const texts = CUSTOMER_PDF_TEXTS[language].statement;
  const balance = (cents: number) => balanceText(cents, texts);
  const doc = createDocument(texts.pdfTitle(data.customer.name), language);
  drawEstablishment(doc, { ...data.issuer, naf_code: null }, language);
  drawTitle(doc, texts.title(formatBusinessDay(data.start), formatBusinessDay(data.end)), null);
  const { customer } = data;
  const facts: [string, string][] = [
    [texts.customer, customer.name],
    [texts.customerNumber, customer.number === null ? '—' : String(customer.number)],
  ];
  if (customer.companyName) facts.push([texts.company, customer.companyName]);
  if (customer.siren) facts.push([texts.siren, customer.siren]);
  if (customer.vat) facts.push([texts.vatNumber, customer.vat]);
  if (customer.address) facts.push([texts.address, customer.address]);
  if (customer.email) facts.push([texts.email, customer.email]);
  facts.push([texts.establishments, data.companyNames.join(', ')]);
  drawFacts(doc, facts, language);

  drawSection(doc, texts.operations);
  const charged = data.lines.filter((l) => l.amount < 0).reduce((s, l) => s - l.amount, 0);
  const paid = data.lines.filter((l) => l.amount > 0).reduce((s, l) => s + l.amount, 0);
  const closing = data.lines.at(-1)?.balance ?? data.opening;
  drawTable(
    doc,
    [
      { header: texts.columns.date, width: 0.19 },
      { header: texts.columns.establishment, width: 0.17 },
      { header: texts.columns.operation, width: 0.22 },
      { header: texts.columns.debit, width: 0.12, align: 'right' },
      { header: texts.columns.credit, width: 0.12, align: 'right' },
      { header: texts.columns.balance, width: 0.18, align: 'right' },
    ],
    [
      ['', '', texts.broughtForward, '', '', balance(data.opening)],
      ...data.lines.map((line) => [
        formatParis(line.at, 'DD/MM/YYYY HH:mm:ss'),
        line.companyName,
        operationText(line, texts),
        line.amount < 0 ? formatEuros(-line.amount) : '',
        line.amount > 0 ? formatEuros(line.amount) : '',
        balance(line.balance),
      ]),
    ],
    [texts.periodTotal, '', '', formatEuros(charged), formatEuros(paid), balance(closing)],
  );
  drawAmountLines(doc, [
    { label: texts.openingOn(formatBusinessDay(data.start)), value: balance(data.opening) },
    { label: texts.debits, value: formatEuros(charged) },
    { label: texts.credits, value: formatEuros(paid) },
    { label: texts.closingOn(formatBusinessDay(data.end)), value: balance(closing), isBold: true },
  ]);
  drawNote(doc, texts.issued(formatParis(data.printedAt, 'DD/MM/YYYY HH:mm:ss')));
  drawSoftwareIdentity(doc, data.software);
  return renderToBuffer(doc);
}
