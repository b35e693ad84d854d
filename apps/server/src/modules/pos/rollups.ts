import type { OrderData } from '@comptoir/contracts';
import type { NewDailyRollup } from '../../db/schema/pos';
import { parisHour } from '../../platform/dates';

/** Dimensions kept per establishment and business day; weekday figures derive from the day. */
export const rollupDimensions = [
  'total',
  'category',
  'product',
  'hour',
  'payment_type',
  'vat_rate',
  'staff',
  'room',
  'activity_type',
] as const;
export type RollupDimension = (typeof rollupDimensions)[number];

type Measures = Pick<
  NewDailyRollup,
  'orders' | 'covers' | 'quantity' | 'amount_ivat' | 'amount_evat' | 'amount_tax' | 'discount' | 'offered'
>;

/**
 * Adds orders into rollup rows (one per company, day, dimension, key). A cancellation order counts
 * as minus one order, and its negative amounts take the cancelled sale back out.
 */
export class RollupAccumulator {
  private readonly rows = new Map<string, NewDailyRollup>();

  private add(
    tenant: { accountId: string; companyId: string },
    day: string,
    dimension: RollupDimension,
    key: string,
    label: string,
    m: Partial<Measures>,
  ): void {
    const id = `${tenant.companyId}|${day}|${dimension}|${key}`;
    let row = this.rows.get(id);
    if (!row) {
      row = {
        account_id: tenant.accountId,
        company_id: tenant.companyId,
        business_day: day,
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
    for (const k in m) row[k as keyof Measures] += m[k as keyof Measures] ?? 0;
  }

  addOrder(tenant: { accountId: string; companyId: string }, order: OrderData): void {
    const day = order.businessDay;
    const count = order.cancelsOrderId ? -1 : 1;
    const covers = order.cancelsOrderId ? -order.covers : order.covers;
    const lines = order.lines.filter((l) => !l.removed);
    const orderMeasures: Partial<Measures> = {
      orders: count,
      covers,
      quantity: lines.reduce((a, l) => a + l.quantity, 0),
      amount_ivat: order.amountTotalIvat,
      amount_evat: order.amountTotalEvat,
      amount_tax: order.amountTax,
      discount: order.amountDiscountIvat,
      offered: order.amountOfferedIvat,
    };
    const hour = String(parisHour(order.closedAt)).padStart(2, '0');
    const staffName = `${order.user.firstname} ${order.user.lastname}`;
    this.add(tenant, day, 'total', '', '', orderMeasures);
    this.add(tenant, day, 'hour', hour, `${hour}h`, orderMeasures);
    this.add(tenant, day, 'staff', order.user.id, staffName, orderMeasures);
    this.add(tenant, day, 'room', order.roomId ?? 'none', order.roomName ?? '', orderMeasures);
    this.add(
      tenant,
      day,
      'activity_type',
      String(order.activityType),
      String(order.activityType),
      orderMeasures,
    );

    const seenCategories = new Set<string>();
    const seenProducts = new Set<string>();
    for (const line of lines) {
      const lineMeasures: Partial<Measures> = {
        quantity: line.quantity,
        amount_ivat: line.price,
        amount_evat: line.amountEvat,
        amount_tax: line.amountTax,
        discount: line.discount,
        offered: line.offered,
      };
      // `orders` on a category or product counts the orders that contain it.
      this.add(tenant, day, 'category', line.categoryId, line.categoryName, {
        ...lineMeasures,
        orders: seenCategories.has(line.categoryId) ? 0 : count,
      });
      seenCategories.add(line.categoryId);
      this.add(tenant, day, 'product', line.productId, line.productName, {
        ...lineMeasures,
        orders: seenProducts.has(line.productId) ? 0 : count,
      });
      seenProducts.add(line.productId);
      this.add(tenant, day, 'vat_rate', String(line.vatRateBp), `${line.vatRateBp / 100} %`, lineMeasures);
    }
    for (const payment of order.payments) {
      if (payment.removed) continue;
      this.add(tenant, day, 'payment_type', payment.paymentTypeId, payment.paymentName, {
        orders: count,
        amount_ivat: payment.amount,
      });
    }
  }

  result(): NewDailyRollup[] {
    return [...this.rows.values()];
  }
}
