// Over 400 lines: spec 2's fiscal read API, one schema per screen's call in the spec's order, read beside the spec.
import { z } from 'zod';
import { businessDay, cents, id, isoDateTime } from './common';
import { withFiscalPeriod } from './fiscal-period';

/**
 * Fiscal administration read API (issue 5, spec 2 §3 and §7). Read only: nothing here changes a POS
 * record. Every route takes a Bearer token of kind user (holder, or sub-user with the service
 * `fiscal_administration`), view_as or fiscal, and reads only the caller's account: an id of another
 * account answers 404 like an unknown one. Field names follow spec 2 §3 (snake_case where the spec
 * says so); the ids the screens navigate with are camelCase (`registerId`, `serviceId`, `orderId`).
 * Amounts are integer cents; tax rates are fractions as stored (0.055 = 5.5 %, shown as rate x 100 %);
 * timestamps ISO 8601; days `YYYY-MM-DD` (Europe/Paris business days).
 */

/** 1 daily, 2 daily perpetual grand total, 3 monthly, 4 monthly GT, 5 annual, 6 annual GT; 7 = all. */
export const CLOSURE_TYPE_ALL = 7;
export const fiscalClosureType = z.number().int().min(1).max(6);

/** A tax rate as a fraction: 0.055, 0.1, 0.2. */
export const taxRate = z.number().min(0).max(1);

export const fiscalErrorCode = z.enum([
  /** startDate after endDate (400). Days outside the fiscal period rule: see `fiscalPeriodErrorCode`. */
  'INVALID_PERIOD',
  /** A closure, service, order, receipt, register or intervention not in the caller's account (404). */
  'FISCAL_RECORD_NOT_FOUND',
  /** A tracking kind that needs a filter (e.g. `history` without objectId) called without it (400). */
  'FILTER_REQUIRED',
]);
export type FiscalErrorCode = z.infer<typeof fiscalErrorCode>;

/* ------------------------------------------------------------------ closures */

/**
 * `GET /api/administration-fiscale/cloture?startDate=&endDate=&type=`: closures whose period meets the
 * range (under the fiscal period rule, `withFiscalPeriod`).
 */
export const closureListQuery = withFiscalPeriod(
  z.object({
    startDate: businessDay,
    endDate: businessDay,
    /** 1..6, or 7 (default) for every type. */
    type: z.coerce.number().int().min(1).max(7).default(CLOSURE_TYPE_ALL),
  }),
);
export type ClosureListQuery = z.infer<typeof closureListQuery>;

export const closurePayment = z.object({
  id_payment: z.string(),
  payment_name: z.string(),
  amount_shift: cents,
  overpayment: cents,
  credit: cents,
});
export type ClosurePayment = z.infer<typeof closurePayment>;

export const closureTax = z.object({
  tax_rate: taxRate,
  amount_evat: cents,
  amount_tax: cents,
  amount_ivat: cents,
});
export type ClosureTax = z.infer<typeof closureTax>;

export const fiscalClosure = z.object({
  id,
  type: fiscalClosureType,
  /** 'pos': signed by a register; 'server': computed and signed by the server for an establishment. */
  source: z.enum(['pos', 'server']),
  /** Null for a server closure (it covers the whole establishment). */
  registerId: id.nullable(),
  registerName: z.string().nullable(),
  companyId: id,
  companyName: z.string(),
  start_date: businessDay,
  end_date: businessDay,
  opening_date: isoDateTime.nullable(),
  closing_date: isoDateTime.nullable(),
  amount_total_ivat: cents,
  amount_total_evat: cents,
  amount_tax: cents,
  amount_discount_ivat: cents,
  amount_offered_ivat: cents,
  amount_total_wo_discount_ivat: cents,
  amount_payment_shift: cents,
  /** Perpetual grand total incl. VAT up to this closure. */
  grand_total_ivat: cents,
  comment: z.string().nullable(),
  payments: z.array(closurePayment),
  /** Keyed by the rate as text, e.g. "0.055". */
  taxes: z.record(z.string(), closureTax),
  services_count: z.number().int(),
  /** The closure's signature (base64). */
  signature: z.string(),
  /**
   * For a daily closure (a register's or the establishment's), the establishment's daily closure
   * number of that day (`Z12`): the piece (PieceRef) of the day's accounting entries; else null.
   */
  establishmentNumber: z.string().nullable(),
});
export type FiscalClosure = z.infer<typeof fiscalClosure>;

