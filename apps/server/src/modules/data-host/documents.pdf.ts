import { formatBusinessDay, formatParis } from '@comptoir/contracts';
import type { ClosurePayment, ClosureTax } from '@comptoir/contracts';
import type { CompanyIdentity } from './data-host.repository';
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
  formatRate,
  renderToBuffer,
  type SoftwareIdentity,
} from '../../platform/pdf/pdf-layout';

/** The three printable documents of the data host, each drawn from plain data (no database here). */

export const CLOSURE_TYPE_LABELS: Record<number, string> = {
  1: 'Clôture journalière',
  2: 'Grand total perpétuel journalier',
  3: 'Clôture mensuelle',
  4: 'Grand total perpétuel mensuel',
  5: 'Clôture annuelle',
  6: 'Grand total perpétuel annuel',
};

interface Printed {
  company: CompanyIdentity;
  register: { name: string; serial: string };
  /** The reprint number: the document says « DUPLICATA n° » with it. */
  duplicate: number;
  printedAt: Date;
  /** Printed beside the signature, as a certified system's documents must. */
  software: SoftwareIdentity;
}

function taxRows(taxes: ClosureTax[]) {
  const rows = taxes.map((t) => [
    formatRate(t.tax_rate),
    formatEuros(t.amount_evat),
    formatEuros(t.amount_tax),
    formatEuros(t.amount_ivat),
  ]);
  const sum = (pick: (t: ClosureTax) => number) => taxes.reduce((s, t) => s + pick(t), 0);
  const total = [
    'Total',
    formatEuros(sum((t) => t.amount_evat)),
    formatEuros(sum((t) => t.amount_tax)),
    formatEuros(sum((t) => t.amount_ivat)),
  ];
  return { rows, total };
}

const TAX_COLUMNS = [
  { header: 'Taux de TVA', width: 0.25 },
  { header: 'Montant HT', width: 0.25, align: 'right' as const },
  { header: 'TVA', width: 0.25, align: 'right' as const },
  { header: 'Montant TTC', width: 0.25, align: 'right' as const },
];

export interface ZReportData extends Printed {
  closure: {
    type: number;
    start_day: string;
    end_day: string;
    opening_date: Date;
    closing_date: Date;
    seq: number;
    /** A daily closure's establishment daily closure number: the piece of the day's entries. */
    establishment_number: string | null;
    amount_total_ivat: number;
    amount_total_evat: number;
    amount_tax: number;
    amount_discount_ivat: number;
    amount_offered_ivat: number;
    amount_total_wo_discount_ivat: number;
    amount_payment_shift: number;
    grand_total_ivat: number;
    comment: string | null;
    services: number;
    signature: string;
  };
  taxes: ClosureTax[];
  payments: ClosurePayment[];
  sales: {
    orders: number;
    first_number: number | null;
    last_number: number | null;
    covers: number;
    cancellations: number;
    cancelled_ivat: number;
    removed_lines: number;
    removed_ivat: number;
  };
  cash: { cash_float: number; expected_cash: number; counted_cash: number };
}

