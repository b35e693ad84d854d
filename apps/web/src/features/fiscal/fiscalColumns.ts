// Over 400 lines: the column catalogue of the fiscal tables, one small function per table over shared column helpers.
import type {
  ClosurePayment,
  ClosureTax,
  ControlStripRow,
  FiscalCashMovement,
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
  TechnicalInterventionRow,
} from '@comptoir/contracts';
import type { Translator } from './fiscal.i18n';
import type { DataTableColumn } from '../../ui/DataTable';

type T = Translator['t'];
type Columns<Row> = DataTableColumn<Row>[];

/** The amounts every closure, service and order carries (spec 2 §3), in cents. */
interface Amounts {
  amount_total_ivat: number;
  amount_total_evat: number;
  amount_tax: number;
  amount_discount_ivat: number;
  amount_offered_ivat: number;
  amount_total_wo_discount_ivat: number;
}

function amountColumns<Row extends Amounts>(t: T): Columns<Row> {
  return [
    {
      id: 'ivat',
      header: t('fiscal.column.totalIvat'),
      kind: 'amount',
      value: (row) => row.amount_total_ivat,
    },
    {
      id: 'evat',
      header: t('fiscal.column.totalEvat'),
      kind: 'amount',
      value: (row) => row.amount_total_evat,
    },
    { id: 'tax', header: t('fiscal.column.tax'), kind: 'amount', value: (row) => row.amount_tax },
    {
      id: 'discount',
      header: t('fiscal.column.discount'),
      kind: 'amount',
      value: (row) => row.amount_discount_ivat,
    },
    {
      id: 'offered',
      header: t('fiscal.column.offered'),
      kind: 'amount',
      value: (row) => row.amount_offered_ivat,
    },
    {
      id: 'woDiscount',
      header: t('fiscal.column.totalWithoutDiscount'),
      kind: 'amount',
      value: (row) => row.amount_total_wo_discount_ivat,
    },
  ];
}

function person(firstname: string, lastname: string): string {
  return `${firstname} ${lastname}`.trim();
}

function yesNo(t: T, value: boolean): string {
  return value ? t('fiscal.yes') : t('fiscal.no');
}

function openingClosingColumns<Row extends { opening_date: string | null; closing_date: string | null }>(
  t: T,
): Columns<Row> {
  return [
    {
      id: 'opening',
      header: t('fiscal.column.openingDate'),
      kind: 'dateTime',
      value: (row) => row.opening_date,
    },
    {
      id: 'closing',
      header: t('fiscal.column.closingDate'),
      kind: 'dateTime',
      value: (row) => row.closing_date,
    },
  ];
}

function timestampColumn<Row extends { timestamp: string }>(
  t: T,
  { isRowHeader = false } = {},
): DataTableColumn<Row> {
  return {
    id: 'timestamp',
    header: t('fiscal.column.timestamp'),
    kind: 'dateTime',
    value: (row) => row.timestamp,
    isRowHeader,
  };
}

/** Who recorded a POS record, and with which version of the app. */
function userAndVersionColumns<Row extends { userName: string; app_version: string }>(t: T): Columns<Row> {
  return [
    { id: 'user', header: t('fiscal.column.user'), value: (row) => row.userName },
    { id: 'appVersion', header: t('fiscal.column.appVersion'), value: (row) => row.app_version },
  ];
}

export function closureTypeLabel(t: T, type: number): string {
  return t(`fiscal.closureType.${type as 1 | 2 | 3 | 4 | 5 | 6 | 7}`);
}

export function closureColumns(t: T): Columns<FiscalClosure> {
  return [
    {
      id: 'type',
      header: t('fiscal.column.closureType'),
      value: (closure) => closureTypeLabel(t, closure.type),
      isRowHeader: true,
    },
    { id: 'company', header: t('fiscal.column.company'), value: (closure) => closure.companyName },
    {
      id: 'register',
      header: t('fiscal.column.register'),
      value: (closure) => closure.registerName ?? t('fiscal.closure.serverSigned'),
    },
    // The establishment's daily closure number: the piece (PieceRef) of the day's accounting entries.
    {
      id: 'establishmentNumber',
      header: t('fiscal.column.establishmentNumber'),
      value: (closure) => closure.establishmentNumber ?? '',
    },
    {
      id: 'start',
      header: t('fiscal.column.startDate'),
      kind: 'day',
      value: (closure) => closure.start_date,
    },
    { id: 'end', header: t('fiscal.column.endDate'), kind: 'day', value: (closure) => closure.end_date },
    ...openingClosingColumns(t),
    ...amountColumns(t),
    {
      id: 'payments',
      header: t('fiscal.column.paymentsTotal'),
      kind: 'amount',
      value: (closure) => closure.amount_payment_shift,
    },
    {
      id: 'grandTotal',
      header: t('fiscal.column.grandTotal'),
      kind: 'amount',
      value: (closure) => closure.grand_total_ivat,
    },
    {
      id: 'services',
      header: t('fiscal.column.servicesCount'),
      kind: 'integer',
      value: (closure) => closure.services_count,
    },
    {
      id: 'comment',
      header: t('fiscal.column.comment'),
      value: (closure) => closure.comment,
      isWrapping: true,
    },
  ];
}

