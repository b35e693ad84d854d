import type {
  ClosurePayment,
  ClosureTax,
  ControlStripRow,
  FiscalCashMovement,
  FiscalCashRegister,
  FiscalClosure,
  FiscalCredit,
  FiscalOrder,
  FiscalOrderLine,
  FiscalPaymentLine,
  FiscalReceipt,
  FiscalReceiptDetail,
  FiscalReceiptDetailTax,
  FiscalService,
  FiscalTrackingEntry,
  TaxBreakdown,
  TechnicalInterventionRow,
} from '@comptoir/contracts';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema/index';
import type { CashMovementListRow, CreditListRow } from './fiscal-cash.repository';
import type { RegisterClosureRow, ServerClosureListRow } from './fiscal-closures.repository';
import type { InterventionListRow } from './fiscal-interventions.repository';
import type {
  OrderLineListRow,
  OrderListRow,
  PaymentLineListRow,
  ServiceListRow,
} from './fiscal-orders.repository';
import type { ReceiptListRow } from './fiscal-prints.repository';
import type { TrackingListRow } from './fiscal-tracking.repository';

/** Row shapes from the database to the contracts' (spec 2 §3 names), one function per entity. */

interface StoredPayment {
  paymentTypeId: string;
  paymentName: string;
  amount: number;
  overpayment: number;
  credit: number;
}

const iso = (at: Date) => at.toISOString();
const fullName = (firstname: string, lastname: string) => `${firstname} ${lastname}`.trim();
/** numeric(6,4) text ('0.0550') to the fraction 0.055. */
export const rateOf = (stored: string) => Number(stored);

export function closurePayments(stored: unknown): ClosurePayment[] {
  return (stored as StoredPayment[]).map((p) => ({
    id_payment: p.paymentTypeId,
    payment_name: p.paymentName,
    amount_shift: p.amount,
    overpayment: p.overpayment,
    credit: p.credit,
  }));
}

export function closureTaxes(stored: unknown): ClosureTax[] {
  return (stored as TaxBreakdown[])
    .map((t) => ({
      tax_rate: t.vatRateBp / 10000,
      amount_evat: t.evat,
      amount_tax: t.tax,
      amount_ivat: t.ivat,
    }))
    .sort((a, b) => a.tax_rate - b.tax_rate);
}

function taxesByRate(stored: unknown): Record<string, ClosureTax> {
  return Object.fromEntries(closureTaxes(stored).map((t) => [String(t.tax_rate), t]));
}

export function registerClosureToClosure(row: RegisterClosureRow): FiscalClosure {
  return {
    id: row.id,
    type: row.type,
    source: 'pos',
    registerId: row.register_id,
    registerName: row.register_name,
    companyId: row.company_id,
    companyName: row.company_name,
    start_date: row.start_day,
    end_date: row.end_day,
    opening_date: iso(row.opening_date),
    closing_date: iso(row.closing_date),
    amount_total_ivat: row.amount_total_ivat,
    amount_total_evat: row.amount_total_evat,
    amount_tax: row.amount_tax,
    amount_discount_ivat: row.amount_discount_ivat,
    amount_offered_ivat: row.amount_offered_ivat,
    amount_total_wo_discount_ivat: row.amount_total_wo_discount_ivat,
    amount_payment_shift: row.amount_payment_shift,
    grand_total_ivat: row.grand_total_ivat,
    comment: row.comment,
    payments: closurePayments(row.payments),
    taxes: taxesByRate(row.taxes),
    services_count: row.service_ids.length,
    signature: row.sig ?? '',
    establishmentNumber: null,
  };
}

