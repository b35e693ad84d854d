import type { OrderLine, TaxBreakdown } from '@comptoir/contracts';

/** `num / den` rounded half away from zero, in exact integer arithmetic (den > 0). */
export function divRoundHalfAwayFromZero(num: number, den: number): number {
  const abs = Math.abs(num);
  const q = Math.floor(abs / den);
  const r = abs - q * den;
  const rounded = 2 * r >= den ? q + 1 : q;
  return num < 0 ? -rounded : rounded;
}

/** The excl.-VAT part of an incl.-VAT amount: round(price × 10000 / (10000 + rate)), half away from zero. */
export function amountEvatOf(priceIvat: number, vatRateBp: number): number {
  return divRoundHalfAwayFromZero(priceIvat * 10000, 10000 + vatRateBp);
}

/** Recomputes a line's price and VAT split from its quantity, unit price, discount and offer. */
export function priceLine(line: OrderLine): OrderLine {
  line.price = line.standardPrice * line.quantity - line.discount - line.offered;
  line.amountEvat = amountEvatOf(line.price, line.vatRateBp);
  line.amountTax = line.price - line.amountEvat;
  return line;
}

export interface OrderAmounts {
  amountTotalIvat: number;
  amountTotalEvat: number;
  amountTax: number;
  amountDiscountIvat: number;
  amountOfferedIvat: number;
  amountTotalWoDiscountIvat: number;
}

/**
 * Order totals from its lines, removed lines left out. The global discount has already been spread
 * onto the lines' `discount`, so `amountDiscountIvat` (line discounts + global discount) is simply
 * the sum of the lines' discounts and the line sums still equal the totals.
 */
export function orderAmounts(lines: readonly OrderLine[]): OrderAmounts {
  let ivat = 0;
  let evat = 0;
  let tax = 0;
  let discount = 0;
  let offered = 0;
  for (const line of lines) {
    if (line.removed) continue;
    ivat += line.price;
    evat += line.amountEvat;
    tax += line.amountTax;
    discount += line.discount;
    offered += line.offered;
  }
  return {
    amountTotalIvat: ivat,
    amountTotalEvat: evat,
    amountTax: tax,
    amountDiscountIvat: discount,
    amountOfferedIvat: offered,
    amountTotalWoDiscountIvat: ivat + discount,
  };
}

/**
 * Spreads a global discount over the non-removed lines in proportion to their price (largest
 * remainder, never below zero), adding each share to the line's `discount`. Returns the amount
 * actually spread (capped at the order's total).
 */
export function spreadGlobalDiscount(lines: OrderLine[], globalDiscount: number): number {
  const eligible = lines.filter((l) => !l.removed && l.price > 0);
  const base = eligible.reduce((s, l) => s + l.price, 0);
  const amount = Math.min(globalDiscount, base);
  if (amount <= 0) return 0;
  const shares = eligible.map((line, index) => {
    const share = Math.floor((amount * line.price) / base);
    return { line, index, share, rest: amount * line.price - share * base };
  });
  let left = amount - shares.reduce((s, x) => s + x.share, 0);
  for (const x of [...shares].sort((a, b) => b.rest - a.rest || a.index - b.index)) {
    if (left <= 0) break;
    if (x.share < x.line.price) {
      x.share += 1;
      left -= 1;
    }
  }
  for (const { line, share } of shares) {
    line.discount += share;
    priceLine(line);
  }
  return amount;
}

/** Sums per VAT rate (ascending) over the non-removed lines. */
export function taxesByRate(lines: readonly OrderLine[]): TaxBreakdown[] {
  const byRate = new Map<number, TaxBreakdown>();
  for (const line of lines) {
    if (line.removed) continue;
    const t = byRate.get(line.vatRateBp) ?? { vatRateBp: line.vatRateBp, evat: 0, tax: 0, ivat: 0 };
    t.evat += line.amountEvat;
    t.tax += line.amountTax;
    t.ivat += line.price;
    byRate.set(line.vatRateBp, t);
  }
  return [...byRate.values()].sort((a, b) => a.vatRateBp - b.vatRateBp);
}

/** Adds tax breakdowns into an accumulator keyed by rate. */
export function addTaxes(into: Map<number, TaxBreakdown>, taxes: readonly TaxBreakdown[]): void {
  for (const t of taxes) {
    const acc = into.get(t.vatRateBp) ?? { vatRateBp: t.vatRateBp, evat: 0, tax: 0, ivat: 0 };
    acc.evat += t.evat;
    acc.tax += t.tax;
    acc.ivat += t.ivat;
    into.set(t.vatRateBp, acc);
  }
}

/** `12.30 €`-style text for control-strip descriptions. */
export function formatEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')} €`;
}
