// Over 400 lines: the customer page's calls (detail, ageing, receivables, statement, notes, credits, edit), over one allocation of payments to notes.
import type { Selectable } from 'kysely';
import { z } from 'zod';
import {
  CUSTOMER_AGEING_BUCKETS,
  customerStatementFileName,
  type ContentLanguage,
  type CustomerStatementQuery,
  CUSTOMER_PHONE_COUNTRY_CODE_LENGTH,
  type CustomerReceivablesQuery,
  type CustomerReceivablesResponse,
  customerSearchText,
  normalisePhone,
  PHONE_SEPARATORS,
  type CustomerAccountAgeing,
  type CustomerAccountDetailBody,
  type CustomerAccountDetailResponse,
  type CustomerCredit,
  type CustomerCreditsResponse,
  type CustomerEditForm,
  type CustomerNote,
  type CustomerNotesPaymentTypesResponse,
  type CustomerNotesQuery,
  type CustomerNotesResponse,
  type CustomerUpdateData,
  parisDayOf,
  parisToday,
  dayIndex,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { CustomerAccountTable } from '../../db/schema/pos';
import type { RequestContext } from '../../platform/request-context';
import type { SoftwareIdentity } from '../../platform/pdf/pdf-layout';
import * as repo from './customer-account-detail.repository';
import { renderCustomerStatement, type StatementLine } from './customer-statement.pdf';
import { findTicketCompanies } from './customer-tickets.repository';
import { customerAccountError } from './customer-accounts.errors';
import { lastDunningSends } from './customer-dunning.repository';
import {
  allocateNotes,
  type AllocatedCredit,
  type AllocatedNote,
  type AllocOperation,
  type AllocOperationKind,
} from './customer-notes.allocation';

const isSuite = (ctx: RequestContext) => ctx.edition === 'suite';

const unix = (at: Date) => Math.floor(at.getTime() / 1000);

/** The establishments a call is about: `companyId` when given (readable, else 404), else all readable. */
function companiesOf(ctx: RequestContext, companyId: string | null | undefined): string[] {
  if (companyId === null || companyId === undefined) return ctx.companyIds;
  if (!ctx.companyIds.includes(companyId)) throw customerAccountError('CUSTOMER_COMPANY_NOT_FOUND');
  return [companyId];
}

// The detail: `POST /api/customer-account/:ids`.

/**
 * The account the row link names (spec 3 §2): one or several uniq_id_customer of ONE account, in the
 * readable establishments (or the one of `id_company`); 404 when none or when they name several
 * accounts.
 */
export async function getCustomerAccountDetail(
  db: Db,
  ctx: RequestContext,
  ids: string,
  body: CustomerAccountDetailBody,
): Promise<CustomerAccountDetailResponse> {
  const companyIds = companiesOf(ctx, body.id_company);
  const uniqIds = [...new Set(ids.split(',').map(Number))];
  const found = await repo.resolveUniqIds(db, ctx.accountId, companyIds, uniqIds);
  const customerIds = new Set(found.map((f) => f.customer_account_id));
  const named = new Set(found.map((f) => f.uniq_id_customer));
  if (customerIds.size !== 1 || uniqIds.some((u) => !named.has(u)))
    throw customerAccountError('CUSTOMER_ACCOUNT_NOT_FOUND');
  const customerId = [...customerIds][0]!;
  return { customer: await detailOf(db, ctx, customerId, companyIds) };
}

/** The account as the detail shows it, in the given establishments. */
async function detailOf(
  db: Db,
  ctx: RequestContext,
  customerId: string,
  companyIds: string[],
): Promise<CustomerAccountDetailResponse['customer']> {
  const [account] = await repo.findAccounts(db, ctx.accountId, companyIds, [customerId]);
  if (account === undefined) throw customerAccountError('CUSTOMER_ACCOUNT_NOT_FOUND');
  const [companies, figures, operations] = await Promise.all([
    repo.listAccountCompanies(db, ctx.accountId, customerId, companyIds),
    repo.accountFigures(db, ctx.accountId, customerId, companyIds),
    repo.listOperations(db, ctx.accountId, [customerId]),
  ]);
  const shown = new Set(companyIds);
  const { notes } = allocateNotes(operations.map(toAllocOperation));
  return {
    id: account.id,
    lastname: account.lastname,
    firstname: account.firstname,
    type: account.type === 1 ? 1 : 0,
    ...(isSuite(ctx) ? {} : { card_number: account.card_number }),
    account_details: {
      balance: figures.balance,
      visit: figures.visit,
      guest_average: figures.guest_average,
      order_average: figures.order_average,
    },
    companies: companies.map((c) => ({
      id: c.id,
      id_customer: c.uniq_id_customer,
      company_db_name: c.id,
      company_name: c.company_name,
    })),
    customer_infos: customerInfosOf(account),
    credit_limit: account.credit_limit === null ? null : Number(account.credit_limit),
    ageing: ageingOf(
      notes.filter((n) => shown.has(n.operation.companyId)),
      parisToday(),
    ),
  };
}

function customerInfosOf(account: Selectable<CustomerAccountTable>) {
  return {
    details_email: account.email,
    details_phone: account.phone,
    address: account.address_street,
    address_zipcode: account.address_zipcode,
    address_city: account.address_city,
    note: account.note,
    is_company: account.is_company ? (1 as const) : (0 as const),
    customer_company_name: account.company_name,
    customer_company_id: account.company_siren,
    customer_company_vat: account.company_vat,
  };
}

/**
 * Cents still due on the unpaid notes by their age in days at `today` (both Paris calendar days):
 * 0-30, 31-60, 61-90, over 90.
 */
export function ageingOf(notes: AllocatedNote[], today: string): CustomerAccountAgeing {
  const ageing = { d0_30: 0, d31_60: 0, d61_90: 0, over90: 0 };
  const todayNumber = dayIndex(today);
  for (const note of notes) {
    if (note.remaining <= 0) continue;
    const age = todayNumber - dayIndex(parisDayOf(note.operation.at));
    if (age <= 30) ageing.d0_30 += note.remaining;
    else if (age <= 60) ageing.d31_60 += note.remaining;
    else if (age <= 90) ageing.d61_90 += note.remaining;
    else ageing.over90 += note.remaining;
  }
  return ageing;
}

/**
 * What the customers owe, aged (issue 31, item 24): every debtor linked to a readable establishment,
 * its debit balance and its unpaid notes there by age — the same allocation (oldest notes paid
 * first) and buckets as the customer's page; the totals over every debtor; the lines of one bucket
 * when asked, the largest debt first.
 */
export async function receivables(
  db: Db,
  ctx: RequestContext,
  query: CustomerReceivablesQuery,
): Promise<CustomerReceivablesResponse> {
  const today = parisToday();
  const debtors = await repo.listDebtors(db, ctx.accountId, ctx.companyIds);
  const [operations, reminded] = await Promise.all([
    repo.listOperations(
      db,
      ctx.accountId,
      debtors.map((d) => d.id),
    ),
    lastDunningSends(db, { accountId: ctx.accountId, companyIds: ctx.companyIds }),
  ]);
  const byCustomer = new Map<string, RowOperation[]>();
  for (const row of operations) {
    const operation = toAllocOperation(row);
    const list = byCustomer.get(operation.customerId);
    if (list) list.push(operation);
    else byCustomer.set(operation.customerId, [operation]);
  }
  const readable = new Set(ctx.companyIds);
  const total = { d0_30: 0, d31_60: 0, d61_90: 0, over90: 0 };
  const lines = debtors.map((debtor) => {
    const { notes } = allocateNotes(byCustomer.get(debtor.id) ?? []);
    const ageing = ageingOf(
      notes.filter((note) => readable.has(note.operation.companyId)),
      today,
    );
    for (const bucket of CUSTOMER_AGEING_BUCKETS) total[bucket] += ageing[bucket];
    const name = debtor.company_name?.trim() || `${debtor.lastname} ${debtor.firstname}`.trim();
    return {
      customerId: debtor.id,
      name,
      detail: debtor.card_number ?? debtor.email,
      uniqId: debtor.uniq_id_customer,
      companyId: debtor.company_id,
      owed: -Number(debtor.balance),
      ageing,
      lastReminderAt: reminded.get(debtor.id)?.toISOString() ?? null,
    };
  });
  return {
    today,
    owed: lines.reduce((sum, line) => sum + line.owed, 0),
    debtors: lines.length,
    ageing: total,
    lines: lines
      .filter((line) => query.bucket === undefined || line.ageing[query.bucket] > 0)
      .sort((a, b) => b.owed - a.owed || a.name.localeCompare(b.name, 'fr')),
  };
}

/**
 * A customer's statement over a period (issue 31, item 25), as a PDF made on request and stored
 * nowhere: the operations in the establishment asked (all the caller's when none), the balance
 * brought forward from the ones before the period, each one with the balance after it. 404
 * CUSTOMER_ACCOUNT_NOT_FOUND for an account not the caller's or not in those establishments. Written
 * in `options.language` (French by default), `software` labelled in the same language.
 */
export async function customerStatement(
  db: Db,
  ctx: RequestContext,
  query: CustomerStatementQuery,
  software: SoftwareIdentity,
  options: { language?: ContentLanguage; now?: Date } = {},
): Promise<{ fileName: string; pdf: Buffer }> {
  const companyIds = companiesOf(ctx, query.companyId);
  const [account] = await repo.findAccounts(db, ctx.accountId, companyIds, [query.customerId]);
  if (account === undefined) throw customerAccountError('CUSTOMER_ACCOUNT_NOT_FOUND');
  const [links, operations] = await Promise.all([
    repo.listAccountCompanies(db, ctx.accountId, account.id, companyIds),
    repo.listOperations(db, ctx.accountId, [account.id]),
  ]);
  const shown = new Set(companyIds);
  const companies = await findTicketCompanies(db, ctx.accountId, [
    ...new Set([...links.map((l) => l.id), ...operations.map((op) => op.company_id)]),
  ]);
  const nameOf = new Map(companies.map((c) => [c.id, c.company_name]));
  let balance = 0;
  let opening = 0;
  const lines: StatementLine[] = [];
  for (const op of operations) {
    if (!shown.has(op.company_id) || op.business_day > query.end) continue;
    balance += Number(op.amount);
    if (op.business_day < query.start) {
      opening = balance;
      continue;
    }
    const kind = op.operation as AllocOperationKind;
    lines.push({
      at: op.at instanceof Date ? op.at : new Date(op.at),
      companyName: nameOf.get(op.company_id) ?? '',
      kind,
      orderNumber: op.order_number ?? null,
      paymentName: kind === 'charge' ? null : op.payment_name,
      amount: Number(op.amount),
      balance,
    });
  }
  const issuer = companies.find((c) => c.id === links[0]?.id) ?? companies[0];
  if (!issuer) throw customerAccountError('CUSTOMER_ACCOUNT_NOT_FOUND');
  const address = [
    account.address_street,
    [account.address_zipcode, account.address_city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const pdf = await renderCustomerStatement({
    language: options.language ?? 'fr',
    issuer,
    customer: {
      name: `${account.lastname} ${account.firstname}`.trim(),
      number: links[0]?.uniq_id_customer ?? null,
      companyName: account.is_company ? account.company_name : null,
      siren: account.is_company ? account.company_siren : null,
      vat: account.is_company ? account.company_vat : null,
      address: address || null,
      email: account.email,
    },
    companyNames: links.map((l) => l.company_name),
    start: query.start,
    end: query.end,
    opening,
    lines,
    printedAt: options.now ?? new Date(),
    software,
  });
  return {
    fileName: customerStatementFileName(links[0]?.uniq_id_customer ?? null, query.start, query.end),
    pdf,
  };
}

// The notes and credits: `POST /api/customer-account/notes/unpaid|paid|credits`.

type OperationRow = Awaited<ReturnType<typeof repo.listOperations>>[number];
type RowOperation = AllocOperation & { orderNumber: number | null; customerId: string };

/** An operation as the allocation reads it (oldest notes paid first), with its order number and customer. */
export function toAllocOperation(row: OperationRow): RowOperation {
  return {
    id: row.id,
    at: row.at instanceof Date ? row.at : new Date(row.at),
    operation: row.operation as AllocOperationKind,
    amount: Number(row.amount),
    companyId: row.company_id,
    orderId: row.order_id,
    paymentTypeId: row.payment_type_id,
    paymentName: row.payment_name,
    userFirstname: row.user_firstname,
    userLastname: row.user_lastname,
    orderNumber: row.order_number ?? null,
    customerId: row.customer_account_id,
  };
}

interface Allocation {
  companies: Map<string, string>;
  shown: Set<string>;
  notes: AllocatedNote[];
  credits: AllocatedCredit[];
}

/**
 * Allocates the money of each named account over ALL its operations (a payment made elsewhere pays
 * notes here too), then keeps what belongs to the asked establishments.
 */
async function allocationOf(db: Db, ctx: RequestContext, query: CustomerNotesQuery): Promise<Allocation> {
  const companyIds = companiesOf(ctx, query.contactDb);
  const customerIds = [...new Set(query.contactsIds)];
  const accounts = await repo.findAccounts(db, ctx.accountId, ctx.companyIds, customerIds);
  if (accounts.length !== customerIds.length) throw customerAccountError('CUSTOMER_ACCOUNT_NOT_FOUND');
  const [rows, names] = await Promise.all([
    repo.listOperations(db, ctx.accountId, customerIds),
    repo.listCompanyNames(db, ctx.accountId, companyIds),
  ]);
  const byCustomer = new Map<string, RowOperation[]>();
  for (const row of rows) {
    const op = toAllocOperation(row);
    const list = byCustomer.get(op.customerId) ?? [];
    list.push(op);
    byCustomer.set(op.customerId, list);
  }
  const notes: AllocatedNote[] = [];
  const credits: AllocatedCredit[] = [];
  for (const ops of byCustomer.values()) {
    const allocated = allocateNotes(ops);
    notes.push(...allocated.notes);
    credits.push(...allocated.credits);
  }
  return {
    companies: new Map(names.map((n) => [n.id, n.company_name])),
    shown: new Set(companyIds),
    notes,
    credits,
  };
}

const inPeriod = (at: Date, query: CustomerNotesQuery) =>
  unix(at) >= query.tsStart && unix(at) <= query.tsEnd;
const newestFirst = (a: { operation: AllocOperation }, b: { operation: AllocOperation }) =>
  b.operation.at.getTime() - a.operation.at.getTime() || (a.operation.id < b.operation.id ? 1 : -1);

/** The unpaid (something still due) or paid notes of the accounts, of the period, newest first. */
export async function listNotes(
  db: Db,
  ctx: RequestContext,
  filter: 'unpaid' | 'paid',
  query: CustomerNotesQuery,
): Promise<CustomerNotesResponse> {
  const { companies, shown, notes } = await allocationOf(db, ctx, query);
  const kept = notes
    .filter((n) => (filter === 'unpaid' ? n.remaining > 0 : n.remaining === 0))
    .filter((n) => shown.has(n.operation.companyId) && inPeriod(n.operation.at, query))
    .sort(newestFirst);
  return { notes: kept.map((n) => toNote(n, companies)) };
}

function toNote(note: AllocatedNote, companies: Map<string, string>): CustomerNote {
  const op = note.operation as RowOperation;
  return {
    payment_line_id: op.id,
    timestamp: unix(op.at),
    paid_timestamp: note.paidAt === null ? null : unix(note.paidAt),
    amount: note.amount,
    remaining: note.remaining,
    id_payment_type: op.paymentTypeId,
    order_id: op.orderId,
    order_number: op.orderNumber === null ? null : String(op.orderNumber),
    customerId: op.customerId,
    userDb: op.companyId,
    company_name: companies.get(op.companyId) ?? '',
    infos: [{ user_lastname: op.userLastname, user_firstname: op.userFirstname }],
  };
}

/** The payments and top-ups of the accounts, of the period, newest first, with the notes they paid. */
export async function listCredits(
  db: Db,
  ctx: RequestContext,
  query: CustomerNotesQuery,
): Promise<CustomerCreditsResponse> {
  const { shown, credits } = await allocationOf(db, ctx, query);
  const kept = credits
    .filter((c) => shown.has(c.operation.companyId) && inPeriod(c.operation.at, query))
    .sort(newestFirst);
  return { credits: kept.map(toCredit) };
}

function toCredit(credit: AllocatedCredit): CustomerCredit {
  const op = credit.operation as RowOperation;
  return {
    id: op.id,
    customerId: op.customerId,
    timestamp: unix(op.at),
    amount: credit.amount,
    id_payment_type: op.paymentTypeId,
    payment_name: op.paymentName,
    userDb: op.companyId,
    infos: credit.infos.map((info) => ({
      user_lastname: info.note.userLastname,
      user_firstname: info.note.userFirstname,
      timestamp: unix(info.note.at),
      payment_name: op.paymentName,
      amount: info.amount,
      amount_paid: info.amountPaid,
    })),
  };
}

/** The payment types of one readable establishment. */
export async function listNotePaymentTypes(
  db: Db,
  ctx: RequestContext,
  companyId: string,
): Promise<CustomerNotesPaymentTypesResponse> {
  const [company] = companiesOf(ctx, companyId);
  const types = await repo.listCompanyPaymentTypes(db, ctx.accountId, company!);
  return { paymentTypes: types.map((t) => ({ id: t.id, payment_name: t.name })) };
}

// The edit form: `PUT /api/customer-account/customer/updateData`.

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The phone as spec 3 §3 stores it: '+', the 2-digit country code, then the number (its national
 * leading 0 dropped). `phoneNumber` with `countryCode` first; else `fullPhoneNumber` ('+33…', the
 * code in characters 2-3). Null when neither is given; 400 CUSTOMER_PHONE_INVALID otherwise.
 */
export function storedPhone(form: Pick<CustomerEditForm, 'countryCode' | 'phoneNumber' | 'fullPhoneNumber'>) {
  const number = (form.phoneNumber ?? '').replace(PHONE_SEPARATORS, '');
  if (number !== '') {
    const code = (form.countryCode ?? '').trim().replace(/^\+/, '');
    if (!new RegExp(`^\\d{${CUSTOMER_PHONE_COUNTRY_CODE_LENGTH}}$`).test(code) || !/^\d{4,15}$/.test(number))
      throw customerAccountError('CUSTOMER_PHONE_INVALID');
    return normalisePhone(`+${code}${number}`)!;
  }
  const full = (form.fullPhoneNumber ?? '').replace(PHONE_SEPARATORS, '');
  if (full === '') return null;
  if (!/^\+\d{2}\d{4,15}$/.test(full)) throw customerAccountError('CUSTOMER_PHONE_INVALID');
  return normalisePhone(full)!;
}

const emailFormat = z.email();

/** A text field as sent: trimmed, blank as null; `undefined` when not sent (left as stored). */
const sentText = (value: string | undefined) => (value === undefined ? undefined : blankToNull(value));

/**
 * Saves the edit form (suite edition only, spec 3 §6), changing only the fields it sends (issue 31,
 * item 9: a field not sent is never cleared): last name required when sent, e-mail format, the phone
 * rule (only when one of its fields is sent), the company fields only with the company switch (as
 * sent, else as stored), the pre-loaded type for the suite; the search text and `updated_at` (the
 * registers' change marker) follow. `db` is the route's transaction; the signed operations are never
 * touched.
 */
export async function updateCustomerData(
  db: Db,
  ctx: RequestContext,
  { customerId, formData: form }: CustomerUpdateData,
): Promise<CustomerAccountDetailResponse> {
  if (!isSuite(ctx)) throw customerAccountError('CUSTOMER_EDIT_SUITE_ONLY');
  const [account] = await repo.findAccounts(db, ctx.accountId, ctx.companyIds, [customerId], true);
  if (account === undefined) throw customerAccountError('CUSTOMER_ACCOUNT_NOT_FOUND');
  const lastname = form.lastname?.trim();
  if (lastname === '') throw customerAccountError('CUSTOMER_REQUIRED_FIELDS');
  const email = sentText(form.email);
  if (email != null && !emailFormat.safeParse(email).success)
    throw customerAccountError('CUSTOMER_EMAIL_INVALID');
  const isPhoneSent =
    form.countryCode !== undefined || form.phoneNumber !== undefined || form.fullPhoneNumber !== undefined;
  const phone = isPhoneSent ? storedPhone(form) : undefined;
  const isCompany = form.isCompany ?? account.is_company;
  const company = (value: string | undefined, stored: string | null) =>
    isCompany ? (value === undefined ? stored : blankToNull(value)) : null;
  const sent = {
    type: form.customerAccountType,
    lastname,
    firstname: form.firstname?.trim(),
    email,
    phone,
    note: sentText(form.note),
    address_street: sentText(form.address),
    address_zipcode: sentText(form.zipcode),
    address_city: sentText(form.city),
    is_company: form.isCompany,
    company_name: company(form.companyName, account.company_name),
    company_siren: company(form.companyId, account.company_siren),
    company_vat: company(form.vatCode, account.company_vat),
    credit_limit: form.creditLimit,
  };
  const values = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined));
  const merged = { ...account, ...values };
  await repo.updateAccount(db, ctx.accountId, customerId, {
    ...values,
    search: customerSearchText({
      lastname: merged.lastname,
      firstname: merged.firstname,
      email: merged.email,
      phone: merged.phone,
      cardNumber: account.card_number,
      companyName: merged.company_name,
    }),
    updated_at: new Date(),
  });
  return { customer: await detailOf(db, ctx, customerId, ctx.companyIds) };
}
