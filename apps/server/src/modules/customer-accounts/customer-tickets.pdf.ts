// Over 400 lines: one document's layout, the ticket PDF on A4 or an 80 mm roll: rows are measured, then drawn, and both steps share every row kind.
import { formatBusinessDay, formatParis } from '@comptoir/contracts';
import type { ContentLanguage, TicketPdfAction } from '@comptoir/contracts';
import {
  createFontedDocument,
  formatEuros,
  formatRate,
  pdfLanguageTag,
  renderToBuffer,
  type SoftwareIdentity,
} from '../../platform/pdf/pdf-layout';
import { CUSTOMER_PDF_TEXTS, type CustomerPdfTexts } from './customer-pdf.texts';

const INK = '#1f2328';
const MUTED = '#59636e';
const RULE = '#d0d7de';
/** 80 mm, the width of a register's ticket roll. */
const ROLL_WIDTH = (80 / 25.4) * 72;
/** PDF viewers refuse pages taller than 200 inches: a longer roll goes on to another page. */
const MAX_PAGE_HEIGHT = 14_400;

export interface TicketTax {
  /** A fraction: 0.1 for 10 %. */
  rate: number;
  evat: number;
  tax: number;
  ivat: number;
}

export interface TicketNote {
  id: string;
  /** A note is a charge of the account; a credit a top-up or a payment. */
  kind: 'note' | 'credit';
  at: Date;
  /** The business day, `YYYY-MM-DD`, of the day-by-day grouping. */
  businessDay: string;
  /** What the note put on the account (or the credit brought), in cents, positive. */
  amount: number;
  companyName: string;
  orderNumber: number | null;
  /** The order's total, when part of it was paid otherwise than on the account. */
  orderTotal: number | null;
  lines: { quantity: number; label: string; amount: number }[];
  /** What a credit paid, oldest note first (issue 31, item 15): none for a note, or credit still unused. */
  uses?: { at: Date; orderNumber: number | null; amountPaid: number }[];
  taxes: TicketTax[];
  /** The payment type of a credit. */
  paymentName: string | null;
}

export interface TicketCompany {
  company_name: string;
  legal_name: string | null;
  siret: string | null;
  vat_number: string | null;
  address_street: string | null;
  address_zipcode: string | null;
  address_city: string | null;
}

/** What an invoice says of a customer that is a company (issue 31, item 14), and its address. */
export interface TicketCustomerDetails {
  companyName: string | null;
  siren: string | null;
  vat: string | null;
  /** The street, then the postcode and city. */
  address: string[];
}

export interface TicketDocument {
  action: TicketPdfAction;
  /** The reader's language: every fixed text of the document is in it (issue 31, item 20). */
  language: ContentLanguage;
  formatA4: boolean;
  dayByDay: boolean;
  /** The one line's text of each note without details. */
  label: string;
  companies: TicketCompany[];
  customerName: string;
  /** The customer's company details and address (issue 31, item 14), for a document of one customer. */
  customerDetails?: TicketCustomerDetails;
  userName: string | null;
  printedAt: Date;
  notes: TicketNote[];
  /** The software and its certificate, at the foot like the fiscal documents, in `language`. */
  software: SoftwareIdentity;
}

/** One line of the laid-out document: measured first, so that a ticket roll is one long page. */
type Row =
  | { kind: 'text'; text: string; size: number; bold?: boolean; muted?: boolean; align?: 'center' }
  | { kind: 'amount'; label: string; value: string; size: number; bold?: boolean; qty?: string }
  | { kind: 'rule' }
  | { kind: 'gap'; height: number };

const lineHeight = (size: number) => size * 1.35;
const rowHeight = (row: Row) =>
  row.kind === 'rule' ? 6 : row.kind === 'gap' ? row.height : lineHeight(row.size);