/** The Z report of a closure, with what a French Z carries (NF525). */
export function renderZReport(data: ZReportData): Promise<Buffer> {
  const { closure, sales, cash } = data;
  const typeLabel = CLOSURE_TYPE_LABELS[closure.type] ?? 'Clôture';
  const doc = createDocument(`Rapport Z – ${typeLabel} – ${data.company.company_name}`);
  drawEstablishment(doc, data.company);
  drawTitle(doc, `Rapport Z – ${typeLabel}`, data.duplicate);
  drawFacts(doc, [
    ['Caisse', `${data.register.name} (${data.register.serial})`],
    ['Clôture n°', String(closure.seq)],
    ...(closure.establishment_number
      ? [
          ['Clôture de l’établissement', `${closure.establishment_number} (pièce comptable)`] as [
            string,
            string,
          ],
        ]
      : []),
    ['Période', `du ${formatBusinessDay(closure.start_day)} au ${formatBusinessDay(closure.end_day)}`],
    ['Services', String(closure.services)],
    ['Ouverture', formatParis(closure.opening_date, 'DD/MM/YYYY HH:mm:ss')],
    ['Clôture', formatParis(closure.closing_date, 'DD/MM/YYYY HH:mm:ss')],
    [
      'Tickets',
      sales.first_number === null
        ? 'aucun'
        : `du n°${sales.first_number} au n°${sales.last_number} (${sales.orders})`,
    ],
    ['Couverts', String(sales.covers)],
  ]);

  drawSection(doc, 'Totaux par taux de TVA');
  const taxes = taxRows(data.taxes);
  drawTable(doc, TAX_COLUMNS, taxes.rows, taxes.total);

  drawSection(doc, 'Règlements par moyen de paiement');
  const paid = data.payments.reduce((s, p) => s + p.amount_shift, 0);
  drawTable(
    doc,
    [
      { header: 'Moyen de paiement', width: 0.4 },
      { header: 'Montant', width: 0.2, align: 'right' },
      { header: 'Trop-perçu', width: 0.2, align: 'right' },
      { header: 'Crédit', width: 0.2, align: 'right' },
    ],
    data.payments.map((p) => [
      p.payment_name,
      formatEuros(p.amount_shift),
      formatEuros(p.overpayment),
      formatEuros(p.credit),
    ]),
    ['Total des règlements', formatEuros(paid), '', ''],
  );

  drawSection(doc, 'Remises, offerts et annulations');
  drawAmountLines(doc, [
    {
      label: 'Chiffre d’affaires TTC avant remises',
      value: formatEuros(closure.amount_total_wo_discount_ivat),
    },
    { label: 'Remises TTC', value: formatEuros(closure.amount_discount_ivat) },
    { label: 'Offerts TTC', value: formatEuros(closure.amount_offered_ivat) },
    {
      label: `Annulations après encaissement (${sales.cancellations})`,
      value: formatEuros(sales.cancelled_ivat),
    },
    {
      label: `Lignes annulées avant encaissement (${sales.removed_lines})`,
      value: formatEuros(sales.removed_ivat),
    },
  ]);

  drawSection(doc, 'Totaux');
  drawAmountLines(doc, [
    { label: 'Total de la période HT', value: formatEuros(closure.amount_total_evat) },
    { label: 'Total de la période TVA', value: formatEuros(closure.amount_tax) },
    { label: 'Total de la période TTC', value: formatEuros(closure.amount_total_ivat), isBold: true },
    { label: 'Grand total perpétuel TTC', value: formatEuros(closure.grand_total_ivat), isBold: true },
  ]);

  drawSection(doc, 'Espèces');
  drawAmountLines(doc, [
    { label: 'Fonds de caisse', value: formatEuros(cash.cash_float) },
    { label: 'Espèces attendues', value: formatEuros(cash.expected_cash) },
    { label: 'Espèces comptées', value: formatEuros(cash.counted_cash) },
    {
      label: 'Écart (compté − attendu)',
      value: formatEuros(cash.counted_cash - cash.expected_cash),
      isBold: true,
    },
  ]);

  if (closure.comment) {
    drawSection(doc, 'Commentaire');
    doc.font('regular').fontSize(9.5).text(closure.comment);
  }

  drawSection(doc, 'Signature de la clôture');
  drawNote(doc, `Signature Ed25519 de l’enregistrement de clôture (caisse ${data.register.serial}) :`);
  drawNote(doc, closure.signature || '—');
  drawSoftwareIdentity(doc, data.software);
  doc.moveDown(0.3);
  drawNote(
    doc,
    `Duplicata n°${data.duplicate} édité le ${formatParis(data.printedAt, 'DD/MM/YYYY HH:mm:ss')} depuis Comptoir.`,
  );
  return renderToBuffer(doc);
}

export interface TicketData extends Printed {
  order: {
    number: number;
    closing_date: Date;
    service_number: number;
    user: string;
    room_name: string | null;
    table_name: string | null;
    covers: number;
    amount_total_ivat: number;
    amount_discount_ivat: number;
    amount_offered_ivat: number;
    cancels_number: number | null;
    signature: string;
  };
  lines: {
    quantity: number;
    label: string;
    unitPrice: number;
    discount: number;
    offered: number;
    price: number;
  }[];
  taxes: ClosureTax[];
  payments: { name: string; amount: number; tip: number }[];
}

