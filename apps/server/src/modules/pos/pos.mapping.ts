// Over 400 lines: one flat mapper per record kind, each no more than the columns of its rows.
import type { Insertable } from 'kysely';
import {
  customerSearchText,
  phoneToStore,
  type RecordKind,
  type SignedRecord,
  type SignedRecordOf,
  type TrackingEntry,
} from '@comptoir/contracts';
import type { Database } from '../../db/schema/index';

/** Rows to insert for one batch, table by table. */
export type PosRows = { [T in keyof Database]?: Insertable<Database[T]>[] };

export interface RecordContext {
  accountId: string;
  companyId: string;
  registerId: string;
  batchId: string;
}

const bpToRate = (bp: number) => (bp / 10000).toFixed(4);

function push<T extends keyof Database>(rows: PosRows, table: T, ...items: Insertable<Database[T]>[]): void {
  const list = (rows[table] ??= []) as Insertable<Database[T]>[];
  for (const item of items) list.push(item);
}

function trackingRows(
  ctx: RecordContext,
  kind: string,
  recordId: string,
  entries: TrackingEntry[],
  appVersion: string | null,
): Insertable<Database['tracking']>[] {
  return entries.map((t) => ({
    id: t.id,
    account_id: ctx.accountId,
    company_id: ctx.companyId,
    register_id: ctx.registerId,
    record_kind: kind,
    record_id: recordId,
    action: t.action,
    table_name: t.tableName,
    table_id: t.tableId,
    key_: t.key,
    value: t.value,
    at: t.at,
    source: 'pos' as const,
    app_version: appVersion,
    comment: t.comment,
  }));
}

/**
 * Maps one accepted record to its normalised rows (its kind's mapper), and the signed record itself
 * with its data as the canonical text it was verified against.
 */
export function mapRecord(
  rows: PosRows,
  ctx: RecordContext,
  record: SignedRecord,
  businessDay: string | null,
  dataText: string,
): void {
  push(rows, 'pos_records', {
    account_id: ctx.accountId,
    company_id: ctx.companyId,
    register_id: ctx.registerId,
    seq: record.seq,
    kind: record.kind,
    v: record.v,
    at: record.at,
    prev_sig: record.prev,
    sig: record.sig,
    record_id: record.data.id,
    business_day: businessDay,
    data: dataText,
    batch_id: ctx.batchId,
    rows_digest: null,
    rows_seal: null,
  });

  (recordMappers[record.kind] as RecordMapper<RecordKind>)(rows, ctx, record);
}

type RecordMapper<K extends RecordKind> = (
  rows: PosRows,
  ctx: RecordContext,
  record: SignedRecordOf<K>,
) => void;

/**
 * The rows each kind of record derives, besides its own `pos_records` row. Rows are written field by
 * field, without object spreads: spreading into a literal of some thirty fields left V8 objects in
 * dictionary mode, twenty times slower to build and to serialise.
 */
const recordMappers: { [K in RecordKind]: RecordMapper<K> } = {
  service: mapService,
  order: mapOrder,
  receipt: mapReceipt,
  cash_movement: mapCashMovement,
  credit: mapCredit,
  customer_account: mapCustomerAccount,
  customer_operation: mapCustomerOperation,
  closure: mapClosure,
  technical_intervention: mapTechnicalIntervention,
  control_strip: mapControlStrip,
};