/** The notes and their totals as rows; the sums are of the notes' amounts, to the cent. */
function layout(data: TicketDocument): Row[] {
  const texts = CUSTOMER_PDF_TEXTS[data.language].ticket;
  const base = data.formatA4 ? 10 : 8;
  const rows: Row[] = [];
  const center = data.formatA4 ? undefined : ('center' as const);
  for (const company of data.companies) {
    rows.push({ kind: 'text', text: company.company_name, size: base + 4, bold: true, align: center });
    const address = [
      company.legal_name,
      company.address_street,
      [company.address_zipcode, company.address_city].filter(Boolean).join(' '),
      company.siret ? texts.siret(company.siret) : null,
      company.vat_number ? texts.vatNumber(company.vat_number) : null,
    ];
    for (const line of address) {
      if (line) rows.push({ kind: 'text', text: line, size: base - 1, muted: true, align: center });
    }
    rows.push({ kind: 'gap', height: base * 0.6 });
  }
  const isCredits = data.notes.every((n) => n.kind === 'credit');
  rows.push({
    kind: 'text',
    text: isCredits ? texts.creditsHeading : texts.notesHeading,
    size: base + 3,
    bold: true,
  });
  // A number of its own: the moment it was made (to the second) — two documents never share one.
  const number = data.printedAt.toISOString().replace(/\D/g, '').slice(0, 14);
  rows.push({ kind: 'text', text: texts.documentNumber(number), size: base - 1, muted: true });
  rows.push({ kind: 'text', text: texts.customer(data.customerName), size: base + 1, bold: true });
  for (const line of customerLines(data.customerDetails, texts)) {
    rows.push({ kind: 'text', text: line, size: base - 1 });
  }
  rows.push({
    kind: 'text',
    text: texts.issued(formatParis(data.printedAt, 'DD/MM/YYYY HH:mm:ss'), data.userName),
    size: base - 1,
    muted: true,
  });
  rows.push({ kind: 'rule' });

  const groups = data.dayByDay ? groupByDay(data.notes) : [{ day: null, notes: data.notes }];
  for (const group of groups) {
    if (group.day !== null) {
      rows.push({ kind: 'text', text: texts.day(formatBusinessDay(group.day)), size: base + 1, bold: true });
    }
    for (const note of group.notes) {
      if (data.action === 'details') rows.push(...noteDetails(note, base, texts));
      else rows.push(noteLine(note, data.label, base, texts));
    }
    if (group.day !== null) {
      rows.push({
        kind: 'amount',
        label: texts.daySubtotal(formatBusinessDay(group.day)),
        value: formatEuros(sum(group.notes)),
        size: base,
        bold: true,
      });
      rows.push({ kind: 'rule' });
    }
  }

  // The VAT per rate on both versions (issue 31, item 14): a « sans détails » document is an invoice too.
  {
    const taxes = mergeTaxes(data.notes.flatMap((n) => n.taxes));
    if (taxes.length > 0) {
      rows.push({ kind: 'text', text: texts.vatHeading, size: base, bold: true });
      for (const tax of taxes) {
        rows.push({
          kind: 'amount',
          label: texts.vatLine(formatRate(tax.rate), formatEuros(tax.evat)),
          value: formatEuros(tax.tax),
          size: base - 1,
        });
      }
    }
  }
  rows.push({ kind: 'rule' });
  const notes = data.notes.filter((n) => n.kind === 'note');
  const credits = data.notes.filter((n) => n.kind === 'credit');
  if (notes.length > 0) {
    rows.push({
      kind: 'amount',
      label: texts.notesTotal(notes.length),
      value: formatEuros(sum(notes)),
      size: base + 2,
      bold: true,
    });
  }
  if (credits.length > 0) {
    rows.push({
      kind: 'amount',
      label: texts.creditsTotal(credits.length),
      value: formatEuros(sum(credits)),
      size: base + 2,
      bold: true,
    });
  }
  // Two rows, not softwareIdentityLine: an 80 mm roll cuts a longer row.
  rows.push({ kind: 'gap', height: base * 0.6 });
  for (const text of [data.software.software, data.software.certificate]) {
    rows.push({ kind: 'text', text, size: base - 2, muted: true, align: center });
  }
  return rows;
}

/** The customer's company details and address, each a line. */
function customerLines(
  details: TicketCustomerDetails | undefined,
  texts: CustomerPdfTexts['ticket'],
): string[] {
  if (!details) return [];
  return [
    details.companyName,
    details.siren ? texts.siren(details.siren) : null,
    details.vat ? texts.vatNumber(details.vat) : null,
    ...details.address,
  ].filter((line): line is string => Boolean(line?.trim()));
}

function noteDetails(note: TicketNote, base: number, texts: CustomerPdfTexts['ticket']): Row[] {
  if (note.kind === 'credit') {
    // How the credit was used: the notes it paid, and what is left of it.
    const uses = note.uses ?? [];
    const used = uses.reduce((total, use) => total + use.amountPaid, 0);
    return [
      creditLine(note, base, texts),
      ...uses.map((use): Row => ({
        kind: 'amount',
        label: texts.creditPaid(String(use.orderNumber ?? '—'), formatParis(use.at, 'DD/MM/YYYY')),
        value: formatEuros(use.amountPaid),
        size: base - 2,
      })),
      ...(used < note.amount
        ? [
            {
              kind: 'amount',
              label: texts.creditLeft,
              value: formatEuros(note.amount - used),
              size: base - 2,
            } as Row,
          ]
        : []),
    ];
  }
  const rows: Row[] = [
    {
      kind: 'text',
      text: texts.noteHeading(
        formatParis(note.at, 'DD/MM/YYYY HH:mm:ss'),
        String(note.orderNumber ?? '—'),
        note.companyName,
      ),
      size: base,
      bold: true,
    },
  ];
  for (const line of note.lines) {
    rows.push({
      kind: 'amount',
      qty: String(line.quantity),
      label: line.label,
      value: formatEuros(line.amount),
      size: base - 1,
    });
  }
  if (note.orderTotal !== null && note.orderTotal !== note.amount) {
    rows.push({
      kind: 'amount',
      label: texts.ticketTotal,
      value: formatEuros(note.orderTotal),
      size: base - 1,
    });
  }
  for (const tax of note.taxes) {
    rows.push({
      kind: 'amount',
      label: texts.vatIncluded(formatRate(tax.rate)),
      value: formatEuros(tax.tax),
      size: base - 2,
    });
  }
  rows.push({
    kind: 'amount',
    label: texts.noteTotal,
    value: formatEuros(note.amount),
    size: base,
    bold: true,
  });
  rows.push({ kind: 'gap', height: base * 0.5 });
  return rows;
}

