import { describe, expect, it } from 'vitest';
import type { OrderLine } from '@comptoir/contracts';
import {
  amountEvatOf,
  divRoundHalfAwayFromZero,
  orderAmounts,
  priceLine,
  spreadGlobalDiscount,
} from './money';

const line = (standardPrice: number, quantity: number, vatRateBp = 1000): OrderLine =>
  priceLine({
    id: '00000000-0000-4000-8000-000000000000',
    parentId: null,
    productId: '00000000-0000-4000-8000-000000000001',
    productName: 'Plat',
    categoryId: '00000000-0000-4000-8000-000000000002',
    categoryName: 'Plats',
    quantity,
    standardPrice,
    price: 0,
    discount: 0,
    offered: 0,
    vatRateBp,
    amountEvat: 0,
    amountTax: 0,
    removed: false,
    createdAt: '2026-03-14T12:00:00.000Z',
    userId: '00000000-0000-4000-8000-000000000003',
  });

describe('VAT split', () => {
  it('rounds half away from zero, symmetrically for refunds', () => {
    expect(divRoundHalfAwayFromZero(5, 2)).toBe(3);
    expect(divRoundHalfAwayFromZero(-5, 2)).toBe(-3);
    expect(divRoundHalfAwayFromZero(7, 3)).toBe(2);
    expect(amountEvatOf(3, 2000)).toBe(3);
    expect(amountEvatOf(-3, 2000)).toBe(-3);
  });

  it('takes the excl.-VAT part of a price at 5.5, 10 and 20 %', () => {
    expect(amountEvatOf(3250, 1000)).toBe(2955);
    expect(amountEvatOf(450, 550)).toBe(427);
    expect(amountEvatOf(1100, 2000)).toBe(917);
  });
});

describe('global discount', () => {
  it('is spread onto line discounts so that the totals still add up line by line', () => {
    const lines = [line(1990, 2), line(450, 1, 550), line(650, 1, 2000)];
    const spread = spreadGlobalDiscount(lines, 667);
    expect(spread).toBe(667);
    expect(lines.reduce((s, l) => s + l.discount, 0)).toBe(667);
    for (const l of lines) expect(l.price).toBe(l.standardPrice * l.quantity - l.discount - l.offered);
    const totals = orderAmounts(lines);
    expect(totals.amountTotalIvat).toBe(1990 * 2 + 450 + 650 - 667);
    expect(totals.amountDiscountIvat).toBe(667);
    expect(totals.amountTotalWoDiscountIvat).toBe(1990 * 2 + 450 + 650);
  });

  it('never takes more than the order is worth', () => {
    const lines = [line(300, 1)];
    expect(spreadGlobalDiscount(lines, 1000)).toBe(300);
    expect(lines[0]?.price).toBe(0);
  });
});