/** The closure's info panel adds what the table leaves out: who signed it and the signature. */
export function closureInfoColumns(t: T): Columns<FiscalClosure> {
  return [
    ...closureColumns(t),
    {
      id: 'source',
      header: t('fiscal.column.source'),
      value: (closure) => t(`fiscal.source.${closure.source}`),
    },
    { id: 'signature', header: t('fiscal.column.signature'), value: (closure) => closure.signature },
  ];
}

export function serviceColumns(t: T): Columns<FiscalService> {
  return [
    {
      id: 'number',
      header: t('fiscal.column.serviceNumber'),
      kind: 'integer',
      value: (service) => service.number,
      isRowHeader: true,
    },
    { id: 'register', header: t('fiscal.column.register'), value: (service) => service.registerName },
    {
      id: 'day',
      header: t('fiscal.column.businessDay'),
      kind: 'day',
      value: (service) => service.business_day,
    },
    ...openingClosingColumns(t),
    {
      id: 'orders',
      header: t('fiscal.column.ordersCount'),
      kind: 'integer',
      value: (service) => service.orders_count,
    },
    ...amountColumns(t),
    {
      id: 'float',
      header: t('fiscal.column.cashFloat'),
      kind: 'amount',
      value: (service) => service.cash_float,
    },
    {
      id: 'expected',
      header: t('fiscal.column.expectedCash'),
      kind: 'amount',
      value: (service) => service.expected_cash,
    },
    {
      id: 'counted',
      header: t('fiscal.column.countedCash'),
      kind: 'amount',
      value: (service) => service.counted_cash,
    },
    {
      id: 'openedBy',
      header: t('fiscal.column.openedBy'),
      value: (service) => person(service.opened_by_firstname, service.opened_by_lastname),
    },
    {
      id: 'closedBy',
      header: t('fiscal.column.closedBy'),
      value: (service) => person(service.user_firstname, service.user_lastname),
    },
    { id: 'device', header: t('fiscal.column.device'), value: (service) => service.device },
    { id: 'appVersion', header: t('fiscal.column.appVersion'), value: (service) => service.app_version },
    {
      id: 'posVersion',
      header: t('fiscal.column.posVersion'),
      value: (service) => service.pos_device_app_version,
    },
  ];
}

export function orderColumns(t: T): Columns<FiscalOrder> {
  return [
    {
      id: 'number',
      header: t('fiscal.column.orderNumber'),
      kind: 'integer',
      value: (order) => order.number,
      isRowHeader: true,
    },
    ...openingClosingColumns(t),
    {
      id: 'activity',
      header: t('fiscal.column.activity'),
      value: (order) =>
        [1, 2, 3].includes(order.activity_type)
          ? t(`fiscal.activity.${order.activity_type as 1 | 2 | 3}`)
          : String(order.activity_type),
    },
    {
      id: 'table',
      header: t('fiscal.column.table'),
      value: (order) => [order.room_name, order.table_name].filter(Boolean).join(' · '),
    },
    { id: 'covers', header: t('fiscal.column.covers'), kind: 'integer', value: (order) => order.covers },
    {
      id: 'user',
      header: t('fiscal.column.user'),
      value: (order) => person(order.user_firstname, order.user_lastname),
    },
    {
      id: 'lines',
      header: t('fiscal.column.linesCount'),
      kind: 'integer',
      value: (order) => order.lines_count,
    },
    ...amountColumns(t),
    {
      id: 'globalDiscount',
      header: t('fiscal.column.globalDiscount'),
      kind: 'amount',
      value: (order) => order.global_discount,
    },
    {
      id: 'cancellation',
      header: t('fiscal.column.cancellation'),
      value: (order) => yesNo(t, order.cancels_order_id !== null),
    },
    { id: 'appVersion', header: t('fiscal.column.appVersion'), value: (order) => order.app_version },
  ];
}

