import { monthDays, type ClosureTax, type PdfLinkQuery } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { Config } from '../../platform/config';
import { closurePayments, closureTaxes, rateOf } from '../fiscal/fiscal.mapping';
import { documentRows } from '../fiscal/fiscal-documents.service';
import type { FiscalScope } from '../fiscal/fiscal.service';
import { checkLink } from '../fiscal/pdf-link';
import { dataHostError } from './data-host.errors';
import * as repo from './data-host.repository';
import { dailyClosureNumbers } from '../server-closures/server-closures.service';
import { renderReceipt, renderTicket, renderZReport } from './documents.pdf';
import { renderZPack, type PackedClosure } from './z-pack.pdf';
import { fiscalErrorsOf } from '../fiscal-errors/fiscal-errors.service';
import { renderIncidentList } from './incidents.pdf';
import { softwareIdentity, type SoftwareIdentity } from '../../platform/pdf/pdf-layout';

export interface RenderedPdf {
  pdf: Buffer;
  filename: string;
}

/** VAT per rate of the lines a customer paid for (removed lines left out). */
function taxesOfLines(
  lines: { vat_rate: string; amount_evat: number; amount_tax: number; price: number }[],
): ClosureTax[] {
  const byRate = new Map<string, ClosureTax>();
  for (const line of lines) {
    const tax = byRate.get(line.vat_rate) ?? {
      tax_rate: rateOf(line.vat_rate),
      amount_evat: 0,
      amount_tax: 0,
      amount_ivat: 0,
    };
    tax.amount_evat += line.amount_evat;
    tax.amount_tax += line.amount_tax;
    tax.amount_ivat += line.price;
    byRate.set(line.vat_rate, tax);
  }
  return [...byRate.values()].sort((a, b) => a.tax_rate - b.tax_rate);
}

const fileSafe = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** When a document is printed, the software identity it carries, and who asked for the print. */
interface Printed {
  printedAt: Date;
  software: SoftwareIdentity;
  requesterId: string;
}

async function zReport(
  db: Db,
  scope: FiscalScope,
  query: PdfLinkQuery,
  printed: Printed,
): Promise<RenderedPdf> {
  let closureId = query.closure_id;
  if (closureId === undefined && query.service_id !== undefined) {
    closureId = (await repo.dailyClosureIdOfService(db, scope.accountId, query.service_id)) ?? undefined;
    if (closureId === undefined) throw dataHostError('PDF_DOCUMENT_NOT_FOUND');
  }
  if (closureId === undefined) throw dataHostError('PDF_TARGET_REQUIRED');
  const closure = await documentRows.closure(db, scope, closureId);
  if (!closure) throw dataHostError('PDF_DOCUMENT_NOT_FOUND');
  if (query.cash_register_id !== undefined && query.cash_register_id !== closure.register_id) {
    throw dataHostError('PDF_DOCUMENT_NOT_FOUND');
  }
  const [company, register, sales, cash, numbers] = await Promise.all([
    repo.findCompanyIdentity(db, closure.company_id),
    repo.findRegister(db, closure.register_id),
    repo.salesFigures(db, scope.accountId, closure.service_ids),
    repo.cashFigures(db, scope.accountId, closure.service_ids),
    closure.type === 1
      ? dailyClosureNumbers(db, closure.company_id, closure.end_day, closure.end_day)
      : new Map<string, string>(),
  ]);
  const duplicate = await repo.recordReprint(db, {
    accountId: scope.accountId,
    companyId: closure.company_id,
    kind: 'z_report',
    documentId: closure.id,
    userId: printed.requesterId,
  });
  const pdf = await renderZReport({
    company,
    register,
    duplicate,
    printedAt: printed.printedAt,
    software: printed.software,
    closure: {
      type: closure.type,
      start_day: closure.start_day,
      end_day: closure.end_day,
      opening_date: closure.opening_date,
      closing_date: closure.closing_date,
      seq: closure.seq,
      establishment_number: numbers.get(closure.end_day) ?? null,
      amount_total_ivat: closure.amount_total_ivat,
      amount_total_evat: closure.amount_total_evat,
      amount_tax: closure.amount_tax,
      amount_discount_ivat: closure.amount_discount_ivat,
      amount_offered_ivat: closure.amount_offered_ivat,
      amount_total_wo_discount_ivat: closure.amount_total_wo_discount_ivat,
      amount_payment_shift: closure.amount_payment_shift,
      grand_total_ivat: closure.grand_total_ivat,
      comment: closure.comment,
      services: closure.service_ids.length,
      signature: closure.sig ?? '',
    },
    taxes: closureTaxes(closure.taxes),
    payments: closurePayments(closure.payments),
    sales,
    cash,
  });
  return {
    pdf,
    filename: `rapport-z-${fileSafe(register.name)}-${closure.start_day}-type${closure.type}.pdf`,
  };
}