export const closureListResponse = z.object({ closures: z.array(fiscalClosure) });
export type ClosureListResponse = z.infer<typeof closureListResponse>;

/* ------------------------------------------------------------------ services, orders and what they hold */

/** A service (shift) of a register, as the services, commandes and fullhistory screens show it. */
export const fiscalService = z.object({
  id,
  registerId: id,
  registerName: z.string(),
  companyId: id,
  companyName: z.string(),
  number: z.number().int(),
  business_day: businessDay,
  opening_date: isoDateTime,
  closing_date: isoDateTime,
  amount_total_ivat: cents,
  amount_total_evat: cents,
  amount_tax: cents,
  amount_discount_ivat: cents,
  amount_offered_ivat: cents,
  amount_total_wo_discount_ivat: cents,
  cash_float: cents,
  expected_cash: cents,
  counted_cash: cents,
  /** Who closed the service. */
  user_firstname: z.string(),
  user_lastname: z.string(),
  opened_by_firstname: z.string(),
  opened_by_lastname: z.string(),
  orders_count: z.number().int(),
  app_version: z.string(),
  pos_device_app_version: z.string(),
  device: z.string(),
  payments: z.array(closurePayment),
});
export type FiscalService = z.infer<typeof fiscalService>;

/** The closure detail's three tabs. */
export const closureDetail = fiscalClosure.extend({
  services: z.array(fiscalService),
  /** VAT details, one row per rate, rate ascending. */
  vat: z.array(closureTax),
});
export type ClosureDetail = z.infer<typeof closureDetail>;

/** `POST /api/administration-fiscale/clotureById`. Unknown or foreign ids: 404. */
export const closureByIdRequest = z.object({ cloturesIds: z.array(id).min(1).max(100) });
export type ClosureByIdRequest = z.infer<typeof closureByIdRequest>;
export const closureByIdResponse = z.object({ closures: z.array(closureDetail) });
export type ClosureByIdResponse = z.infer<typeof closureByIdResponse>;

export const fiscalOrder = z.object({
  id,
  serviceId: id,
  registerId: id,
  companyId: id,
  number: z.number().int(),
  business_day: businessDay,
  opening_date: isoDateTime,
  closing_date: isoDateTime,
  /** 1 on site, 2 takeaway, 3 delivery. */
  activity_type: z.number().int(),
  room_name: z.string().nullable(),
  table_name: z.string().nullable(),
  covers: z.number().int(),
  user_firstname: z.string(),
  user_lastname: z.string(),
  global_discount: cents,
  amount_total_ivat: cents,
  amount_total_evat: cents,
  amount_tax: cents,
  amount_discount_ivat: cents,
  amount_offered_ivat: cents,
  amount_total_wo_discount_ivat: cents,
  /** Set on a cancellation order: the order it cancels. */
  cancels_order_id: id.nullable(),
  lines_count: z.number().int(),
  app_version: z.string(),
});
export type FiscalOrder = z.infer<typeof fiscalOrder>;

export const fiscalOrderLine = z.object({
  id,
  id_order: id,
  id_order_line_parent: id.nullable(),
  timestamp: isoDateTime,
  product_name: z.string(),
  category_name: z.string(),
  quantity: z.number().int(),
  /** Line total incl. VAT after discount and offer. */
  price: cents,
  /** Unit price on the register when keyed. */
  standardPrice: cents,
  /** The product's current catalogue price (null when the product is gone from the catalogue). */
  standardPrice_product: cents.nullable(),
  discount: cents,
  offered: cents,
  tax_rate: taxRate,
  amount_evat: cents,
  amount_tax: cents,
  removed: z.boolean(),
  userName: z.string(),
  app_version: z.string(),
});
export type FiscalOrderLine = z.infer<typeof fiscalOrderLine>;

export const fiscalPaymentLine = z.object({
  id,
  id_order: id,
  timestamp: isoDateTime,
  name: z.string(),
  amount: cents,
  tip: cents,
  device: z.string(),
  id_payment_type: z.string(),
  removed: z.boolean(),
  userName: z.string(),
  app_version: z.string(),
});
export type FiscalPaymentLine = z.infer<typeof fiscalPaymentLine>;

