import { parisWallTime, type OrderData } from '@comptoir/contracts';
import type { NewDailyRollup, NewMonthlyRollup } from '../../db/schema/pos';

/**
 * Dimensions kept per establishment, business day and activity type; weekday figures derive from
 * the day and the activity-type breakdown from `total`. `service` keys the orders of each service
 * (shift) for the shift report.
 *
 * The accounting export (FEC, issue 17) reads three more, daily only (see `accountingSaleKey`):
 * `accounting_sale` per VAT rate, product, category and the order's room (line measures; `orders`
 * stays 0), `accounting_payment` per payment type and customer account (`amount_ivat` the amounts
 * paid) and `accounting_tip` on the same key (`amount_ivat` the tips; a row only once a tip is
 * not 0), and `accounting_discount` keyed `order` (`amount_ivat` the discounts given on whole
 * orders, which the lines' `discount` already holds spread over them; a row only when not 0).
 * Migration 017 filled them from the orders stored before.
 */
export const rollupDimensions = [
  'total',
  'category',
  'product',
  'hour',
  'payment_type',
  'vat_rate',
  'staff',
  'room',
  'service',
  'accounting_sale',
  'accounting_payment',
  'accounting_tip',
  'accounting_discount',
] as const;
export type RollupDimension = (typeof rollupDimensions)[number];

/** The dimensions also summed per month (`monthly_rollups`): those of the report breakdowns. */
export const monthlyDimensions = [
  'total',
  'category',
  'product',
  'hour',
  'payment_type',
  'vat_rate',
  'staff',
  'room',
] as const satisfies readonly RollupDimension[];
const isMonthly = new Set<string>(monthlyDimensions);

/** The accounting export's rollup dimensions (daily only). */
export const accountingDimensions = [
  'accounting_sale',
  'accounting_payment',
  'accounting_tip',
  'accounting_discount',
] as const satisfies readonly RollupDimension[];

/**
 * Key of an `accounting_sale` row: `{VAT rate bp}|{product id}|{category id}|{room id or ''}`, ids
 * in lower case as the database prints a uuid. Migration 017 builds the same key in SQL.
 */
export const accountingSaleKey = (
  vatRateBp: number,
  productId: string,
  categoryId: string,
  roomId: string | null,
) => `${vatRateBp}|${productId}|${categoryId}|${roomId ?? ''}`.toLowerCase();

export function parseAccountingSaleKey(key: string) {
  const [rate = '', productId = '', categoryId = '', roomId = ''] = key.split('|');
  return { vatRateBp: Number(rate), productId, categoryId, roomId: roomId === '' ? null : roomId };
}

/** Label of an `accounting_sale` row: `["{product name}","{category name}"]` (JSON). */
export const accountingSaleLabel = (productName: string, categoryName: string) =>
  JSON.stringify([productName, categoryName]);

export function parseAccountingSaleLabel(label: string): { productName: string; categoryName: string } {
  const [productName = '', categoryName = ''] = JSON.parse(label) as [string?, string?];
  return { productName, categoryName };
}

/** Key of an `accounting_payment` or `accounting_tip` row: `{payment type id}|{customer account id or ''}`. */
export const accountingPaymentKey = (paymentTypeId: string, customerAccountId: string | null) =>
  `${paymentTypeId}|${customerAccountId ?? ''}`.toLowerCase();

export function parseAccountingPaymentKey(key: string) {
  const [paymentTypeId = '', customerAccountId = ''] = key.split('|');
  return { paymentTypeId, customerAccountId: customerAccountId === '' ? null : customerAccountId };
}

interface Tenant {
  accountId: string;
  companyId: string;
}
type OrderLine = OrderData['lines'][number];

const HOUR_MS = 3_600_000;
const parisHourKeys = new Map<number, string>();

/**
 * `00`..`23`: the Europe/Paris hour of an instant. Paris is a whole number of hours ahead of UTC,
 * so the answer is the same for the whole UTC hour and is kept per UTC hour.
 */
export function parisHourKey(at: string): string {
  const utcHour = Math.floor(Date.parse(at) / HOUR_MS);
  let key = parisHourKeys.get(utcHour);
  if (key === undefined) {
    if (parisHourKeys.size > 100_000) parisHourKeys.clear();
    key = String(parisWallTime(utcHour * HOUR_MS).hour).padStart(2, '0');
    parisHourKeys.set(utcHour, key);
  }
  return key;
}

function addOrderMeasures(
  row: NewDailyRollup,
  order: OrderData,
  count: number,
  covers: number,
  quantity: number,
) {
  row.orders += count;
  row.covers += covers;
  row.quantity += quantity;
  row.amount_ivat += order.amountTotalIvat;
  row.amount_evat += order.amountTotalEvat;
  row.amount_tax += order.amountTax;
  row.discount += order.amountDiscountIvat;
  row.offered += order.amountOfferedIvat;
}

function addLineMeasures(row: NewDailyRollup, line: OrderLine, orders: number) {
  row.orders += orders;
  row.quantity += line.quantity;
  row.amount_ivat += line.price;
  row.amount_evat += line.amountEvat;
  row.amount_tax += line.amountTax;
  row.discount += line.discount;
  row.offered += line.offered;
}

/**
 * Adds orders into rollup rows, one per company, business day, activity type, dimension and key
 * (no "all activities" row: reports sum over activity types). A cancellation order counts as minus
 * one order, and its negative amounts take the cancelled sale back out. On a category, product,
 * VAT rate or payment type, `orders` counts the orders that hold it. Rows are built field by field
 * and measures added one by one: this runs for every order ingested.
 */
export class RollupAccumulator {
  private readonly rows = new Map<string, NewDailyRollup>();

