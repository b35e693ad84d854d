import { z } from 'zod';
import { cents, id, isoDateTime } from './common';
import { customerInfos } from './customer-accounts';

/**
 * Customer account detail (spec 3 §2 "Customer account detail", §3, §7 "Customer detail"): the
 * account itself, its notes (tickets: the `charge` operations) unpaid or paid, its credits (the
 * payments and top-ups with the notes they paid), the payment types of an establishment, and the
 * edit form. Money is integer cents; timestamps are unix seconds.
 */

/** Unix seconds. */
const unixSeconds = z.number().int().min(0).max(253_402_300_799);

// `POST /api/customer-account/:ids` (the row link: one or several uniq_id_customer, comma-joined).

/** Path `ids`: uniq_id_customer numbers joined by commas (`12` or `12,40`). */
export const customerAccountDetailParams = z.object({
  ids: z
    .string()
    .max(200)
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'uniq_id_customer numbers joined by commas'),
});
export type CustomerAccountDetailParams = z.infer<typeof customerAccountDetailParams>;

/** `id_company` narrows the resolution to one establishment (the row link's `?id=`). */
export const customerAccountDetailBody = z.object({
  id_company: id.nullable().optional(),
  /** Accepted for the spec's payload; the path's ids decide. */
  customerIds: z
    .array(z.union([z.number().int(), z.string().max(64)]))
    .max(100)
    .optional(),
});
export type CustomerAccountDetailBody = z.infer<typeof customerAccountDetailBody>;

export const customerAccountDetailCompany = z.object({
  id,
  /** The account's uniq_id_customer in this establishment. */
  id_customer: z.number().int(),
  /** The company id (the establishment's "database"). */
  company_db_name: z.string(),
  company_name: z.string(),
});
export type CustomerAccountDetailCompany = z.infer<typeof customerAccountDetailCompany>;

/** Cents of unpaid notes by age at today (Europe/Paris calendar days). Beyond the peers. */
export const customerAccountAgeing = z.object({
  d0_30: cents,
  d31_60: cents,
  d61_90: cents,
  over90: cents,
});
export type CustomerAccountAgeing = z.infer<typeof customerAccountAgeing>;
export const CUSTOMER_AGEING_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'over90'] as const;
export type CustomerAgeingBucket = (typeof CUSTOMER_AGEING_BUCKETS)[number];

// `GET /api/customer-account/statement`: a customer's statement as a PDF (issue 31, item 25).

/**
 * The customer, the period (business days, both included, a year at most, start not after end) and
 * the establishment (one of the caller's; all of them when absent).
 */
export const customerStatementQuery = z
  .object({
    customerId: id,
    start: z.iso.date(),
    end: z.iso.date(),
    companyId: id.optional(),
  })
  .refine((q) => q.start <= q.end, { message: 'start after end', path: ['end'] })
  .refine((q) => q.end <= `${Number(q.start.slice(0, 4)) + 1}${q.start.slice(4)}`, {
    message: 'a year at most',
    path: ['end'],
  });
export type CustomerStatementQuery = z.infer<typeof customerStatementQuery>;

/** The statement's file name: `releve-compte-{customer number}-{start}-{end}.pdf`. */
export const customerStatementFileName = (uniqId: number | null, start: string, end: string) =>
  `releve-compte-${uniqId ?? 'client'}-${start}-${end}.pdf`;

// `GET /api/customer-account/receivables`: what the customers owe, aged (issue 31, item 24).

/** `bucket`: only the customers owing something that old. */
export const customerReceivablesQuery = z.object({ bucket: z.enum(CUSTOMER_AGEING_BUCKETS).optional() });
export type CustomerReceivablesQuery = z.infer<typeof customerReceivablesQuery>;

export const customerReceivableLine = z.object({
  customerId: id,
  name: z.string(),
  /** What tells namesakes apart: the card number, else the e-mail. */
  detail: z.string().nullable(),
  /** The customer's page: its number in one of the caller's establishments, and that establishment. */
  uniqId: z.number().int().nullable(),
  companyId: id.nullable(),
  /** Its debit balance, positive cents. */
  owed: cents,
  /** The unpaid notes in the caller's establishments by age (days since the charge). */
  ageing: customerAccountAgeing,
  /** When the latest reminder was mailed to the customer (issue 31, item 26), if ever. */
  lastReminderAt: isoDateTime.nullable(),
});
export type CustomerReceivableLine = z.infer<typeof customerReceivableLine>;

export const customerReceivablesResponse = z.object({
  /** The Paris day the ages are counted at. */
  today: z.string(),
  /** The sum of the debit balances (of every debtor, whatever the bucket asked for). */
  owed: cents,
  debtors: z.number().int(),
  ageing: customerAccountAgeing,
  /** The debtors (of the bucket asked for), the largest debt first. */
  lines: z.array(customerReceivableLine),
});
export type CustomerReceivablesResponse = z.infer<typeof customerReceivablesResponse>;

export const customerAccountDetail = z.object({
  id,
  lastname: z.string(),
  firstname: z.string(),
  type: z.union([z.literal(0), z.literal(1)]),
  /** Standard edition only. */
  card_number: z.string().nullable().optional(),
  account_details: z.object({
    balance: cents,
    visit: z.number().int(),
    guest_average: cents,
    order_average: cents,
  }),
  companies: z.array(customerAccountDetailCompany),
  customer_infos: customerInfos,
  /** Cents (a positive amount: how far below zero the balance may go), or null for none. */
  credit_limit: cents.nullable(),
  ageing: customerAccountAgeing,
});
export type CustomerAccountDetail = z.infer<typeof customerAccountDetail>;