/** A print of an order (ticket, note, duplicata, facture) made by the register. */
export const fiscalReceipt = z.object({
  id,
  id_order: id,
  serviceId: id,
  registerId: id,
  number: z.number().int(),
  timestamp: isoDateTime,
  /** The print's type: ticket, note, duplicata, facture. */
  name: z.string(),
  print_try: z.number().int(),
  printed: z.boolean(),
  /** Receipts are append-only: always false, kept for the spec's column. */
  removed: z.boolean(),
  userName: z.string(),
  app_version: z.string(),
  /** Reprints made from the portal (document_reprints). */
  reprints: z.number().int(),
});
export type FiscalReceipt = z.infer<typeof fiscalReceipt>;

export const fiscalReceiptDetail = z.object({
  id,
  id_receipt: id,
  label: z.string(),
  quantity: z.number().int(),
  amount: cents,
  tax_rate: taxRate,
});
export type FiscalReceiptDetail = z.infer<typeof fiscalReceiptDetail>;

export const fiscalReceiptDetailTax = z.object({
  id,
  id_receipt: id,
  tax_rate: taxRate,
  amount_evat: cents,
  amount_tax: cents,
  amount_ivat: cents,
});
export type FiscalReceiptDetailTax = z.infer<typeof fiscalReceiptDetailTax>;

/** A cash movement (mvtcaisse): positive into the drawer, negative out of it. */
export const fiscalCashMovement = z.object({
  id,
  serviceId: id,
  registerId: id,
  timestamp: isoDateTime,
  amount: cents,
  notice: z.string(),
  device: z.string(),
  /** 1 yes, 0 no (spec 2 §3); records are append-only, so always 0. */
  removed: z.union([z.literal(0), z.literal(1)]),
  userName: z.string(),
  app_version: z.string(),
});
export type FiscalCashMovement = z.infer<typeof fiscalCashMovement>;

export const fiscalCredit = z.object({
  id,
  serviceId: id,
  registerId: id,
  id_order: id.nullable(),
  timestamp: isoDateTime,
  amount: cents,
  notice: z.string(),
  removed: z.boolean(),
  userName: z.string(),
  app_version: z.string(),
});
export type FiscalCredit = z.infer<typeof fiscalCredit>;

export const fiscalCashRegister = z.object({
  id,
  name: z.string(),
  serial: z.string(),
  companyId: id,
  companyName: z.string(),
  enrolled_at: isoDateTime,
  is_active: z.boolean(),
});
export type FiscalCashRegister = z.infer<typeof fiscalCashRegister>;

/* ------------------------------------------------------------------ tracking (audit history) */

export const trackingEntryAction = z.enum(['create', 'update', 'delete']);

/** One audit-history row: which table and row changed, which field, to what value. */
export const fiscalTrackingEntry = z.object({
  id,
  action: trackingEntryAction,
  key_: z.string().nullable(),
  value: z.string().nullable(),
  table_id: z.string(),
  table_name: z.string(),
  timestamp: isoDateTime,
  source: z.enum(['pos', 'server']),
  app_version: z.string().nullable(),
  comment: z.string().nullable(),
  /** The signed record that carries the row (order, service, cash_movement, credit...) and its id. */
  record_kind: z.string(),
  record_id: z.string(),
  registerId: id.nullable(),
  /**
   * The row does not hold against the stored record: the signed record no longer verifies, or the
   * row's value (or deletion) differs from the line it describes. The web shows 'Erreur tracking' in red.
   */
  isError: z.boolean(),
});
export type FiscalTrackingEntry = z.infer<typeof fiscalTrackingEntry>;

export const trackingKinds = [
  'order-line',
  'order',
  'credit',
  'cash-register-variation',
  'receipt',
  'receipt-detail',
  'receipt-detail-tax',
  'payment-line',
  'history',
  'fullhistory',
  'services',
  'commandes',
  'cash-register',
] as const;
export const trackingKind = z.enum(trackingKinds);
export type TrackingKind = z.infer<typeof trackingKind>;
export const trackingParams = z.object({ kind: trackingKind });