export function serverClosureToClosure(row: ServerClosureListRow): FiscalClosure {
  return {
    id: row.id,
    type: row.type,
    source: 'server',
    registerId: null,
    registerName: null,
    companyId: row.company_id,
    companyName: row.company_name,
    start_date: row.start_day,
    end_date: row.end_day,
    opening_date: row.opening_date ? iso(row.opening_date) : null,
    closing_date: row.closing_date ? iso(row.closing_date) : null,
    amount_total_ivat: row.amount_total_ivat,
    amount_total_evat: row.amount_total_evat,
    amount_tax: row.amount_tax,
    amount_discount_ivat: row.amount_discount_ivat,
    amount_offered_ivat: row.amount_offered_ivat,
    amount_total_wo_discount_ivat: row.amount_total_wo_discount_ivat,
    amount_payment_shift: row.amount_payment_shift,
    grand_total_ivat: row.grand_total_ivat,
    comment: null,
    payments: closurePayments(row.payments),
    taxes: taxesByRate(row.taxes),
    services_count: row.services_count,
    signature: row.sig,
    establishmentNumber: null,
  };
}

export function serviceToFiscal(row: ServiceListRow): FiscalService {
  return {
    id: row.id,
    registerId: row.register_id,
    registerName: row.register_name,
    companyId: row.company_id,
    companyName: row.company_name,
    number: row.number,
    business_day: row.business_day,
    opening_date: iso(row.opening_date),
    closing_date: iso(row.closing_date),
    amount_total_ivat: row.amount_total_ivat,
    amount_total_evat: row.amount_total_evat,
    amount_tax: row.amount_tax,
    amount_discount_ivat: row.amount_discount_ivat,
    amount_offered_ivat: row.amount_offered_ivat,
    amount_total_wo_discount_ivat: row.amount_total_ivat + row.amount_discount_ivat,
    cash_float: row.cash_float,
    expected_cash: row.expected_cash,
    counted_cash: row.counted_cash,
    user_firstname: row.closed_by_firstname,
    user_lastname: row.closed_by_lastname,
    opened_by_firstname: row.opened_by_firstname,
    opened_by_lastname: row.opened_by_lastname,
    orders_count: row.orders_count,
    app_version: row.app_version,
    pos_device_app_version: row.app_version,
    device: row.device,
    payments: closurePayments(row.payments),
  };
}

export function orderToFiscal(row: OrderListRow): FiscalOrder {
  return {
    id: row.id,
    serviceId: row.service_id,
    registerId: row.register_id,
    companyId: row.company_id,
    number: row.number,
    business_day: row.business_day,
    opening_date: iso(row.opening_date),
    closing_date: iso(row.closing_date),
    activity_type: row.activity_type,
    room_name: row.room_name,
    table_name: row.table_name,
    covers: row.covers,
    user_firstname: row.user_firstname,
    user_lastname: row.user_lastname,
    global_discount: row.global_discount,
    amount_total_ivat: row.amount_total_ivat,
    amount_total_evat: row.amount_total_evat,
    amount_tax: row.amount_tax,
    amount_discount_ivat: row.amount_discount_ivat,
    amount_offered_ivat: row.amount_offered_ivat,
    amount_total_wo_discount_ivat: row.amount_total_wo_discount_ivat,
    cancels_order_id: row.cancels_order_id,
    lines_count: row.lines_count,
    app_version: row.app_version,
  };
}

export function orderLineToFiscal(row: OrderLineListRow): FiscalOrderLine {
  return {
    id: row.id,
    id_order: row.order_id,
    id_order_line_parent: row.parent_id,
    timestamp: iso(row.created_at),
    product_name: row.product_name,
    category_name: row.category_name,
    quantity: row.quantity,
    price: row.price,
    standardPrice: row.standard_price,
    standardPrice_product: row.product_price,
    discount: row.discount,
    offered: row.offered,
    tax_rate: rateOf(row.vat_rate),
    amount_evat: row.amount_evat,
    amount_tax: row.amount_tax,
    removed: row.removed,
    userName: row.user_name,
    app_version: row.app_version,
  };
}

export function paymentLineToFiscal(row: PaymentLineListRow): FiscalPaymentLine {
  return {
    id: row.id,
    id_order: row.order_id,
    timestamp: iso(row.paid_at),
    name: row.payment_name,
    amount: row.amount,
    tip: row.tip,
    device: row.device,
    id_payment_type: row.payment_type_id,
    removed: row.removed,
    userName: row.user_name,
    app_version: row.app_version,
  };
}