export const customerAccountDetailResponse = z.object({ customer: customerAccountDetail });
export type CustomerAccountDetailResponse = z.infer<typeof customerAccountDetailResponse>;

// `POST /api/customer-account/notes/unpaid|paid|credits`.

export const CUSTOMER_NOTE_FILTERS = ['unpaid', 'paid', 'credits'] as const;
export type CustomerNoteFilter = (typeof CUSTOMER_NOTE_FILTERS)[number];

export const customerNotesQuery = z.object({
  /** Customer account ids (uuid). */
  contactsIds: z.array(id).min(1).max(50),
  /** A company id, or null/absent for every readable establishment. */
  contactDb: id.nullable().optional(),
  /** Period on the note's (or credit's) timestamp, unix seconds, both included. */
  tsStart: unixSeconds,
  tsEnd: unixSeconds,
});
export type CustomerNotesQuery = z.infer<typeof customerNotesQuery>;

export const customerNoteUser = z.object({
  user_lastname: z.string(),
  user_firstname: z.string(),
});

export const customerNote = z.object({
  /** The charge operation's id. */
  payment_line_id: id,
  timestamp: z.number().int(),
  /** When the note was fully paid (the operation that completed it), else null. */
  paid_timestamp: z.number().int().nullable(),
  /** Positive cents. */
  amount: cents,
  /** Cents still due (0 when paid). */
  remaining: cents,
  id_payment_type: id.nullable(),
  order_id: id.nullable(),
  order_number: z.string().nullable(),
  /** The customer account id. */
  customerId: id,
  /** The company id. */
  userDb: id,
  company_name: z.string(),
  infos: z.array(customerNoteUser),
});
export type CustomerNote = z.infer<typeof customerNote>;

/** Newest first. */
export const customerNotesResponse = z.object({ notes: z.array(customerNote) });
export type CustomerNotesResponse = z.infer<typeof customerNotesResponse>;

export const customerCreditInfo = z.object({
  user_lastname: z.string(),
  user_firstname: z.string(),
  /** The paid note's timestamp. */
  timestamp: z.number().int(),
  payment_name: z.string().nullable(),
  /** The paid note's amount (positive cents). */
  amount: cents,
  /** The part of the note paid by this credit. */
  amount_paid: cents,
});
export type CustomerCreditInfo = z.infer<typeof customerCreditInfo>;

export const customerCredit = z.object({
  /** The payment / top-up operation's id. */
  id,
  customerId: id,
  timestamp: z.number().int(),
  /** Positive cents. */
  amount: cents,
  id_payment_type: id.nullable(),
  payment_name: z.string().nullable(),
  userDb: id,
  infos: z.array(customerCreditInfo),
});
export type CustomerCredit = z.infer<typeof customerCredit>;

/** Newest first. */
export const customerCreditsResponse = z.object({ credits: z.array(customerCredit) });
export type CustomerCreditsResponse = z.infer<typeof customerCreditsResponse>;

// `POST /api/customer-account/notes/paymentTypes`.

export const customerNotesPaymentTypesQuery = z.object({ userDb: id });
export type CustomerNotesPaymentTypesQuery = z.infer<typeof customerNotesPaymentTypesQuery>;
export const customerNotesPaymentTypesResponse = z.object({
  paymentTypes: z.array(z.object({ id, payment_name: z.string() })),
});
export type CustomerNotesPaymentTypesResponse = z.infer<typeof customerNotesPaymentTypesResponse>;

// `PUT /api/customer-account/customer/updateData` (suite edition only).

/** Phone country code: 2 digits (spec 3 §9). */
export const CUSTOMER_PHONE_COUNTRY_CODE_LENGTH = 2;

/**
 * The edit form's fields (issue 31, item 9): a save changes only the fields it sends, a field not
 * sent is never cleared; the portal sends the fields the user changed.
 */
export const customerEditForm = z.object({
  /** Required: 400 CUSTOMER_REQUIRED_FIELDS when sent blank. */
  lastname: z.string().max(100).optional(),
  firstname: z.string().max(100).optional(),
  /** Empty or a valid e-mail (400 CUSTOMER_EMAIL_INVALID). */
  email: z.string().max(254).optional(),
  /** Two digits, e.g. '33' (a leading '+' is accepted); required when a phone number is given. */
  countryCode: z.string().max(5).optional(),
  phoneNumber: z.string().max(30).optional(),
  /** '+33612345678' as the phone widget gives it; used when phoneNumber is empty. */
  fullPhoneNumber: z.string().max(40).optional(),
  note: z.string().max(2000).optional(),
  address: z.string().max(300).optional(),
  zipcode: z.string().max(20).optional(),
  city: z.string().max(100).optional(),
  isCompany: z.boolean().optional(),
  /** Kept only when isCompany. */
  companyName: z.string().max(200).optional(),
  /** SIREN; kept only when isCompany. */
  companyId: z.string().max(30).optional(),
  vatCode: z.string().max(30).optional(),
  /** 0 open tab, 1 pre-loaded. */
  customerAccountType: z.union([z.literal(0), z.literal(1)]).optional(),
  /** Beyond the peers: cents the balance may go below zero, null for no limit. */
  creditLimit: z.number().int().min(0).max(10_000_000_000).nullable().optional(),
});
export type CustomerEditForm = z.infer<typeof customerEditForm>;
export type CustomerEditFormInput = z.input<typeof customerEditForm>;

export const customerUpdateData = z.object({ customerId: id, formData: customerEditForm });
export type CustomerUpdateData = z.infer<typeof customerUpdateData>;
export type CustomerUpdateDataInput = z.input<typeof customerUpdateData>;