function mapService(rows: PosRows, ctx: RecordContext, record: SignedRecordOf<'service'>): void {
  const d = record.data;
  push(rows, 'services', {
    account_id: ctx.accountId,
    company_id: ctx.companyId,
    register_id: ctx.registerId,
    seq: record.seq,
    id: d.id,
    number: d.number,
    business_day: d.businessDay,
    opening_date: d.openedAt,
    closing_date: d.closedAt,
    opened_by_id: d.openedBy.id,
    opened_by_firstname: d.openedBy.firstname,
    opened_by_lastname: d.openedBy.lastname,
    closed_by_id: d.closedBy.id,
    closed_by_firstname: d.closedBy.firstname,
    closed_by_lastname: d.closedBy.lastname,
    cash_float: d.cashFloat,
    expected_cash: d.expectedCash,
    counted_cash: d.countedCash,
    amount_total_ivat: d.amountTotalIvat,
    amount_total_evat: d.amountTotalEvat,
    amount_tax: d.amountTax,
    amount_discount_ivat: d.amountDiscountIvat,
    amount_offered_ivat: d.amountOfferedIvat,
    payments: d.payments,
    app_version: d.appVersion,
    device: d.device,
  } as Insertable<Database['services']>);
  push(rows, 'tracking', ...trackingRows(ctx, 'service', d.id, d.tracking, d.appVersion));
}

function mapOrder(rows: PosRows, ctx: RecordContext, record: SignedRecordOf<'order'>): void {
  const d = record.data;
  push(rows, 'orders', {
    account_id: ctx.accountId,
    company_id: ctx.companyId,
    register_id: ctx.registerId,
    seq: record.seq,
    id: d.id,
    service_id: d.serviceId,
    number: d.number,
    business_day: d.businessDay,
    opening_date: d.openedAt,
    closing_date: d.closedAt,
    activity_type: d.activityType,
    room_id: d.roomId,
    room_name: d.roomName,
    table_name: d.tableName,
    covers: d.covers,
    user_id: d.user.id,
    user_firstname: d.user.firstname,
    user_lastname: d.user.lastname,
    customer_account_id: d.customerAccountId,
    cancels_order_id: d.cancelsOrderId,
    global_discount: d.globalDiscount,
    amount_total_ivat: d.amountTotalIvat,
    amount_total_evat: d.amountTotalEvat,
    amount_tax: d.amountTax,
    amount_discount_ivat: d.amountDiscountIvat,
    amount_offered_ivat: d.amountOfferedIvat,
    amount_total_wo_discount_ivat: d.amountTotalWoDiscountIvat,
    app_version: d.appVersion,
    sig: record.sig,
  } as Insertable<Database['orders']>);
  push(
    rows,
    'order_lines',
    ...d.lines.map((l) => ({
      account_id: ctx.accountId,
      company_id: ctx.companyId,
      id: l.id,
      business_day: d.businessDay,
      order_id: d.id,
      parent_id: l.parentId,
      product_id: l.productId,
      product_name: l.productName,
      category_id: l.categoryId,
      category_name: l.categoryName,
      quantity: l.quantity,
      standard_price: l.standardPrice,
      price: l.price,
      discount: l.discount,
      offered: l.offered,
      vat_rate: bpToRate(l.vatRateBp),
      amount_evat: l.amountEvat,
      amount_tax: l.amountTax,
      removed: l.removed,
      created_at: l.createdAt,
      user_id: l.userId,
    })),
  );
  push(
    rows,
    'payment_lines',
    ...d.payments.map((p) => ({
      account_id: ctx.accountId,
      company_id: ctx.companyId,
      id: p.id,
      business_day: d.businessDay,
      order_id: d.id,
      payment_type_id: p.paymentTypeId,
      payment_name: p.paymentName,
      amount: p.amount,
      tip: p.tip,
      paid_at: p.at,
      device: p.device,
      user_id: p.userId,
      customer_account_id: p.customerAccountId,
      removed: p.removed,
    })),
  );
  push(rows, 'tracking', ...trackingRows(ctx, 'order', d.id, d.tracking, d.appVersion));
}