export function receiptToFiscal(row: ReceiptListRow): FiscalReceipt {
  return {
    id: row.id,
    id_order: row.order_id,
    serviceId: row.service_id,
    registerId: row.register_id,
    number: row.number,
    timestamp: iso(row.printed_at),
    name: row.name,
    print_try: row.print_try,
    printed: row.printed,
    removed: false,
    userName: fullName(row.user_firstname, row.user_lastname),
    app_version: row.app_version,
    reprints: row.reprints,
  };
}

export function receiptDetailToFiscal(row: Selectable<Database['receipt_details']>): FiscalReceiptDetail {
  return {
    id: row.id,
    id_receipt: row.receipt_id,
    label: row.label,
    quantity: row.quantity,
    amount: row.amount,
    tax_rate: rateOf(row.vat_rate),
  };
}

export function receiptDetailTaxToFiscal(
  row: Selectable<Database['receipt_detail_taxes']>,
): FiscalReceiptDetailTax {
  return {
    id: row.id,
    id_receipt: row.receipt_id,
    tax_rate: rateOf(row.vat_rate),
    amount_evat: row.amount_evat,
    amount_tax: row.amount_tax,
    amount_ivat: row.amount_ivat,
  };
}

export function cashMovementToFiscal(row: CashMovementListRow): FiscalCashMovement {
  return {
    id: row.id,
    serviceId: row.service_id,
    registerId: row.register_id,
    timestamp: iso(row.at),
    amount: row.amount,
    notice: row.notice,
    device: row.device,
    removed: 0,
    userName: fullName(row.user_firstname, row.user_lastname),
    app_version: row.app_version,
  };
}

export function creditToFiscal(row: CreditListRow): FiscalCredit {
  return {
    id: row.id,
    serviceId: row.service_id,
    registerId: row.register_id,
    id_order: row.order_id,
    timestamp: iso(row.at),
    amount: row.amount,
    notice: row.notice,
    removed: false,
    userName: fullName(row.user_firstname, row.user_lastname),
    app_version: row.app_version,
  };
}

export function registerToFiscal(row: {
  id: string;
  name: string;
  serial: string;
  company_id: string;
  company_name: string;
  enrolled_at: Date;
  is_active: boolean;
}): FiscalCashRegister {
  return {
    id: row.id,
    name: row.name,
    serial: row.serial,
    companyId: row.company_id,
    companyName: row.company_name,
    enrolled_at: iso(row.enrolled_at),
    is_active: row.is_active,
  };
}

export function trackingToFiscal(row: TrackingListRow, isError: boolean): FiscalTrackingEntry {
  return {
    id: row.id,
    action: row.action,
    key_: row.key_,
    value: row.value,
    table_id: row.table_id,
    table_name: row.table_name,
    timestamp: iso(row.at),
    source: row.source,
    app_version: row.app_version,
    comment: row.comment,
    record_kind: row.record_kind,
    record_id: row.record_id,
    registerId: row.register_id,
    isError,
  };
}

export function controlStripToFiscal(row: Selectable<Database['control_strip_documents']>): ControlStripRow {
  return {
    id: row.id,
    id_shift_document: row.service_id,
    id_control_strip: row.id_control_strip,
    id_sales_document: row.sales_document_id,
    document_type: row.document_type,
    timestamp: iso(row.at),
    sales_document_name: row.document_name,
    action: row.action,
    description: row.description,
    id_device: row.device_id,
    user_firstname: row.user_firstname,
    user_lastname: row.user_lastname,
    registerId: row.register_id,
  };
}

export function interventionToFiscal(row: InterventionListRow): TechnicalInterventionRow {
  return {
    id: row.id,
    registerId: row.register_id,
    registerName: row.register_name,
    table_id: row.table_id,
    table_name: row.table_name,
    timestamp: iso(row.at),
    case_id: row.case_id,
    user_firstname: row.user_firstname,
    user_lastname: row.user_lastname,
    comment: row.comment,
  };
}