/**
 * `GET /api/administration-fiscale/tracking/{kind}` filters (all optional; startDate/endDate are
 * business days, startDate ≤ endDate). What each kind answers (`rows`), and the filters it reads:
 * - `services`: services (shifts), newest first — cashRegisterId, startDate..endDate, objectId (one service).
 * - `commandes`: orders, by closing time — objectId (service id), orderId (one order), or cashRegisterId + dates.
 * - `order`: tracking rows carried by orders (tables order, order_line, payment_line) — orderId, or
 *   objectId (service id: every order of the service).
 * - `order-line`: the lines of an order — orderId; objectId (one line).
 * - `payment-line`: the payment lines of an order — orderId; objectId (one line).
 * - `receipt`: prints — orderId, receiptId (one), or objectId (service id).
 * - `receipt-detail`: the lines of a print — receiptId; receiptDetailId (one).
 * - `receipt-detail-tax`: the VAT lines of a print — receiptId.
 * - `cash-register-variation`: cash movements — objectId (service id) or cashRegisterId + dates.
 * - `credit`: credits — objectId (service id), orderId, or cashRegisterId + dates.
 * - `history`: the tracking rows of one object — objectId (table_id, required), tableName (optional).
 * - `fullhistory`: every tracking row of a service and of what it holds (its orders with their lines and
 *   payments, cash movements, credits), by time — objectId (service id, required).
 * - `cash-register`: the account's registers — cashRegisterId (one).
 * Without any scoping filter, the list kinds answer the last 31 days (endDate defaults to today).
 * The dates follow the fiscal period rule (`withFiscalPeriod`).
 */
export const trackingQuery = withFiscalPeriod(
  z.object({
    orderId: id.optional(),
    cashRegisterId: id.optional(),
    receiptId: id.optional(),
    receiptDetailId: id.optional(),
    objectId: z.string().max(60).optional(),
    tableName: z.string().max(60).optional(),
    startDate: businessDay.optional(),
    endDate: businessDay.optional(),
  }),
);
export type TrackingQuery = z.infer<typeof trackingQuery>;

const rowsOf = <K extends TrackingKind, T extends z.ZodType>(kind: K, row: T) =>
  z.object({ kind: z.literal(kind), rows: z.array(row) });

export const trackingResponseByKind = {
  'order-line': rowsOf('order-line', fiscalOrderLine),
  order: rowsOf('order', fiscalTrackingEntry),
  credit: rowsOf('credit', fiscalCredit),
  'cash-register-variation': rowsOf('cash-register-variation', fiscalCashMovement),
  receipt: rowsOf('receipt', fiscalReceipt),
  'receipt-detail': rowsOf('receipt-detail', fiscalReceiptDetail),
  'receipt-detail-tax': rowsOf('receipt-detail-tax', fiscalReceiptDetailTax),
  'payment-line': rowsOf('payment-line', fiscalPaymentLine),
  history: rowsOf('history', fiscalTrackingEntry),
  fullhistory: rowsOf('fullhistory', fiscalTrackingEntry),
  services: rowsOf('services', fiscalService),
  commandes: rowsOf('commandes', fiscalOrder),
  'cash-register': rowsOf('cash-register', fiscalCashRegister),
} as const satisfies Record<TrackingKind, z.ZodType>;

export const trackingResponse = z.discriminatedUnion('kind', [
  trackingResponseByKind['order-line'],
  trackingResponseByKind.order,
  trackingResponseByKind.credit,
  trackingResponseByKind['cash-register-variation'],
  trackingResponseByKind.receipt,
  trackingResponseByKind['receipt-detail'],
  trackingResponseByKind['receipt-detail-tax'],
  trackingResponseByKind['payment-line'],
  trackingResponseByKind.history,
  trackingResponseByKind.fullhistory,
  trackingResponseByKind.services,
  trackingResponseByKind.commandes,
  trackingResponseByKind['cash-register'],
]);
export type TrackingResponse = z.infer<typeof trackingResponse>;
/** The answer of one kind: `TrackingResponseOf<'commandes'>['rows']` is `FiscalOrder[]`. */
export type TrackingResponseOf<K extends TrackingKind> = Extract<TrackingResponse, { kind: K }>;

