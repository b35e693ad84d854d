// Over 400 lines: the registers' wire protocol (records of every kind, batches, enrolment, catalogue, customer-account pulls), read as one.
import { z } from 'zod';
import { businessDay, cents, id, int32, isoDateTime, vatRateBp } from './common';
import { customerOptionKey } from './customer-accounts';

/**
 * The POS ingestion contract (`/pos/v1`). A cash register signs each fiscal record with its Ed25519 key;
 * each (register, kind) is a chain with gap-free sequence numbers, and each signature covers the
 * previous one. Lines and payments live inside their order's record; tracking rows (the audit
 * history) live inside the record whose change they describe, so they are signed too.
 */

export const recordKinds = [
  'service',
  'order',
  'receipt',
  'cash_movement',
  'credit',
  'customer_account',
  'customer_operation',
  'closure',
  'technical_intervention',
  'control_strip',
] as const;
export const recordKind = z.enum(recordKinds);
export type RecordKind = z.infer<typeof recordKind>;

export const trackingAction = z.enum(['create', 'update', 'delete']);
export type TrackingAction = z.infer<typeof trackingAction>;

/** One row of audit history: which table and row changed, which field, to what value. */
export const trackingEntry = z.object({
  id,
  action: trackingAction,
  tableName: z.string().max(60),
  tableId: z.string().max(60),
  key: z.string().max(60).nullable(),
  value: z.string().max(2000).nullable(),
  at: isoDateTime,
  comment: z.string().max(500).nullable(),
});
export type TrackingEntry = z.infer<typeof trackingEntry>;

export const posUser = z.object({
  id,
  firstname: z.string().max(80),
  lastname: z.string().max(80),
});
export type PosUser = z.infer<typeof posUser>;

const amounts = {
  amountTotalIvat: cents,
  amountTotalEvat: cents,
  amountTax: cents,
  amountDiscountIvat: cents,
  amountOfferedIvat: cents,
};

export const taxBreakdown = z.object({ vatRateBp, evat: cents, tax: cents, ivat: cents });
export type TaxBreakdown = z.infer<typeof taxBreakdown>;

export const paymentTotal = z.object({
  paymentTypeId: id,
  paymentName: z.string().max(80),
  amount: cents,
  overpayment: cents,
  credit: cents,
});

/** A service (shift) of one register, sent when it closes. */
export const serviceData = z.object({
  id,
  number: z.number().int().positive(),
  businessDay,
  openedAt: isoDateTime,
  closedAt: isoDateTime,
  openedBy: posUser,
  closedBy: posUser,
  cashFloat: cents,
  expectedCash: cents,
  countedCash: cents,
  ...amounts,
  payments: z.array(paymentTotal),
  appVersion: z.string().max(20),
  device: z.string().max(80),
  tracking: z.array(trackingEntry),
});
export type ServiceData = z.infer<typeof serviceData>;

export const activityType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** 1 on site, 2 takeaway, 3 delivery. */
export type ActivityType = z.infer<typeof activityType>;

export const orderLine = z.object({
  id,
  parentId: id.nullable(),
  productId: id,
  productName: z.string().max(120),
  categoryId: id,
  categoryName: z.string().max(80),
  quantity: z.number().int(),
  /** Catalogue unit price incl. VAT. */
  standardPrice: cents,
  /** Line total incl. VAT after discount and offer: what the customer pays for it. */
  price: cents,
  discount: cents,
  offered: cents,
  vatRateBp,
  amountEvat: cents,
  amountTax: cents,
  removed: z.boolean(),
  createdAt: isoDateTime,
  userId: id,
});
export type OrderLine = z.infer<typeof orderLine>;

export const paymentLine = z.object({
  id,
  paymentTypeId: id,
  paymentName: z.string().max(80),
  amount: cents,
  tip: cents,
  at: isoDateTime,
  device: z.string().max(80),
  userId: id,
  customerAccountId: id.nullable(),
  removed: z.boolean(),
});
export type PaymentLine = z.infer<typeof paymentLine>;