  private row(
    tenant: Tenant,
    day: string,
    activity: number,
    dimension: RollupDimension,
    key: string,
    label: string,
  ): NewDailyRollup {
    const id = `${tenant.companyId}|${day}|${activity}|${dimension}|${key}`;
    let row = this.rows.get(id);
    if (row === undefined) {
      row = {
        account_id: tenant.accountId,
        company_id: tenant.companyId,
        business_day: day,
        activity_type: activity,
        dimension,
        key,
        label,
        orders: 0,
        covers: 0,
        quantity: 0,
        amount_ivat: 0,
        amount_evat: 0,
        amount_tax: 0,
        discount: 0,
        offered: 0,
      };
      this.rows.set(id, row);
    }
    return row;
  }

  addOrder(tenant: Tenant, order: OrderData): void {
    const day = order.businessDay;
    const activity = order.activityType;
    const isCancellation = order.cancelsOrderId !== null;
    const count = isCancellation ? -1 : 1;
    const covers = isCancellation ? -order.covers : order.covers;
    let quantity = 0;
    for (const line of order.lines) if (!line.removed) quantity += line.quantity;

    const hour = parisHourKey(order.closedAt);
    const user = order.user;
    addOrderMeasures(this.row(tenant, day, activity, 'total', '', ''), order, count, covers, quantity);
    addOrderMeasures(
      this.row(tenant, day, activity, 'hour', hour, `${hour}h`),
      order,
      count,
      covers,
      quantity,
    );
    addOrderMeasures(
      this.row(tenant, day, activity, 'staff', user.id, `${user.firstname} ${user.lastname}`),
      order,
      count,
      covers,
      quantity,
    );
    addOrderMeasures(
      this.row(tenant, day, activity, 'room', order.roomId ?? 'none', order.roomName ?? ''),
      order,
      count,
      covers,
      quantity,
    );
    addOrderMeasures(
      this.row(tenant, day, activity, 'service', order.serviceId, ''),
      order,
      count,
      covers,
      quantity,
    );

    // Orders hold a few lines: arrays beat sets for "seen already".
    const categories: string[] = [];
    const products: string[] = [];
    const rates: number[] = [];
    for (const line of order.lines) {
      if (line.removed) continue;
      const isNewCategory = !categories.includes(line.categoryId);
      if (isNewCategory) categories.push(line.categoryId);
      addLineMeasures(
        this.row(tenant, day, activity, 'category', line.categoryId, line.categoryName),
        line,
        isNewCategory ? count : 0,
      );
      const isNewProduct = !products.includes(line.productId);
      if (isNewProduct) products.push(line.productId);
      addLineMeasures(
        this.row(tenant, day, activity, 'product', line.productId, line.productName),
        line,
        isNewProduct ? count : 0,
      );
      const isNewRate = !rates.includes(line.vatRateBp);
      if (isNewRate) rates.push(line.vatRateBp);
      addLineMeasures(
        this.row(tenant, day, activity, 'vat_rate', String(line.vatRateBp), `${line.vatRateBp / 100} %`),
        line,
        isNewRate ? count : 0,
      );
      addLineMeasures(
        this.row(
          tenant,
          day,
          activity,
          'accounting_sale',
          accountingSaleKey(line.vatRateBp, line.productId, line.categoryId, order.roomId),
          accountingSaleLabel(line.productName, line.categoryName),
        ),
        line,
        0,
      );
    }
    if (order.globalDiscount !== 0) {
      this.row(tenant, day, activity, 'accounting_discount', 'order', '').amount_ivat += order.globalDiscount;
    }
    const paymentTypes: string[] = [];
    for (const payment of order.payments) {
      if (payment.removed) continue;
      const row = this.row(tenant, day, activity, 'payment_type', payment.paymentTypeId, payment.paymentName);
      if (!paymentTypes.includes(payment.paymentTypeId)) {
        paymentTypes.push(payment.paymentTypeId);
        row.orders += count;
      }
      row.amount_ivat += payment.amount;
      const key = accountingPaymentKey(payment.paymentTypeId, payment.customerAccountId);
      this.row(tenant, day, activity, 'accounting_payment', key, payment.paymentName).amount_ivat +=
        payment.amount;
      if (payment.tip !== 0) {
        this.row(tenant, day, activity, 'accounting_tip', key, payment.paymentName).amount_ivat +=
          payment.tip;
      }
    }
  }

  result(): NewDailyRollup[] {
    return [...this.rows.values()];
  }

  /** The rows of the monthly dimensions summed per calendar month of their business day. */
  monthlyResult(): NewMonthlyRollup[] {
    const months = new Map<string, NewMonthlyRollup>();
    for (const day of this.rows.values()) {
      if (!isMonthly.has(day.dimension)) continue;
      const month = `${day.business_day.slice(0, 8)}01`;
      const id = `${day.company_id}|${month}|${day.activity_type}|${day.dimension}|${day.key}`;
      let row = months.get(id);
      if (row === undefined) {
        row = {
          account_id: day.account_id,
          company_id: day.company_id,
          month,
          activity_type: day.activity_type,
          dimension: day.dimension,
          key: day.key,
          label: day.label,
          orders: 0,
          covers: 0,
          quantity: 0,
          amount_ivat: 0,
          amount_evat: 0,
          amount_tax: 0,
          discount: 0,
          offered: 0,
        };
        months.set(id, row);
      }
      row.orders += day.orders;
      row.covers += day.covers;
      row.quantity += day.quantity;
      row.amount_ivat += day.amount_ivat;
      row.amount_evat += day.amount_evat;
      row.amount_tax += day.amount_tax;
      row.discount += day.discount;
      row.offered += day.offered;
    }
    return [...months.values()];
  }
}