/** `GET /api/administration-fiscale/tracking-server?startDate=&endDate=`: tracking rows written by the server. */
export const trackingServerQuery = withFiscalPeriod(
  z.object({ startDate: businessDay, endDate: businessDay }),
);
export type TrackingServerQuery = z.infer<typeof trackingServerQuery>;
export const trackingServerResponse = z.object({ rows: z.array(fiscalTrackingEntry) });
export type TrackingServerResponse = z.infer<typeof trackingServerResponse>;

/* ------------------------------------------------------------------ control strips */

/** `GET /api/controlStripShiftDocument?idShiftDocument=`: the service's control strip (service id). */
export const controlStripShiftQuery = z.object({ idShiftDocument: id });
/** `GET /api/controlStripSalesDocument?idSalesDocument=`: the strip rows of one order (order id). */
export const controlStripSalesQuery = z.object({ idSalesDocument: id });

export const controlStripRow = z.object({
  id,
  /** The service (shift) the strip belongs to. */
  id_shift_document: id,
  id_control_strip: id,
  /** The order of a sales row, null for shift rows. */
  id_sales_document: id.nullable(),
  document_type: z.enum(['shift', 'sales']),
  timestamp: isoDateTime,
  sales_document_name: z.string(),
  action: z.string(),
  description: z.string(),
  id_device: z.string(),
  user_firstname: z.string(),
  user_lastname: z.string(),
  registerId: id,
});
export type ControlStripRow = z.infer<typeof controlStripRow>;
export const controlStripRowsResponse = z.object({ rows: z.array(controlStripRow) });
export type ControlStripRowsResponse = z.infer<typeof controlStripRowsResponse>;

/* ------------------------------------------------------------------ technical interventions */

/**
 * `GET /api/technical-intervention?cashRegisterId=&objectId=&serviceId=&startDate=&endDate=`:
 * interventions, newest first. objectId matches table_id; serviceId gives those on the service's
 * register while it was open. `GET /api/technical-intervention/{id}`: one intervention (404 otherwise).
 * The dates follow the fiscal period rule (`withFiscalPeriod`).
 */
export const technicalInterventionQuery = withFiscalPeriod(
  z.object({
    cashRegisterId: id.optional(),
    objectId: z.string().max(60).optional(),
    serviceId: id.optional(),
    startDate: businessDay.optional(),
    endDate: businessDay.optional(),
  }),
);
export type TechnicalInterventionQuery = z.infer<typeof technicalInterventionQuery>;
export const technicalInterventionParams = z.object({ id });

export const technicalInterventionRow = z.object({
  id,
  registerId: id,
  registerName: z.string(),
  table_id: z.string().nullable(),
  table_name: z.string().nullable(),
  timestamp: isoDateTime,
  case_id: z.string(),
  user_firstname: z.string(),
  user_lastname: z.string(),
  comment: z.string(),
});
export type TechnicalInterventionRow = z.infer<typeof technicalInterventionRow>;
export const technicalInterventionListResponse = z.object({ rows: z.array(technicalInterventionRow) });
export type TechnicalInterventionListResponse = z.infer<typeof technicalInterventionListResponse>;

/* ------------------------------------------------------------------ PDFs from the data host */

/** Links built from one pdf-data answer are accepted this long after its timestamp. */
export const PDF_LINK_TTL_SECONDS = 15 * 60;

/**
 * The one document a link opens, as query fields (`action` and its ids, see `pdfLinkQuery`): the
 * query of `GET /api/administration-fiscale/pdf-data`, which signs a link for that document only.
 */
export const pdfTargetQuery = z.object({
  action: z.enum(['z', 'ticket', 'receipt', 'incidents']),
  cash_register_id: id.optional(),
  closure_id: id.optional(),
  service_id: id.optional(),
  order_id: id.optional(),
  receipt_id: id.optional(),
  start: businessDay.optional(),
  end: businessDay.optional(),
});
export type PdfTargetQuery = z.infer<typeof pdfTargetQuery>;
export const pdfAction = pdfTargetQuery.shape.action;
export type PdfAction = z.infer<typeof pdfAction>;