function mapReceipt(rows: PosRows, ctx: RecordContext, record: SignedRecordOf<'receipt'>): void {
  const d = record.data;
  push(rows, 'receipts', {
    account_id: ctx.accountId,
    company_id: ctx.companyId,
    register_id: ctx.registerId,
    seq: record.seq,
    id: d.id,
    order_id: d.orderId,
    service_id: d.serviceId,
    number: d.number,
    printed_at: d.printedAt,
    name: d.name,
    print_try: d.printTry,
    printed: d.printed,
    user_id: d.user.id,
    user_firstname: d.user.firstname,
    user_lastname: d.user.lastname,
    app_version: d.appVersion,
  } as Insertable<Database['receipts']>);
  push(
    rows,
    'receipt_details',
    ...d.details.map((x) => ({
      account_id: ctx.accountId,
      company_id: ctx.companyId,
      id: x.id,
      receipt_id: d.id,
      label: x.label,
      quantity: x.quantity,
      amount: x.amount,
      vat_rate: bpToRate(x.vatRateBp),
    })),
  );
  push(
    rows,
    'receipt_detail_taxes',
    ...d.taxes.map((x) => ({
      account_id: ctx.accountId,
      company_id: ctx.companyId,
      id: x.id,
      receipt_id: d.id,
      vat_rate: bpToRate(x.vatRateBp),
      amount_evat: x.evat,
      amount_tax: x.tax,
      amount_ivat: x.ivat,
    })),
  );
}

function mapCashMovement(rows: PosRows, ctx: RecordContext, record: SignedRecordOf<'cash_movement'>): void {
  const d = record.data;
  push(rows, 'cash_movements', {
    account_id: ctx.accountId,
    company_id: ctx.companyId,
    register_id: ctx.registerId,
    seq: record.seq,
    id: d.id,
    service_id: d.serviceId,
    business_day: d.businessDay,
    at: d.at,
    amount: d.amount,
    notice: d.notice,
    payment_type_id: d.paymentTypeId,
    device: d.device,
    user_id: d.user.id,
    user_firstname: d.user.firstname,
    user_lastname: d.user.lastname,
    app_version: d.appVersion,
  } as Insertable<Database['cash_movements']>);
  push(rows, 'tracking', ...trackingRows(ctx, 'cash_movement', d.id, d.tracking, d.appVersion));
}

function mapCredit(rows: PosRows, ctx: RecordContext, record: SignedRecordOf<'credit'>): void {
  const d = record.data;
  push(rows, 'credits', {
    account_id: ctx.accountId,
    company_id: ctx.companyId,
    register_id: ctx.registerId,
    seq: record.seq,
    id: d.id,
    service_id: d.serviceId,
    business_day: d.businessDay,
    at: d.at,
    amount: d.amount,
    notice: d.notice,
    order_id: d.orderId,
    customer_account_id: d.customerAccountId,
    payment_type_id: d.paymentTypeId,
    user_id: d.user.id,
    user_firstname: d.user.firstname,
    user_lastname: d.user.lastname,
    app_version: d.appVersion,
  } as Insertable<Database['credits']>);
  push(rows, 'tracking', ...trackingRows(ctx, 'credit', d.id, d.tracking, d.appVersion));
}

function mapCustomerAccount(
  rows: PosRows,
  ctx: RecordContext,
  record: SignedRecordOf<'customer_account'>,
): void {
  const d = record.data;
  push(rows, 'customer_accounts', {
    id: d.id,
    account_id: ctx.accountId,
    type: d.type,
    lastname: d.lastname,
    firstname: d.firstname,
    card_number: d.cardNumber,
    email: d.email,
    // One rule for every stored phone (issue 31, item 9); a text that is no number is kept as sent.
    phone: phoneToStore(d.phone),
    address_street: d.addressStreet,
    address_zipcode: d.addressZipcode,
    address_city: d.addressCity,
    note: d.note,
    is_company: d.isCompany,
    company_name: d.companyName,
    company_siren: d.companySiren,
    company_vat: d.companyVat,
    search: customerSearchText({
      lastname: d.lastname,
      firstname: d.firstname,
      email: d.email,
      phone: phoneToStore(d.phone),
      cardNumber: d.cardNumber,
      companyName: d.companyName,
    }),
    created_at: d.at,
    updated_at: d.at,
  });
  push(rows, 'customer_account_companies', {
    customer_account_id: d.id,
    company_id: ctx.companyId,
    account_id: ctx.accountId,
    uniq_id_customer: d.uniqId,
  });
  push(rows, 'tracking', ...trackingRows(ctx, 'customer_account', d.id, d.tracking, null));
}