export function orderLineColumns(t: T): Columns<FiscalOrderLine> {
  return [
    {
      id: 'product',
      header: t('fiscal.column.product'),
      value: (line) => line.product_name,
      isRowHeader: true,
    },
    timestampColumn(t),
    { id: 'category', header: t('fiscal.column.category'), value: (line) => line.category_name },
    { id: 'quantity', header: t('fiscal.column.quantity'), kind: 'integer', value: (line) => line.quantity },
    { id: 'price', header: t('fiscal.column.price'), kind: 'amount', value: (line) => line.price },
    {
      id: 'standardPrice',
      header: t('fiscal.column.standardPrice'),
      kind: 'amount',
      value: (line) => line.standardPrice,
    },
    {
      id: 'catalogPrice',
      header: t('fiscal.column.catalogPrice'),
      kind: 'amount',
      value: (line) => line.standardPrice_product,
    },
    {
      id: 'discount',
      header: t('fiscal.column.lineDiscount'),
      kind: 'amount',
      value: (line) => line.discount,
    },
    { id: 'offered', header: t('fiscal.column.lineOffered'), kind: 'amount', value: (line) => line.offered },
    { id: 'taxRate', header: t('fiscal.column.taxRate'), kind: 'taxRate', value: (line) => line.tax_rate },
    { id: 'evat', header: t('fiscal.column.amountEvat'), kind: 'amount', value: (line) => line.amount_evat },
    { id: 'tax', header: t('fiscal.column.tax'), kind: 'amount', value: (line) => line.amount_tax },
    { id: 'removed', header: t('fiscal.column.removed'), value: (line) => yesNo(t, line.removed) },
    ...userAndVersionColumns(t),
  ];
}

export function paymentLineColumns(t: T): Columns<FiscalPaymentLine> {
  return [
    { id: 'name', header: t('fiscal.column.paymentType'), value: (line) => line.name, isRowHeader: true },
    timestampColumn(t),
    { id: 'amount', header: t('fiscal.column.amount'), kind: 'amount', value: (line) => line.amount },
    { id: 'tip', header: t('fiscal.column.tip'), kind: 'amount', value: (line) => line.tip },
    { id: 'device', header: t('fiscal.column.device'), value: (line) => line.device },
    { id: 'removed', header: t('fiscal.column.removed'), value: (line) => yesNo(t, line.removed) },
    ...userAndVersionColumns(t),
  ];
}

export function receiptColumns(t: T): Columns<FiscalReceipt> {
  return [
    {
      id: 'number',
      header: t('fiscal.column.receiptNumber'),
      kind: 'integer',
      value: (receipt) => receipt.number,
      isRowHeader: true,
    },
    { id: 'name', header: t('fiscal.column.printType'), value: (receipt) => receipt.name },
    timestampColumn(t),
    {
      id: 'tries',
      header: t('fiscal.column.printTry'),
      kind: 'integer',
      value: (receipt) => receipt.print_try,
    },
    { id: 'printed', header: t('fiscal.column.printed'), value: (receipt) => yesNo(t, receipt.printed) },
    {
      id: 'reprints',
      header: t('fiscal.column.reprints'),
      kind: 'integer',
      value: (receipt) => receipt.reprints,
    },
    { id: 'removed', header: t('fiscal.column.removed'), value: (receipt) => yesNo(t, receipt.removed) },
    ...userAndVersionColumns(t),
  ];
}

export function receiptDetailColumns(t: T): Columns<FiscalReceiptDetail> {
  return [
    { id: 'label', header: t('fiscal.column.label'), value: (detail) => detail.label, isRowHeader: true },
    {
      id: 'quantity',
      header: t('fiscal.column.quantity'),
      kind: 'integer',
      value: (detail) => detail.quantity,
    },
    { id: 'amount', header: t('fiscal.column.amount'), kind: 'amount', value: (detail) => detail.amount },
    {
      id: 'taxRate',
      header: t('fiscal.column.taxRate'),
      kind: 'taxRate',
      value: (detail) => detail.tax_rate,
    },
  ];
}

export function vatColumns(t: T): Columns<ClosureTax | FiscalReceiptDetailTax> {
  return [
    {
      id: 'taxRate',
      header: t('fiscal.column.taxRate'),
      kind: 'taxRate',
      value: (tax) => tax.tax_rate,
      isRowHeader: true,
    },
    { id: 'evat', header: t('fiscal.column.amountEvat'), kind: 'amount', value: (tax) => tax.amount_evat },
    { id: 'tax', header: t('fiscal.column.tax'), kind: 'amount', value: (tax) => tax.amount_tax },
    { id: 'ivat', header: t('fiscal.column.amountIvat'), kind: 'amount', value: (tax) => tax.amount_ivat },
  ];
}