async function ticket(db: Db, scope: FiscalScope, orderId: string, printed: Printed): Promise<RenderedPdf> {
  const order = await documentRows.order(db, scope, orderId);
  if (!order) throw dataHostError('PDF_DOCUMENT_NOT_FOUND');
  const [company, register, { lines, payments, service, cancelled }] = await Promise.all([
    repo.findCompanyIdentity(db, order.company_id),
    repo.findRegister(db, order.register_id),
    documentRows.ofOrder(db, scope, order),
  ]);
  const sold = lines.filter((l) => !l.removed);
  const duplicate = await repo.recordReprint(db, {
    accountId: scope.accountId,
    companyId: order.company_id,
    kind: 'ticket',
    documentId: order.id,
    userId: printed.requesterId,
  });
  const pdf = await renderTicket({
    company,
    register,
    duplicate,
    printedAt: printed.printedAt,
    software: printed.software,
    order: {
      number: order.number,
      closing_date: order.closing_date,
      service_number: service?.number ?? 0,
      user: `${order.user_firstname} ${order.user_lastname}`.trim(),
      room_name: order.room_name,
      table_name: order.table_name,
      covers: order.covers,
      amount_total_ivat: order.amount_total_ivat,
      amount_discount_ivat: order.amount_discount_ivat,
      amount_offered_ivat: order.amount_offered_ivat,
      cancels_number: cancelled?.number ?? null,
      signature: order.sig,
    },
    lines: sold.map((l) => ({
      quantity: l.quantity,
      label: l.product_name,
      unitPrice: l.standard_price,
      discount: l.discount,
      offered: l.offered,
      price: l.price,
    })),
    taxes: taxesOfLines(sold),
    payments: payments
      .filter((p) => !p.removed)
      .map((p) => ({ name: p.payment_name, amount: p.amount, tip: p.tip })),
  });
  return { pdf, filename: `ticket-${order.number}-${order.business_day}.pdf` };
}

async function receipt(
  db: Db,
  scope: FiscalScope,
  receiptId: string,
  printed: Printed,
): Promise<RenderedPdf> {
  const row = await documentRows.receipt(db, scope, receiptId);
  if (!row) throw dataHostError('PDF_DOCUMENT_NOT_FOUND');
  const [company, register, { details, taxes, order, signature }] = await Promise.all([
    repo.findCompanyIdentity(db, row.company_id),
    repo.findRegister(db, row.register_id),
    documentRows.ofReceipt(db, scope, row),
  ]);
  const duplicate = await repo.recordReprint(db, {
    accountId: scope.accountId,
    companyId: row.company_id,
    kind: 'receipt',
    documentId: row.id,
    userId: printed.requesterId,
  });
  const pdf = await renderReceipt({
    company,
    register,
    duplicate,
    printedAt: printed.printedAt,
    software: printed.software,
    receipt: {
      name: row.name,
      number: row.number,
      printed_at: row.printed_at,
      order_number: order?.number ?? 0,
      user: `${row.user_firstname} ${row.user_lastname}`.trim(),
      print_try: row.print_try,
      signature: signature ?? '',
    },
    details: details.map((d) => ({
      quantity: d.quantity,
      label: d.label,
      amount: d.amount,
      tax_rate: rateOf(d.vat_rate),
    })),
    taxes: taxes.map((t) => ({
      tax_rate: rateOf(t.vat_rate),
      amount_evat: t.amount_evat,
      amount_tax: t.amount_tax,
      amount_ivat: t.amount_ivat,
    })),
  });
  return { pdf, filename: `${fileSafe(row.name)}-${row.number}.pdf` };
}