function mapCustomerOperation(
  rows: PosRows,
  ctx: RecordContext,
  record: SignedRecordOf<'customer_operation'>,
): void {
  const d = record.data;
  push(rows, 'customer_operations', {
    account_id: ctx.accountId,
    company_id: ctx.companyId,
    register_id: ctx.registerId,
    seq: record.seq,
    id: d.id,
    customer_account_id: d.customerAccountId,
    business_day: d.businessDay,
    at: d.at,
    operation: d.operation,
    amount: d.amount,
    balance_after: d.balanceAfter,
    order_id: d.orderId,
    payment_type_id: d.paymentTypeId,
    payment_name: d.paymentName,
    user_id: d.user.id,
    user_firstname: d.user.firstname,
    user_lastname: d.user.lastname,
  } as Insertable<Database['customer_operations']>);
}

function mapClosure(rows: PosRows, ctx: RecordContext, record: SignedRecordOf<'closure'>): void {
  const d = record.data;
  push(rows, 'closures', {
    account_id: ctx.accountId,
    company_id: ctx.companyId,
    register_id: ctx.registerId,
    seq: record.seq,
    id: d.id,
    type: d.type,
    start_day: d.startDay,
    end_day: d.endDay,
    opening_date: d.openingDate,
    closing_date: d.closingDate,
    amount_total_ivat: d.amountTotalIvat,
    amount_total_evat: d.amountTotalEvat,
    amount_tax: d.amountTax,
    amount_discount_ivat: d.amountDiscountIvat,
    amount_offered_ivat: d.amountOfferedIvat,
    amount_total_wo_discount_ivat: d.amountTotalWoDiscountIvat,
    amount_payment_shift: d.amountPaymentShift,
    grand_total_ivat: d.grandTotalIvat,
    payments: d.payments,
    taxes: d.taxes,
    service_ids: d.serviceIds,
    comment: d.comment,
  });
}

function mapTechnicalIntervention(
  rows: PosRows,
  ctx: RecordContext,
  record: SignedRecordOf<'technical_intervention'>,
): void {
  const d = record.data;
  push(rows, 'technical_interventions', {
    account_id: ctx.accountId,
    company_id: ctx.companyId,
    register_id: ctx.registerId,
    seq: record.seq,
    id: d.id,
    at: d.at,
    case_id: d.caseId,
    table_name: d.tableName,
    table_id: d.tableId,
    user_id: d.user.id,
    user_firstname: d.user.firstname,
    user_lastname: d.user.lastname,
    comment: d.comment,
  } as Insertable<Database['technical_interventions']>);
}

function mapControlStrip(rows: PosRows, ctx: RecordContext, record: SignedRecordOf<'control_strip'>): void {
  const d = record.data;
  push(
    rows,
    'control_strip_documents',
    ...d.entries.map(
      (e) =>
        ({
          account_id: ctx.accountId,
          company_id: ctx.companyId,
          id: e.id,
          register_id: ctx.registerId,
          id_control_strip: d.id,
          service_id: d.serviceId,
          document_type: e.documentType,
          at: e.at,
          document_name: e.documentName,
          action: e.action,
          description: e.description,
          device_id: e.deviceId,
          user_id: e.user.id,
          user_firstname: e.user.firstname,
          user_lastname: e.user.lastname,
          sales_document_id: e.salesDocumentId,
        }) as Insertable<Database['control_strip_documents']>,
    ),
  );
}