/** A closed order (ticket). A cancellation after closing is a new order with `cancelsOrderId`. */
export const orderData = z.object({
  id,
  serviceId: id,
  number: z.number().int().positive(),
  businessDay,
  openedAt: isoDateTime,
  closedAt: isoDateTime,
  activityType,
  roomId: id.nullable(),
  roomName: z.string().max(80).nullable(),
  tableName: z.string().max(40).nullable(),
  covers: z.number().int().min(0),
  user: posUser,
  customerAccountId: id.nullable(),
  cancelsOrderId: id.nullable(),
  globalDiscount: cents,
  ...amounts,
  amountTotalWoDiscountIvat: cents,
  lines: z.array(orderLine).min(1).max(500),
  payments: z.array(paymentLine).max(100),
  tracking: z.array(trackingEntry),
  appVersion: z.string().max(20),
});
export type OrderData = z.infer<typeof orderData>;

export const receiptData = z.object({
  id,
  orderId: id,
  serviceId: id,
  number: z.number().int().positive(),
  printedAt: isoDateTime,
  /** ticket, note, duplicata, facture */
  name: z.string().max(40),
  printTry: z.number().int().min(1),
  printed: z.boolean(),
  user: posUser,
  details: z.array(
    z.object({
      id,
      label: z.string().max(120),
      quantity: z.number().int(),
      amount: cents,
      vatRateBp,
    }),
  ),
  taxes: z.array(taxBreakdown.extend({ id })),
  appVersion: z.string().max(20),
});
export type ReceiptData = z.infer<typeof receiptData>;

export const cashMovementData = z.object({
  id,
  serviceId: id,
  businessDay,
  at: isoDateTime,
  /** Positive into the drawer, negative out of it. */
  amount: cents,
  notice: z.string().max(200),
  paymentTypeId: id.nullable(),
  device: z.string().max(80),
  user: posUser,
  appVersion: z.string().max(20),
  tracking: z.array(trackingEntry),
});
export type CashMovementData = z.infer<typeof cashMovementData>;

export const creditData = z.object({
  id,
  serviceId: id,
  businessDay,
  at: isoDateTime,
  amount: cents,
  notice: z.string().max(200),
  orderId: id.nullable(),
  customerAccountId: id.nullable(),
  paymentTypeId: id.nullable(),
  user: posUser,
  appVersion: z.string().max(20),
  tracking: z.array(trackingEntry),
});
export type CreditData = z.infer<typeof creditData>;

/** Customer account identity and details, as kept by the register (0 open tab, 1 pre-loaded). */
export const customerAccountData = z.object({
  id,
  uniqId: z.number().int().positive(),
  type: z.union([z.literal(0), z.literal(1)]),
  lastname: z.string().max(80),
  firstname: z.string().max(80),
  cardNumber: z.string().max(40).nullable(),
  email: z.string().max(254).nullable(),
  phone: z.string().max(40).nullable(),
  addressStreet: z.string().max(200).nullable(),
  addressZipcode: z.string().max(20).nullable(),
  addressCity: z.string().max(80).nullable(),
  note: z.string().max(500).nullable(),
  isCompany: z.boolean(),
  companyName: z.string().max(120).nullable(),
  companySiren: z.string().max(20).nullable(),
  companyVat: z.string().max(30).nullable(),
  at: isoDateTime,
  tracking: z.array(trackingEntry),
});
export type CustomerAccountData = z.infer<typeof customerAccountData>;

/** A movement on a customer account: charge (tab), payment of the tab, top-up of a pre-loaded account. */
export const customerOperationData = z.object({
  id,
  customerAccountId: id,
  businessDay,
  at: isoDateTime,
  operation: z.enum(['charge', 'payment', 'topup', 'refund']),
  /** Signed: a charge lowers the balance, a payment or top-up raises it. */
  amount: cents,
  balanceAfter: cents,
  orderId: id.nullable(),
  paymentTypeId: id.nullable(),
  paymentName: z.string().max(80).nullable(),
  user: posUser,
});
export type CustomerOperationData = z.infer<typeof customerOperationData>;

/** 1 daily, 2 daily perpetual grand total, 3 monthly, 4 monthly GT, 5 annual, 6 annual GT. */
export const closureType = z.literal([1, 2, 3, 4, 5, 6]);
export type ClosureType = z.infer<typeof closureType>;

