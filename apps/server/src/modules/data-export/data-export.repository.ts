import { addCalendarDays } from '@comptoir/contracts';
import type { Db } from '../../db/database';

export async function companyNames(db: Db, companyIds: string[]): Promise<Map<string, string>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('companies')
    .select(['id', 'company_name'])
    .where('id', 'in', companyIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.company_name]));
}

/** Orders paid (closed) within [start, end] in these establishments. */
export interface PeriodScope {
  companyIds: string[];
  start: Date;
  end: Date;
  /** Paris days of start and end. */
  startDay: string;
  endDay: string;
}

export interface ProductLineRow {
  companyId: string;
  orderId: string;
  orderNumber: number;
  businessDay: string;
  closingDate: Date;
  isCancellation: boolean;
  productName: string;
  categoryName: string;
  quantity: number;
  /** Cents incl. VAT. */
  unitPrice: number;
  discount: number;
  offered: number;
  /** Price of the line after discount and offer, cents incl. VAT. */
  totalIvat: number;
  /** Exact decimal, e.g. '0.1000'. */
  vatRate: string;
  /** Payment types of the order, in payment order, each once. */
  paymentNames: string[];
}

/**
 * The period's order lines (removed ones left out), one business day at a time so that a year of a
 * busy establishment never sits in memory whole; within a day, in the order the orders were paid.
 */
export async function* productLineBatches(
  db: Db,
  scope: PeriodScope,
): AsyncGenerator<{ rows: ProductLineRow[]; day: string; daysDone: number; days: number }> {
  // A business day ends at the latest in the small hours of the next calendar day.
  const days = dayRange(addCalendarDays(scope.startDay, -1), scope.endDay);
  if (scope.companyIds.length === 0) return;
  for (const [index, day] of days.entries()) {
    const rows = await productLinesOfDay(db, scope, day);
    yield { rows, day, daysDone: index + 1, days: days.length };
  }
}

async function productLinesOfDay(db: Db, scope: PeriodScope, day: string): Promise<ProductLineRow[]> {
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'company_id', 'number', 'business_day', 'closing_date', 'cancels_order_id'])
    .where('company_id', 'in', scope.companyIds)
    .where('business_day', '=', day)
    .where('closing_date', '>=', scope.start)
    .where('closing_date', '<=', scope.end)
    .orderBy('closing_date')
    .orderBy('id')
    .execute();
  if (orders.length === 0) return [];
  const orderIds = orders.map((order) => order.id);
  const lines = await db
    .selectFrom('order_lines')
    .select([
      'order_id',
      'product_name',
      'category_name',
      'quantity',
      'standard_price',
      'price',
      'discount',
      'offered',
      'vat_rate',
    ])
    .where('company_id', 'in', scope.companyIds)
    .where('business_day', '=', day)
    .where('order_id', 'in', orderIds)
    .where('removed', '=', false)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const payments = await db
    .selectFrom('payment_lines')
    .select(['order_id', 'payment_name'])
    .where('company_id', 'in', scope.companyIds)
    .where('business_day', '=', day)
    .where('order_id', 'in', orderIds)
    .where('removed', '=', false)
    .orderBy('paid_at')
    .orderBy('id')
    .execute();

  const paymentNames = new Map<string, string[]>();
  for (const payment of payments) {
    const names = paymentNames.get(payment.order_id) ?? [];
    if (!names.includes(payment.payment_name)) names.push(payment.payment_name);
    paymentNames.set(payment.order_id, names);
  }
  const linesByOrder = new Map<string, typeof lines>();
  for (const line of lines) {
    const list = linesByOrder.get(line.order_id) ?? [];
    list.push(line);
    linesByOrder.set(line.order_id, list);
  }
  const rows: ProductLineRow[] = [];
  for (const order of orders) {
    for (const line of linesByOrder.get(order.id) ?? []) {
      rows.push({
        companyId: order.company_id,
        orderId: order.id,
        orderNumber: order.number,
        businessDay: order.business_day,
        closingDate: order.closing_date,
        isCancellation: order.cancels_order_id !== null,
        productName: line.product_name,
        categoryName: line.category_name,
        quantity: line.quantity,
        unitPrice: line.standard_price,
        discount: line.discount,
        offered: line.offered,
        totalIvat: line.price,
        vatRate: line.vat_rate,
        paymentNames: paymentNames.get(order.id) ?? [],
      });
    }
  }
  return rows;
}

function dayRange(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addCalendarDays(day, 1)) days.push(day);
  return days;
}
