import crypto from 'node:crypto';
import {
  type ContentLanguage,
  type CustomerTicketErrorCode,
  type TicketPdfAction,
  type TicketPdfRequest,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { Config } from '../../platform/config';
import { defineErrors } from '../../platform/errors';
import type { FileStorage } from '../../platform/files';
import type { Mailer } from '../../platform/mail';
import { softwareIdentity, type SoftwareIdentity } from '../../platform/pdf/pdf-layout';
import { CUSTOMER_PDF_TEXTS } from './customer-pdf.texts';
import {
  renderTicketPdf,
  type TicketCustomerDetails,
  type TicketDocument,
  type TicketNote,
  type TicketTax,
} from './customer-tickets.pdf';
import { listOperations } from './customer-account-detail.repository';
import { toAllocOperation } from './customer-account-detail.service';
import { allocateNotes, type AllocOperation } from './customer-notes.allocation';
import * as repo from './customer-tickets.repository';

const GENERIC = 'Une erreur est survenue';

export const customerTicketError = defineErrors<CustomerTicketErrorCode>({
  NO_TICKET_SELECTED: { status: 400, message: 'Aucun ticket sélectionné' },
  TICKET_NOT_FOUND: { status: 404, message: GENERIC },
  TICKET_SENDER_REQUIRED: { status: 400, message: 'L’expéditeur est obligatoire.' },
  TICKET_RECIPIENT_REQUIRED: { status: 400, message: 'Le destinataire est obligatoire.' },
  TICKET_CONTENT_REQUIRED: { status: 400, message: 'Le contenu du message est obligatoire.' },
  TICKET_EMAIL_INVALID: { status: 400, message: 'L’adresse e-mail n’est pas valide.' },
  TICKET_SENDER_NOT_USER: {
    status: 403,
    message: 'L’expéditeur doit être l’adresse e-mail de l’utilisateur connecté.',
  },
  TICKET_DAY_BY_DAY_SUITE_ONLY: {
    status: 403,
    message: 'L’envoi des tickets jour par jour est réservé à l’édition suite.',
  },
  TICKET_TOO_MANY_ATTACHMENTS: { status: 400, message: 'Trop de tickets pour un envoi note par note.' },
  TICKET_MAIL_FAILED: { status: 502, message: 'Une erreur est survenue lors de l’envoi de l’e-mail.' },
});

/** What rendering, storing and mailing tickets need: the app's database, files, config and mailer. */
export interface TicketDeps {
  db: Db;
  files: FileStorage;
  config: Config;
  mailer: Mailer;
}

export interface TicketScope {
  accountId: string;
  /** The establishments whose notes the caller may read. */
  companyIds: string[];
}

/** The notes (and credits) to print, checked against the caller's account. */
export interface LoadedTickets {
  notes: TicketNote[];
  companies: repo.TicketCompanyRow[];
  customerName: string;
  /**
   * What an invoice says of the customer (issue 31, item 14): its company's name, SIREN and VAT
   * number when it is one, its address — for a document of one customer only.
   */
  customerDetails: TicketCustomerDetails | undefined;
  /** The customers' e-mail addresses on file, for a mail sent by the server itself. */
  customerEmails: string[];
  customerAccountIds: string[];
}

/**
 * The given operations as notes. Every id must be a note or a credit of a present customer account
 * of the caller, in a readable establishment, and agree with `expected` (customer, establishment)
 * when given: else 404 TICKET_NOT_FOUND, so that another account's ids reveal nothing.
 */
export async function loadTickets(
  db: Db,
  scope: TicketScope,
  operationIds: string[],
  expected?: Map<string, { customerId: string; companyId: string }>,
): Promise<LoadedTickets> {
  const ids = [...new Set(operationIds)];
  if (ids.length === 0) throw customerTicketError('NO_TICKET_SELECTED');
  const operations = await repo.findTicketOperations(db, { ...scope, operationIds: ids });
  const matches = operations.filter((op) => {
    const wanted = expected?.get(op.id);
    return !wanted || (wanted.customerId === op.customer_account_id && wanted.companyId === op.company_id);
  });
  if (matches.length !== ids.length) throw customerTicketError('TICKET_NOT_FOUND');

  const orderIds = [...new Set(operations.flatMap((op) => (op.order_id ? [op.order_id] : [])))];
  const companyIds = [...new Set(operations.map((op) => op.company_id))];
  const [{ orders, lines }, companies] = await Promise.all([
    repo.findTicketOrders(db, scope.accountId, orderIds),
    repo.findTicketCompanies(db, scope.accountId, companyIds),
  ]);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const linesByOrder = new Map<string, repo.TicketOrderLineRow[]>();
  for (const line of lines)
    linesByOrder.set(line.order_id, [...(linesByOrder.get(line.order_id) ?? []), line]);
  const companyName = new Map(companies.map((c) => [c.id, c.company_name]));
  const uses = await creditUses(db, scope.accountId, operations);

  const notes = operations.map((op): TicketNote => {
    const isNote = op.operation === 'charge';
    const order = op.order_id ? orderById.get(op.order_id) : undefined;
    const orderLines = (op.order_id && linesByOrder.get(op.order_id)) || [];
    return {
      id: op.id,
      kind: isNote ? 'note' : 'credit',
      at: op.at,
      businessDay: op.business_day,
      // A charge takes money from the account (negative); the note shows what was put on it.
      amount: isNote ? -op.amount : op.amount,
      companyName: companyName.get(op.company_id) ?? '',
      orderNumber: order?.number ?? null,
      orderTotal: order?.amount_total_ivat ?? null,
      lines: isNote
        ? orderLines.map((l) => ({ quantity: l.quantity, label: l.product_name, amount: l.price }))
        : [],
      taxes: isNote ? taxesOf(orderLines) : [],
      paymentName: op.payment_name,
      ...(isNote ? {} : { uses: uses.get(op.id) ?? [] }),
    };
  });
  const customers = new Map(operations.map((op) => [op.customer_account_id, op]));
  return {
    notes,
    companies,
    customerName: [
      ...new Set([...customers.values()].map((c) => `${c.lastname} ${c.firstname}`.trim())),
    ].join(', '),
    customerDetails: customers.size === 1 ? customerDetailsOf([...customers.values()][0]!) : undefined,
    customerEmails: [...new Set([...customers.values()].flatMap((c) => (c.email ? [c.email] : [])))],
    customerAccountIds: [...customers.keys()],
  };
}

function customerDetailsOf(
  customer: Pick<
    repo.TicketOperationRow,
    | 'is_company'
    | 'company_name'
    | 'company_siren'
    | 'company_vat'
    | 'address_street'
    | 'address_zipcode'
    | 'address_city'
  >,
): TicketCustomerDetails {
  return {
    companyName: customer.is_company ? customer.company_name : null,
    siren: customer.is_company ? customer.company_siren : null,
    vat: customer.is_company ? customer.company_vat : null,
    address: [
      customer.address_street,
      [customer.address_zipcode, customer.address_city].filter(Boolean).join(' '),
    ].filter((line): line is string => Boolean(line?.trim())),
  };
}

/**
 * What each credit among the operations paid (issue 31, item 15): the customer's operations
 * allocated as its page allocates them (money pays the oldest notes first), by credit id.
 */
async function creditUses(
  db: Db,
  accountId: string,
  operations: { id: string; operation: string; customer_account_id: string }[],
): Promise<Map<string, NonNullable<TicketNote['uses']>>> {
  const customers = [
    ...new Set(operations.filter((op) => op.operation !== 'charge').map((op) => op.customer_account_id)),
  ];
  const uses = new Map<string, NonNullable<TicketNote['uses']>>();
  if (customers.length === 0) return uses;
  const rows = await listOperations(db, accountId, customers);
  const orderNumber = new Map(rows.map((row) => [row.id, row.order_number ?? null]));
  const byCustomer = new Map<string, AllocOperation[]>();
  for (const row of rows) {
    const list = byCustomer.get(row.customer_account_id) ?? [];
    list.push(toAllocOperation(row));
    byCustomer.set(row.customer_account_id, list);
  }
  for (const list of byCustomer.values()) {
    for (const credit of allocateNotes(list).credits) {
      uses.set(
        credit.operation.id,
        credit.infos.map((info) => ({
          at: info.note.at,
          orderNumber: orderNumber.get(info.note.id) ?? null,
          amountPaid: info.amountPaid,
        })),
      );
    }
  }
  return uses;
}

function taxesOf(lines: repo.TicketOrderLineRow[]): TicketTax[] {
  const byRate = new Map<string, TicketTax>();
  for (const line of lines) {
    const tax = byRate.get(line.vat_rate) ?? { rate: Number(line.vat_rate), evat: 0, tax: 0, ivat: 0 };
    tax.evat += line.amount_evat;
    tax.tax += line.amount_tax;
    tax.ivat += line.price;
    byRate.set(line.vat_rate, tax);
  }
  return [...byRate.values()].sort((a, b) => a.rate - b.rate);
}

export interface TicketRenderOptions {
  action: TicketPdfAction;
  formatA4: boolean;
  dayByDay: boolean;
  label?: string | undefined;
  userName?: string | undefined;
  /** The reader's language (issue 31, item 20); French when not told. */
  language?: ContentLanguage | undefined;
}

export function ticketDocument(
  loaded: Pick<LoadedTickets, 'notes' | 'companies' | 'customerName'> &
    Partial<Pick<LoadedTickets, 'customerDetails'>>,
  options: TicketRenderOptions,
  software: SoftwareIdentity,
  now = new Date(),
): TicketDocument {
  const language = options.language ?? 'fr';
  return {
    action: options.action,
    language,
    formatA4: options.formatA4,
    dayByDay: options.dayByDay,
    label: plainLine(options.label ?? '') || CUSTOMER_PDF_TEXTS[language].defaultLabel,
    companies: loaded.companies,
    customerName: loaded.customerName,
    ...(loaded.customerDetails ? { customerDetails: loaded.customerDetails } : {}),
    userName: plainLine(options.userName ?? '') || null,
    printedAt: now,
    notes: loaded.notes,
    software,
  };
}

/** One line of plain text: no control characters, spaces collapsed. */
export function plainLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A name made of letters, digits, `_` and `-` only: safe in a storage key and a mail header. */
export function fileSafe(text: string, fallback: string): string {
  const safe = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return safe || fallback;
}

/** Letters, digits, `_` and `-` only: safe in a storage key and a `content-disposition` header. */
export function ticketFileName(action: TicketPdfAction, customerName: string, now = new Date()): string {
  const kind = action === 'details' ? 'notes-details' : 'notes';
  const customer = fileSafe(customerName.split(', ')[0] ?? '', 'client').slice(0, 40);
  return `${kind}_${customer}_${now.toISOString().slice(0, 10)}.pdf`;
}

const TICKET_DIR = 'customer-tickets';

/** Stores a rendered PDF under a fresh id, for a mail's attachment (`notes/send`, a write). */
export async function storeTicketPdf(
  files: FileStorage,
  pdf: Buffer,
  nameFile: string,
): Promise<{ pdfId: string; key: string }> {
  const pdfId = crypto.randomUUID();
  const key = `${TICKET_DIR}/${pdfId}/${nameFile}`;
  await files.put(key, pdf);
  return { pdfId, key };
}

/**
 * `POST notes/details` and `notes/withoutDetails`: the PDF of the selected notes and its file name,
 * for the answer itself, in the caller's language. Nothing is stored (issue 31 item 6): view-as
 * sessions may preview tickets.
 */
export async function createTicketPdf(
  deps: Pick<TicketDeps, 'db' | 'config'>,
  scope: TicketScope,
  action: TicketPdfAction,
  body: TicketPdfRequest,
  language: ContentLanguage,
): Promise<{ pdf: Buffer; nameFile: string }> {
  const expected = new Map<string, { customerId: string; companyId: string }>();
  const ids: string[] = [];
  for (const group of body.groupedPaymentsList) {
    for (const payment of group.payments) {
      // A payment filed under another customer's group is not that customer's: refused as unknown.
      if (payment.customerId !== group.customerId) throw customerTicketError('TICKET_NOT_FOUND');
      expected.set(payment.idPayment, { customerId: payment.customerId, companyId: payment.userDb });
      ids.push(payment.idPayment);
    }
  }
  const loaded = await loadTickets(deps.db, scope, ids, expected);
  const now = new Date();
  const pdf = await renderTicketPdf(
    ticketDocument(
      loaded,
      { action, ...body, language },
      softwareIdentity(deps.config.certificateReference, language),
      now,
    ),
  );
  return { pdf, nameFile: ticketFileName(action, loaded.customerName, now) };
}