function noteLine(note: TicketNote, label: string, base: number, texts: CustomerPdfTexts['ticket']): Row {
  if (note.kind === 'credit') return creditLine(note, base, texts);
  return {
    kind: 'amount',
    label: `${formatParis(note.at, 'DD/MM/YYYY')} ${label}`,
    value: formatEuros(note.amount),
    size: base,
  };
}

function creditLine(note: TicketNote, base: number, texts: CustomerPdfTexts['ticket']): Row {
  const how = note.paymentName ? ` (${note.paymentName})` : '';
  return {
    kind: 'amount',
    label: `${formatParis(note.at, 'DD/MM/YYYY HH:mm:ss')} ${texts.credit}${how}`,
    value: formatEuros(note.amount),
    size: base,
  };
}

const sum = (notes: TicketNote[]) => notes.reduce((total, n) => total + n.amount, 0);

function groupByDay(notes: TicketNote[]): { day: string; notes: TicketNote[] }[] {
  const byDay = new Map<string, TicketNote[]>();
  for (const note of notes) byDay.set(note.businessDay, [...(byDay.get(note.businessDay) ?? []), note]);
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, dayNotes]) => ({ day, notes: dayNotes }));
}

export function mergeTaxes(taxes: TicketTax[]): TicketTax[] {
  const byRate = new Map<number, TicketTax>();
  for (const tax of taxes) {
    const total = byRate.get(tax.rate) ?? { rate: tax.rate, evat: 0, tax: 0, ivat: 0 };
    total.evat += tax.evat;
    total.tax += tax.tax;
    total.ivat += tax.ivat;
    byRate.set(tax.rate, total);
  }
  return [...byRate.values()].sort((a, b) => a.rate - b.rate);
}

/**
 * The text cut with an ellipsis to fit `width` at the current font. Rows are placed by hand rather than
 * through pdfkit's line wrapper: 200 notes then render well within a second.
 */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let kept = text;
  while (kept.length > 1 && doc.widthOfString(`${kept}…`) > width) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

/** The ticket PDF: A4, or an 80 mm roll as one long page. */
export function renderTicketPdf(data: TicketDocument): Promise<Buffer> {
  const rows = layout(data);
  const margin = data.formatA4 ? 48 : 10;
  const contentHeight = rows.reduce((h, row) => h + rowHeight(row), 0);
  const size: [number, number] | 'A4' = data.formatA4
    ? 'A4'
    : [ROLL_WIDTH, Math.min(MAX_PAGE_HEIGHT, Math.ceil(contentHeight + 2 * margin + 4))];
  // The fonts of the other PDFs (Liberation Sans, embedded) so every viewer shows the same.
  const doc = createFontedDocument({
    size,
    margin,
    info: {
      Title: CUSTOMER_PDF_TEXTS[data.language].ticket.pdfTitle(data.customerName),
      Author: 'Comptoir',
      Creator: 'Comptoir',
    },
    lang: pdfLanguageTag(data.language),
  });
  const width = doc.page.width - 2 * margin;
  const bottom = () => doc.page.height - margin;
  let y = margin;

  for (const row of rows) {
    const height = rowHeight(row);
    if (y + height > bottom()) {
      doc.addPage({ size, margin });
      y = margin;
    }
    if (row.kind === 'rule') {
      doc
        .save()
        .lineWidth(0.5)
        .strokeColor(RULE)
        .moveTo(margin, y + 3)
        .lineTo(margin + width, y + 3)
        .stroke()
        .restore();
    } else if (row.kind === 'text') {
      doc
        .font(row.bold ? 'bold' : 'regular')
        .fontSize(row.size)
        .fillColor(row.muted ? MUTED : INK);
      const text = fit(doc, row.text, width);
      const x = row.align === 'center' ? margin + (width - doc.widthOfString(text)) / 2 : margin;
      doc.text(text, x, y, { lineBreak: false });
    } else if (row.kind === 'amount') {
      const valueWidth = row.size * 7;
      const qtyWidth = row.qty === undefined ? 0 : row.size * 2.5;
      doc
        .font(row.bold ? 'bold' : 'regular')
        .fontSize(row.size)
        .fillColor(INK);
      if (row.qty !== undefined) {
        doc.text(row.qty, margin + qtyWidth - 4 - doc.widthOfString(row.qty), y, { lineBreak: false });
      }
      doc.text(fit(doc, row.label, width - qtyWidth - valueWidth - 4), margin + qtyWidth, y, {
        lineBreak: false,
      });
      doc.text(row.value, margin + width - doc.widthOfString(row.value), y, { lineBreak: false });
    }
    y += height;
  }

  return renderToBuffer(doc);
}
