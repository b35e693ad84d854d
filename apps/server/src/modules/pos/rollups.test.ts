import { describe, expect, it } from 'vitest';
import type { OrderData } from '@comptoir/contracts';
import {
  accountingPaymentKey,
  accountingSaleKey,
  parseAccountingPaymentKey,
  parseAccountingSaleKey,
  parseAccountingSaleLabel,
  parisHourKey,
  RollupAccumulator,
} from './rollups';

const tenant = { accountId: 'account', companyId: 'company' };
const user = { id: 'u1', firstname: 'Léa', lastname: 'Bernard' };

function line(id: string, categoryId: string, productId: string, price: number, vatRateBp = 1000) {
  return {
    id,
    parentId: null,
    productId,
    productName: `produit ${productId}`,
    categoryId,
    categoryName: `catégorie ${categoryId}`,
    quantity: 1,
    standardPrice: price,
    price,
    discount: 0,
    offered: 0,
    vatRateBp,
    amountEvat: Math.round((price * 10000) / (10000 + vatRateBp)),
    amountTax: price - Math.round((price * 10000) / (10000 + vatRateBp)),
    removed: false,
    createdAt: '2026-03-06T20:00:00.000Z',
    userId: user.id,
  };
}

function order(overrides: Partial<OrderData>): OrderData {
  const lines = overrides.lines ?? [line('l1', 'c1', 'p1', 1200), line('l2', 'c1', 'p2', 800)];
  const kept = lines.filter((l) => !l.removed);
  const total = kept.reduce((n, l) => n + l.price, 0);
  return {
    id: 'o1',
    serviceId: 's1',
    number: 1,
    businessDay: '2026-03-06',
    openedAt: '2026-03-06T19:00:00.000Z',
    closedAt: '2026-03-06T20:30:00.000Z',
    activityType: 1,
    roomId: 'r1',
    roomName: 'Salle',
    tableName: 'T1',
    covers: 2,
    user,
    customerAccountId: null,
    cancelsOrderId: null,
    globalDiscount: 0,
    amountTotalIvat: total,
    amountTotalEvat: kept.reduce((n, l) => n + l.amountEvat, 0),
    amountTax: kept.reduce((n, l) => n + l.amountTax, 0),
    amountDiscountIvat: 0,
    amountOfferedIvat: 0,
    amountTotalWoDiscountIvat: total,
    lines,
    payments: [
      {
        id: 'pay1',
        paymentTypeId: 'card',
        paymentName: 'Carte bancaire',
        amount: total,
        tip: 0,
        at: '2026-03-06T20:29:00.000Z',
        device: 'TPE',
        userId: user.id,
        customerAccountId: null,
        removed: false,
      },
    ],
    tracking: [],
    appVersion: '1.0.0',
    ...overrides,
  } as OrderData;
}