/** `GET /api/administration-fiscale/pdf-data?action=&…`. */
export const pdfDataResponse = z.object({
  /** Opaque name of the caller's account. */
  dbName: z.string(),
  /** Unix seconds, now. */
  timestamp: z.number().int(),
  /** The user who asked for the link: each print it makes is recorded in their name. */
  by: id,
  /**
   * HMAC-SHA256 (hex) of `dbName|timestamp|by` and the document's fields (`pdfTargetQuery`): the
   * link opens that document only.
   */
  signature: z.string(),
  /** Path of the data host's PDF route: `/data/pdf`. */
  path: z.string(),
  /** Unix seconds after which links built from this answer are refused. */
  expiresAt: z.number().int(),
});
export type PdfData = z.infer<typeof pdfDataResponse>;

/**
 * `GET /data/pdf?db=&action=&format=pdf&ts=&by=&signature=` plus, by action:
 * - `z`: the Z report of a closure — `closure_id`, or `service_id` (the daily closure holding that
 *   service); `cash_register_id` optional (when given it must be the closure's register);
 * - `ticket`: a duplicate of an order's ticket — `order_id`;
 * - `receipt`: a duplicate of a register print — `receipt_id`;
 * - `incidents`: the fiscal incident list (« Liste des incidents fiscaux ») of the account — `start`
 *   and `end` business days optional (all days when absent).
 * Answers `application/pdf` (inline; `download=1` asks for an attachment). A signature that does not
 * match (another document, another requester, another account), a ts older than PDF_LINK_TTL_SECONDS
 * or in the future: 403 `PDF_LINK_INVALID` / `PDF_LINK_EXPIRED`; an id outside the db's account: 404.
 * Each ticket or receipt print is recorded in document_reprints in the name of `by` and carries
 * « DUPLICATA » with its reprint number.
 */
export const pdfLinkQuery = pdfTargetQuery.extend({
  db: z.string().min(1).max(200),
  format: z.literal('pdf').default('pdf'),
  ts: z.coerce.number().int(),
  by: id,
  signature: z.string().min(1).max(200),
  download: z.enum(['0', '1']).optional(),
});
export type PdfLinkQuery = z.infer<typeof pdfLinkQuery>;

export const pdfLinkErrorCode = z.enum([
  'PDF_LINK_INVALID',
  'PDF_LINK_EXPIRED',
  'PDF_DOCUMENT_NOT_FOUND',
  /** The action's id parameter is missing (400). */
  'PDF_TARGET_REQUIRED',
]);
export type PdfLinkErrorCode = z.infer<typeof pdfLinkErrorCode>;

export type PdfTarget =
  | { action: 'z'; closureId: string; cashRegisterId?: string }
  | { action: 'z'; serviceId: string; cashRegisterId?: string }
  | { action: 'ticket'; orderId: string }
  | { action: 'receipt'; receiptId: string }
  | { action: 'incidents'; start?: string; end?: string };

/** A target's query fields (`pdfTargetQuery`), in the order both links write them. */
function targetParams(target: PdfTarget): URLSearchParams {
  const params = new URLSearchParams({ action: target.action });
  if ('closureId' in target) params.set('closure_id', target.closureId);
  if ('serviceId' in target) params.set('service_id', target.serviceId);
  if ('cashRegisterId' in target && target.cashRegisterId)
    params.set('cash_register_id', target.cashRegisterId);
  if ('orderId' in target) params.set('order_id', target.orderId);
  if ('receiptId' in target) params.set('receipt_id', target.receiptId);
  if (target.action === 'incidents') {
    if (target.start) params.set('start', target.start);
    if (target.end) params.set('end', target.end);
  }
  return params;
}

/** The pdf-data call that signs a link for this document. */
export function pdfDataUrl(target: PdfTarget): string {
  return `/api/administration-fiscale/pdf-data?${targetParams(target).toString()}`;
}

/** The data-host link of one PDF, from the pdf-data answer for it (relative to the portal's origin). */
export function fiscalPdfUrl(data: PdfData, target: PdfTarget, options: { download?: boolean } = {}): string {
  const params = new URLSearchParams({ db: data.dbName, ...Object.fromEntries(targetParams(target)) });
  params.set('format', 'pdf');
  params.set('ts', String(data.timestamp));
  params.set('by', data.by);
  params.set('signature', data.signature);
  if (options.download) params.set('download', '1');
  return `${data.path}?${params.toString()}`;
}
// CONTRACT READY