/** A duplicate of an order's ticket. */
export function renderTicket(data: TicketData): Promise<Buffer> {
  const { order } = data;
  const doc = createDocument(`Ticket n°${order.number} – ${data.company.company_name}`);
  drawEstablishment(doc, data.company);
  drawTitle(doc, `Ticket n°${order.number}`, data.duplicate);
  const where = order.table_name ? `${order.room_name ?? ''} ${order.table_name}`.trim() : 'À emporter';
  drawFacts(doc, [
    ['Date', formatParis(order.closing_date, 'DD/MM/YYYY HH:mm:ss')],
    ['Caisse', `${data.register.name} (${data.register.serial})`],
    ['Service n°', String(order.service_number)],
    ['Serveur', order.user],
    ['Table', where],
    ['Couverts', String(order.covers)],
  ]);
  if (order.cancels_number !== null) {
    drawNote(doc, `Annulation du ticket n°${order.cancels_number}.`);
    doc.moveDown(0.4);
  }

  drawSection(doc, 'Articles');
  const rows: string[][] = [];
  for (const line of data.lines) {
    rows.push([String(line.quantity), line.label, formatEuros(line.unitPrice), formatEuros(line.price)]);
    if (line.discount !== 0) rows.push(['', '   Remise', '', formatEuros(-line.discount)]);
    if (line.offered !== 0) rows.push(['', '   Offert', '', formatEuros(-line.offered)]);
  }
  drawTable(
    doc,
    [
      { header: 'Qté', width: 0.1, align: 'right' },
      { header: 'Désignation', width: 0.5 },
      { header: 'Prix unitaire', width: 0.2, align: 'right' },
      { header: 'Montant TTC', width: 0.2, align: 'right' },
    ],
    rows,
    ['', 'Total TTC', '', formatEuros(order.amount_total_ivat)],
  );
  if (order.amount_discount_ivat !== 0 || order.amount_offered_ivat !== 0) {
    drawAmountLines(doc, [
      { label: 'Dont remises', value: formatEuros(order.amount_discount_ivat) },
      { label: 'Dont offerts', value: formatEuros(order.amount_offered_ivat) },
    ]);
  }

  drawSection(doc, 'TVA');
  const taxes = taxRows(data.taxes);
  drawTable(doc, TAX_COLUMNS, taxes.rows, taxes.total);

  drawSection(doc, 'Règlements');
  drawAmountLines(
    doc,
    data.payments.map((p) => ({
      label: p.tip !== 0 ? `${p.name} (dont pourboire ${formatEuros(p.tip)})` : p.name,
      value: formatEuros(p.amount),
    })),
  );

  drawNote(doc, `Signature du ticket : ${order.signature}`);
  drawSoftwareIdentity(doc, data.software);
  doc.moveDown(0.4);
  drawNote(
    doc,
    `Duplicata n°${data.duplicate} édité le ${formatParis(data.printedAt, 'DD/MM/YYYY HH:mm:ss')} depuis Comptoir.`,
  );
  return renderToBuffer(doc);
}

export interface ReceiptPrintData extends Printed {
  receipt: {
    name: string;
    number: number;
    printed_at: Date;
    order_number: number;
    user: string;
    print_try: number;
    /** The register's signature of the print record. */
    signature: string;
  };
  details: { quantity: number; label: string; amount: number; tax_rate: number }[];
  taxes: ClosureTax[];
}

const RECEIPT_NAMES: Record<string, string> = {
  ticket: 'Ticket',
  note: 'Note',
  duplicata: 'Duplicata',
  facture: 'Facture',
};

/** A duplicate of a print the register made (ticket, note, invoice). */
export function renderReceipt(data: ReceiptPrintData): Promise<Buffer> {
  const { receipt } = data;
  const name = RECEIPT_NAMES[receipt.name] ?? receipt.name;
  const title = `${name} – impression n°${receipt.number}`;
  const doc = createDocument(`${title} – ${data.company.company_name}`);
  drawEstablishment(doc, data.company);
  drawTitle(doc, title, data.duplicate);
  drawFacts(doc, [
    ['Imprimé le', formatParis(receipt.printed_at, 'DD/MM/YYYY HH:mm:ss')],
    ['Caisse', `${data.register.name} (${data.register.serial})`],
    ['Commande', `ticket n°${receipt.order_number}`],
    ['Par', receipt.user],
    ['Tentative d’impression', String(receipt.print_try)],
  ]);
  drawSection(doc, 'Détail');
  drawTable(
    doc,
    [
      { header: 'Qté', width: 0.1, align: 'right' },
      { header: 'Désignation', width: 0.5 },
      { header: 'TVA', width: 0.15, align: 'right' },
      { header: 'Montant TTC', width: 0.25, align: 'right' },
    ],
    data.details.map((d) => [String(d.quantity), d.label, formatRate(d.tax_rate), formatEuros(d.amount)]),
    ['', 'Total TTC', '', formatEuros(data.details.reduce((s, d) => s + d.amount, 0))],
  );
  drawSection(doc, 'TVA');
  const taxes = taxRows(data.taxes);
  drawTable(doc, TAX_COLUMNS, taxes.rows, taxes.total);
  drawNote(doc, `Signature de l’impression : ${receipt.signature || '—'}`);
  drawSoftwareIdentity(doc, data.software);
  doc.moveDown(0.4);
  drawNote(
    doc,
    `Duplicata n°${data.duplicate} édité le ${formatParis(data.printedAt, 'DD/MM/YYYY HH:mm:ss')} depuis Comptoir.`,
  );
  return renderToBuffer(doc);
}