describe('RollupAccumulator', () => {
  it("writes every row under the order's activity type, with no row for all activities", () => {
    const acc = new RollupAccumulator();
    acc.addOrder(tenant, order({ id: 'o1', activityType: 1 }));
    acc.addOrder(tenant, order({ id: 'o2', activityType: 2, roomId: null, roomName: null }));
    const totals = acc.result().filter((r) => r.dimension === 'total');
    expect(totals.map((r) => [r.activity_type, r.orders, r.amount_ivat])).toEqual([
      [1, 1, 2000],
      [2, 1, 2000],
    ]);
    expect(new Set(acc.result().map((r) => r.activity_type))).toEqual(new Set([1, 2]));
  });

  it('counts an order once per category, product, VAT rate and payment type it holds', () => {
    const acc = new RollupAccumulator();
    const split = order({
      payments: [
        { ...order({}).payments[0]!, id: 'a', amount: 1000 },
        { ...order({}).payments[0]!, id: 'b', amount: 1000 },
      ],
    });
    acc.addOrder(tenant, split);
    const row = (dimension: string, key: string) =>
      acc.result().find((r) => r.dimension === dimension && r.key === key)!;
    expect(row('category', 'c1')).toMatchObject({ orders: 1, quantity: 2, amount_ivat: 2000 });
    expect(row('product', 'p1')).toMatchObject({ orders: 1, amount_ivat: 1200 });
    expect(row('vat_rate', '1000')).toMatchObject({ orders: 1, amount_ivat: 2000, label: '10 %' });
    expect(row('payment_type', 'card')).toMatchObject({ orders: 1, amount_ivat: 2000 });
    expect(row('service', 's1')).toMatchObject({ orders: 1, covers: 2 });
  });

  it('takes a cancellation back out: minus one order, negative amounts, removed lines left out', () => {
    const acc = new RollupAccumulator();
    acc.addOrder(
      tenant,
      order({ lines: [line('l1', 'c1', 'p1', 1200), { ...line('l3', 'c2', 'p3', 500), removed: true }] }),
    );
    const refund = order({ lines: [line('l1', 'c1', 'p1', 1200)] });
    acc.addOrder(tenant, {
      ...refund,
      id: 'o9',
      cancelsOrderId: 'o1',
      covers: 0,
      amountTotalIvat: -1200,
      amountTotalEvat: -refund.amountTotalEvat,
      amountTax: -refund.amountTax,
      lines: refund.lines.map((l) => ({
        ...l,
        quantity: -1,
        price: -1200,
        standardPrice: 1200,
        amountEvat: -l.amountEvat,
        amountTax: -l.amountTax,
      })),
      payments: refund.payments.map((p) => ({ ...p, amount: -1200 })),
    });
    const total = acc.result().find((r) => r.dimension === 'total')!;
    expect(total).toMatchObject({ orders: 0, covers: 2, quantity: 0, amount_ivat: 0, amount_tax: 0 });
    expect(acc.result().some((r) => r.key === 'c2')).toBe(false);
  });

  it('files each order under the Paris hour of its closing, summer and winter time alike', () => {
    expect(parisHourKey('2026-03-06T23:30:00.000Z')).toBe('00');
    expect(parisHourKey('2026-07-06T22:30:00.000Z')).toBe('00');
    expect(parisHourKey('2026-03-29T00:59:59.000Z')).toBe('01');
    expect(parisHourKey('2026-03-29T01:00:00.000Z')).toBe('03');
    expect(parisHourKey('2026-10-25T00:30:00.000Z')).toBe('02');
    expect(parisHourKey('2026-10-25T01:30:00.000Z')).toBe('02');
    expect(parisHourKey('2026-03-06T13:05:00+01:00')).toBe('13');
    const acc = new RollupAccumulator();
    acc.addOrder(tenant, order({ closedAt: '2026-03-06T23:30:00.000Z' }));
    expect(acc.result().find((r) => r.dimension === 'hour')).toMatchObject({
      key: '00',
      label: '00h',
      business_day: '2026-03-06',
    });
  });

  it('sums the breakdown rows per calendar month for the monthly rollups', () => {
    const acc = new RollupAccumulator();
    acc.addOrder(tenant, order({ id: 'o1', businessDay: '2026-02-28' }));
    acc.addOrder(tenant, order({ id: 'o2', businessDay: '2026-03-01' }));
    acc.addOrder(tenant, order({ id: 'o3', businessDay: '2026-03-02' }));
    const monthly = acc.monthlyResult();
    expect(monthly.some((r) => r.dimension === 'service')).toBe(false);
    expect(monthly.some((r) => r.dimension === 'total')).toBe(true);
    const products = monthly.filter((r) => r.dimension === 'product' && r.key === 'p1');
    expect(products.map((r) => [r.month, r.orders, r.amount_ivat])).toEqual([
      ['2026-02-01', 1, 1200],
      ['2026-03-01', 2, 2400],
    ]);
  });

  it('keeps the accounting rows per rate, product, category and room, and per payment type and customer, daily only', () => {
    const acc = new RollupAccumulator();
    const base = order({});
    acc.addOrder(
      tenant,
      order({
        lines: [
          line('l1', 'c1', 'p1', 1200),
          line('l2', 'c1', 'p1', 800),
          line('l3', 'c2', 'p2', 500, 2000),
          { ...line('l4', 'c2', 'p2', 900, 2000), removed: true },
        ],
        payments: [
          { ...base.payments[0]!, id: 'a', amount: 2000, tip: 150 },
          { ...base.payments[0]!, id: 'b', amount: 500, customerAccountId: 'CA1' },
          { ...base.payments[0]!, id: 'c', amount: 900, removed: true },
        ],
      }),
    );
    acc.addOrder(
      tenant,
      order({
        id: 'o2',
        roomId: null,
        activityType: 2,
        payments: [{ ...base.payments[0]!, id: 'd', amount: -300, tip: -150 }],
      }),
    );
    const rows = (dimension: string) =>
      acc
        .result()
        .filter((r) => r.dimension === dimension)
        .map((r) => [r.activity_type, r.key, r.label, r.amount_ivat, r.amount_evat, r.amount_tax]);
    expect(rows('accounting_sale')).toEqual([
      [1, '1000|p1|c1|r1', '["produit p1","catégorie c1"]', 2000, 1818, 182],
      [1, '2000|p2|c2|r1', '["produit p2","catégorie c2"]', 500, 417, 83],
      [2, '1000|p1|c1|', '["produit p1","catégorie c1"]', 1200, 1091, 109],
      [2, '1000|p2|c1|', '["produit p2","catégorie c1"]', 800, 727, 73],
    ]);
    expect(rows('accounting_payment')).toEqual([
      [1, 'card|', 'Carte bancaire', 2000, 0, 0],
      [1, 'card|ca1', 'Carte bancaire', 500, 0, 0],
      [2, 'card|', 'Carte bancaire', -300, 0, 0],
    ]);
    expect(rows('accounting_tip')).toEqual([
      [1, 'card|', 'Carte bancaire', 150, 0, 0],
      [2, 'card|', 'Carte bancaire', -150, 0, 0],
    ]);
    expect(acc.monthlyResult().some((r) => r.dimension.startsWith('accounting_'))).toBe(false);
  });

  it('reads back the accounting keys and labels it writes', () => {
    expect(parseAccountingSaleKey(accountingSaleKey(550, 'P', 'C', null))).toEqual({
      vatRateBp: 550,
      productId: 'p',
      categoryId: 'c',
      roomId: null,
    });
    expect(parseAccountingSaleKey(accountingSaleKey(0, 'p', 'c', 'r')).roomId).toBe('r');
    expect(parseAccountingPaymentKey(accountingPaymentKey('t', null))).toEqual({
      paymentTypeId: 't',
      customerAccountId: null,
    });
    expect(parseAccountingPaymentKey(accountingPaymentKey('t', 'c')).customerAccountId).toBe('c');
    const label = JSON.stringify(['Café "serré" | 1/2', 'Boissons\\chaudes']);
    expect(parseAccountingSaleLabel(label)).toEqual({
      productName: 'Café "serré" | 1/2',
      categoryName: 'Boissons\\chaudes',
    });
  });
});