export function closurePaymentColumns(t: T): Columns<ClosurePayment> {
  return [
    {
      id: 'name',
      header: t('fiscal.column.paymentType'),
      value: (payment) => payment.payment_name,
      isRowHeader: true,
    },
    {
      id: 'amount',
      header: t('fiscal.column.amount'),
      kind: 'amount',
      value: (payment) => payment.amount_shift,
    },
    {
      id: 'overpayment',
      header: t('fiscal.column.overpayment'),
      kind: 'amount',
      value: (payment) => payment.overpayment,
    },
    { id: 'credit', header: t('fiscal.column.credit'), kind: 'amount', value: (payment) => payment.credit },
  ];
}

export function cashMovementColumns(t: T): Columns<FiscalCashMovement> {
  return [
    timestampColumn(t, { isRowHeader: true }),
    { id: 'amount', header: t('fiscal.column.amount'), kind: 'amount', value: (movement) => movement.amount },
    {
      id: 'notice',
      header: t('fiscal.column.notice'),
      value: (movement) => movement.notice,
      isWrapping: true,
    },
    { id: 'device', header: t('fiscal.column.device'), value: (movement) => movement.device },
    {
      id: 'removed',
      header: t('fiscal.column.removed'),
      value: (movement) => yesNo(t, movement.removed === 1),
    },
    ...userAndVersionColumns(t),
  ];
}

export function creditColumns(t: T): Columns<FiscalCredit> {
  return [
    timestampColumn(t, { isRowHeader: true }),
    { id: 'amount', header: t('fiscal.column.amount'), kind: 'amount', value: (credit) => credit.amount },
    { id: 'notice', header: t('fiscal.column.notice'), value: (credit) => credit.notice, isWrapping: true },
    { id: 'removed', header: t('fiscal.column.removed'), value: (credit) => yesNo(t, credit.removed) },
    ...userAndVersionColumns(t),
  ];
}

/** An audit-history row; erroneous rows are drawn red with 'Erreur tracking' in their date. */
export function trackingColumns(t: T): Columns<FiscalTrackingEntry> {
  return [
    timestampColumn(t, { isRowHeader: true }),
    { id: 'action', header: t('fiscal.column.action'), kind: 'action', value: (entry) => entry.action },
    { id: 'table', header: t('fiscal.column.tableName'), value: (entry) => entry.table_name },
    { id: 'key', header: t('fiscal.column.key'), value: (entry) => entry.key_ },
    { id: 'value', header: t('fiscal.column.value'), value: (entry) => entry.value, isWrapping: true },
    { id: 'source', header: t('fiscal.column.source'), value: (entry) => t(`fiscal.source.${entry.source}`) },
    { id: 'appVersion', header: t('fiscal.column.appVersion'), value: (entry) => entry.app_version },
    { id: 'comment', header: t('fiscal.column.comment'), value: (entry) => entry.comment, isWrapping: true },
    { id: 'tableId', header: t('fiscal.column.tableId'), value: (entry) => entry.table_id },
  ];
}

export function controlStripColumns(t: T): Columns<ControlStripRow> {
  return [
    timestampColumn(t, { isRowHeader: true }),
    {
      id: 'document',
      header: t('fiscal.column.document'),
      value: (row) => `${t(`fiscal.stripDocument.${row.document_type}`)} ${row.sales_document_name}`.trim(),
    },
    { id: 'action', header: t('fiscal.column.stripAction'), value: (row) => row.action },
    {
      id: 'description',
      header: t('fiscal.column.description'),
      value: (row) => row.description,
      isWrapping: true,
    },
    { id: 'device', header: t('fiscal.column.device'), value: (row) => row.id_device },
    {
      id: 'user',
      header: t('fiscal.column.user'),
      value: (row) => person(row.user_firstname, row.user_lastname),
    },
    { id: 'strip', header: t('fiscal.column.controlStripId'), value: (row) => row.id_control_strip },
  ];
}

export function interventionColumns(t: T): Columns<TechnicalInterventionRow> {
  return [
    timestampColumn(t, { isRowHeader: true }),
    { id: 'register', header: t('fiscal.column.register'), value: (row) => row.registerName },
    { id: 'case', header: t('fiscal.column.caseId'), value: (row) => row.case_id },
    {
      id: 'user',
      header: t('fiscal.column.user'),
      value: (row) => person(row.user_firstname, row.user_lastname),
    },
    { id: 'comment', header: t('fiscal.column.comment'), value: (row) => row.comment, isWrapping: true },
    { id: 'table', header: t('fiscal.column.tableName'), value: (row) => row.table_name },
    { id: 'tableId', header: t('fiscal.column.tableId'), value: (row) => row.table_id },
  ];
}