/** The fiscal incident list of the requester's establishments, over the days asked (all when none). */
async function incidents(
  db: Db,
  scope: FiscalScope & { companyNames: string[] },
  query: PdfLinkQuery,
  printed: Printed,
): Promise<RenderedPdf> {
  const range = { startDay: query.start, endDay: query.end };
  const grouped = await fiscalErrorsOf(db, scope, range);
  const pdf = await renderIncidentList({
    establishments: scope.companyNames,
    startDay: query.start ?? null,
    endDay: query.end ?? null,
    generatedAt: printed.printedAt,
    software: printed.software,
    ...grouped,
  });
  const period = query.start || query.end ? `-${query.start ?? 'debut'}-${query.end ?? 'fin'}` : '';
  return { pdf, filename: `liste-incidents-fiscaux${period}.pdf` };
}

/**
 * The PDF a data-host link asks for: the link's signature (over its one document and requester) and
 * age first (403), then the document, looked up only in the account the link names (404 otherwise).
 * Each print is recorded as a reprint in the requester's name.
 */
export async function renderLinkedPdf(
  db: Db,
  config: Config,
  query: PdfLinkQuery,
  now: Date = new Date(),
): Promise<RenderedPdf> {
  const link = checkLink(config, query, now);
  if (!link.ok) throw dataHostError(link.reason === 'expired' ? 'PDF_LINK_EXPIRED' : 'PDF_LINK_INVALID');
  // The requester's establishments: a sub-user's link reads none of the others (issue 31).
  const companies = await repo.companiesOfRequester(db, link.accountId, link.requesterId);
  const scope: FiscalScope & { companyNames: string[] } = {
    accountId: link.accountId,
    companyIds: companies.map((c) => c.id),
    companyNames: companies.map((c) => c.company_name),
  };
  const printed: Printed = {
    printedAt: now,
    software: softwareIdentity(config.certificateReference),
    requesterId: link.requesterId,
  };
  switch (query.action) {
    case 'z':
      return zReport(db, scope, query, printed);
    case 'ticket':
      if (query.order_id === undefined) throw dataHostError('PDF_TARGET_REQUIRED');
      return ticket(db, scope, query.order_id, printed);
    case 'receipt':
      if (query.receipt_id === undefined) throw dataHostError('PDF_TARGET_REQUIRED');
      return receipt(db, scope, query.receipt_id, printed);
    case 'incidents':
      return incidents(db, scope, query, printed);
  }
}

/**
 * The Z pack of an establishment's month (issue 30, part 21): every register's daily closure of the
 * month, day by day under the establishment's daily closure number the FEC prints in PieceRef. The
 * caller has checked the establishment is the account's and readable.
 */
export async function renderZPackPdf(
  db: Db,
  config: Config,
  target: { accountId: string; companyId: string; month: string },
  now: Date = new Date(),
): Promise<Buffer> {
  const { first, last } = monthDays(target.month);
  const scope: FiscalScope = { accountId: target.accountId, companyIds: [target.companyId] };
  const [company, closures, numbers] = await Promise.all([
    repo.findCompanyIdentity(db, target.companyId),
    documentRows.dailyClosures(db, scope, target.companyId, first, last),
    dailyClosureNumbers(db, target.companyId, first, last),
  ]);
  const days = new Map<string, PackedClosure[]>();
  for (const c of closures) {
    days.set(c.end_day, [
      ...(days.get(c.end_day) ?? []),
      {
        registerName: c.register_name,
        seq: c.seq,
        closingDate: c.closing_date,
        amountTotalEvat: c.amount_total_evat,
        amountTax: c.amount_tax,
        amountTotalIvat: c.amount_total_ivat,
        grandTotalIvat: c.grand_total_ivat,
        taxes: closureTaxes(c.taxes),
        payments: closurePayments(c.payments),
        signature: c.sig ?? '',
      },
    ]);
  }
  return renderZPack({
    company,
    month: target.month,
    days: [...days].map(([day, packed]) => ({ day, number: numbers.get(day) ?? null, closures: packed })),
    printedAt: now,
    software: softwareIdentity(config.certificateReference),
  });
}
