import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('writes cents with two decimals, a dot and the euro sign', () => {
    expect(formatMoney(123450)).toBe('1 234.50 €');
    expect(formatMoney(5)).toBe('0.05 €');
    expect(formatMoney(0)).toBe('0.00 €');
  });

  it('separates thousands with spaces', () => {
    expect(formatMoney(99999)).toBe('999.99 €');
    expect(formatMoney(100000)).toBe('1 000.00 €');
    expect(formatMoney(123456789012)).toBe('1 234 567 890.12 €');
  });

  it('keeps the sign of refunds', () => {
    expect(formatMoney(-123450)).toBe('-1 234.50 €');
    expect(formatMoney(-7)).toBe('-0.07 €');
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => formatMoney(12.5)).toThrow(RangeError);
  });
});