export const closureData = z.object({
  id,
  type: closureType,
  /** First and last business day the closure covers. */
  startDay: businessDay,
  endDay: businessDay,
  openingDate: isoDateTime,
  closingDate: isoDateTime,
  ...amounts,
  amountTotalWoDiscountIvat: cents,
  amountPaymentShift: cents,
  /** Perpetual grand total incl. VAT, from the register's first record up to this closure. */
  grandTotalIvat: cents,
  payments: z.array(paymentTotal),
  taxes: z.array(taxBreakdown),
  serviceIds: z.array(id),
  comment: z.string().max(500).nullable(),
});
export type ClosureData = z.infer<typeof closureData>;

export const technicalInterventionData = z.object({
  id,
  at: isoDateTime,
  caseId: z.string().max(40),
  tableName: z.string().max(60).nullable(),
  tableId: z.string().max(60).nullable(),
  user: posUser,
  comment: z.string().max(1000),
});
export type TechnicalInterventionData = z.infer<typeof technicalInterventionData>;

/** The control strip of one service: its shift and sales documents in time order. */
export const controlStripData = z.object({
  id,
  serviceId: id,
  entries: z.array(
    z.object({
      id,
      documentType: z.enum(['shift', 'sales']),
      at: isoDateTime,
      documentName: z.string().max(80),
      action: z.string().max(40),
      description: z.string().max(500),
      deviceId: z.string().max(80),
      user: posUser,
      salesDocumentId: id.nullable(),
    }),
  ),
});
export type ControlStripData = z.infer<typeof controlStripData>;

export const recordDataByKind = {
  service: serviceData,
  order: orderData,
  receipt: receiptData,
  cash_movement: cashMovementData,
  credit: creditData,
  customer_account: customerAccountData,
  customer_operation: customerOperationData,
  closure: closureData,
  technical_intervention: technicalInterventionData,
  control_strip: controlStripData,
} as const satisfies Record<RecordKind, z.ZodType>;

export type RecordDataByKind = { [K in RecordKind]: z.infer<(typeof recordDataByKind)[K]> };

const base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/);

const envelope = <K extends RecordKind>(kind: K) =>
  z.object({
    kind: z.literal(kind),
    /** Canonical-encoding version, see packages/fiscal. */
    v: z.literal(1),
    seq: z.number().int().positive(),
    /** Signature of the previous record of this chain; null only for seq 1. */
    prev: base64.nullable(),
    at: isoDateTime,
    data: recordDataByKind[kind],
    sig: base64,
  });

export const signedRecord = z.discriminatedUnion('kind', [
  envelope('service'),
  envelope('order'),
  envelope('receipt'),
  envelope('cash_movement'),
  envelope('credit'),
  envelope('customer_account'),
  envelope('customer_operation'),
  envelope('closure'),
  envelope('technical_intervention'),
  envelope('control_strip'),
]);
export type SignedRecord = z.infer<typeof signedRecord>;
export type SignedRecordOf<K extends RecordKind> = Extract<SignedRecord, { kind: K }>;
export type UnsignedRecord = { [K in RecordKind]: Omit<SignedRecordOf<K>, 'sig'> }[RecordKind];

/**
 * Each register's limits on what it sends (defaults; a deployment sets them with POS_BATCH_MAX_RECORDS,
 * POS_BATCH_MAX_BYTES, POS_BATCHES_PER_MINUTE): a batch is stored in one transaction, so its size
 * bounds how long other users wait on it. Over them: 413 `BATCH_TOO_LARGE` (details `maxRecords`,
 * `maxBytes`; split the batch) or 429 `BATCH_RATE_LIMITED` with `Retry-After` (details `perMinute`,
 * `retryAfterSeconds`). The rate counts stored batches, in the database every instance shares. The
 * defaults take the demo loader's week of a register (at most 632 records, 1.5 MB); a deployment
 * with many users on one PGlite lowers them (250 records, 512 KB keep their wait under a second).
 */
export const POS_BATCH_LIMITS = { maxRecords: 1000, maxBytes: 2 * 1024 * 1024, perMinute: 1200 } as const;
export type PosBatchLimits = { [K in keyof typeof POS_BATCH_LIMITS]: number };

export const batchRequest = z.object({
  batchId: id,
  records: z.array(signedRecord).min(1).max(5000),
});
export type BatchRequest = z.infer<typeof batchRequest>;

export const batchResponse = z.object({
  batchId: id,
  accepted: z.number().int(),
  duplicates: z.number().int(),
  heads: z.array(z.object({ kind: recordKind, seq: z.number().int() })),
});
export type BatchResponse = z.infer<typeof batchResponse>;

export const registerParams = z.object({ registerId: id });

/** Enrollment of a register for one establishment, by the account holder. */
export const enrollRegisterRequest = z.object({
  companyId: id,
  name: z.string().min(1).max(80),
  serial: z.string().min(1).max(80),
  /** Raw 32-byte Ed25519 public key, base64. */
  publicKey: base64,
});
export const enrollRegisterResponse = z.object({
  registerId: id,
  companyId: id,
  /** Device credential: `Authorization: Register <token>` on every later /pos/v1 call. */
  registerToken: z.string(),
});
export type EnrollRegisterRequest = z.infer<typeof enrollRegisterRequest>;
export type EnrollRegisterResponse = z.infer<typeof enrollRegisterResponse>;

/** The register's catalogue and floor plan, synchronised before records that use them. */
export const catalogRequest = z.object({
  vatRates: z.array(z.object({ id, rateBp: vatRateBp, label: z.string().max(40) })),
  categories: z.array(z.object({ id, name: z.string().max(80), position: int32 })),
  products: z.array(
    z.object({
      id,
      categoryId: id,
      name: z.string().max(120),
      price: cents,
      vatRateBp,
      productType: z.string().max(40),
      isActive: z.boolean(),
    }),
  ),
  paymentTypes: z.array(
    z.object({ id, name: z.string().max(80), code: z.string().max(40), isCash: z.boolean() }),
  ),
  rooms: z.array(
    z.object({
      id,
      name: z.string().max(80),
      tables: z.array(z.object({ id, name: z.string().max(40), seats: int32 })),
    }),
  ),
  staff: z.array(
    z.object({ id, firstname: z.string().max(80), lastname: z.string().max(80), role: z.string().max(40) }),
  ),
});
export type CatalogRequest = z.infer<typeof catalogRequest>;

// `GET /pos/v1/customer-accounts?registerId=&since=`: what the back office changed for the register.

/** `since`: the cursor of the previous answer; without it, every account of the establishment. */
export const customerAccountChangesQuery = z.object({
  registerId: id,
  since: z.string().min(1).max(200).optional(),
});
export type CustomerAccountChangesQuery = z.infer<typeof customerAccountChangesQuery>;

/** An account as the back office holds it now; `creditLimit` in cents, null when none is set. */
export const posCustomerAccount = z.object({
  id,
  lastname: z.string(),
  firstname: z.string(),
  cardNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  type: z.union([z.literal(0), z.literal(1)]),
  creditLimit: cents.nullable(),
  /** The balance the server holds, in cents: the last operation's `balanceAfter`, any register's or the back office's. */
  balance: cents,
});
export type PosCustomerAccount = z.infer<typeof posCustomerAccount>;

/**
 * An operation the back office recorded on an account of the establishment (a payment received
 * outside the till, issue 31 item 27), signed by the server as the establishment's back-office
 * register: the register applies it to its balance once (by `id`), as it would its own.
 */
export const posBackOfficeOperation = customerOperationData.pick({
  id: true,
  customerAccountId: true,
  businessDay: true,
  at: true,
  operation: true,
  amount: true,
  balanceAfter: true,
  paymentName: true,
});
export type PosBackOfficeOperation = z.infer<typeof posBackOfficeOperation>;

/**
 * Accounts changed since the cursor, ids removed since it, the back office's operations on the
 * accounts returned made since it, and every customer-account option of the account (current
 * values, '1'/'0' for switches). `cursor` is opaque: send it back as `since`.
 */
export const customerAccountChangesResponse = z.object({
  accounts: z.array(posCustomerAccount),
  removedIds: z.array(id),
  operations: z.array(posBackOfficeOperation),
  options: z.record(customerOptionKey, z.string()),
  cursor: z.string(),
});
export type CustomerAccountChangesResponse = z.infer<typeof customerAccountChangesResponse>;
