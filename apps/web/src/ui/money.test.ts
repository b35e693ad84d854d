import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyInText } from './money';

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

describe('formatMoneyInText', () => {
  it("rewrites a register's comma amounts in the portal's format", () => {
    expect(formatMoneyInText('Fond de caisse 150,00 €')).toBe('Fond de caisse 150.00 €');
    expect(formatMoneyInText('Espèces attendues 392,98 €, comptées 397,98 €')).toBe(
      'Espèces attendues 392.98 €, comptées 397.98 €',
    );
    expect(formatMoneyInText('Total 12345,60 € TTC')).toBe('Total 12 345.60 € TTC');
  });

  it('reads thousands across no-break spaces, and keeps the sign of a refund', () => {
    expect(formatMoneyInText('Total 1\u202f234,50\u00a0€')).toBe('Total 1 234.50 €');
    expect(formatMoneyInText('Total 1\u00a0234\u00a0567,00 €')).toBe('Total 1 234 567.00 €');
    // A plain space may end a table's name: only the amount after it changes.
    expect(formatMoneyInText('Table 3 450,00 €')).toBe('Table 3 450.00 €');
    expect(formatMoneyInText('Table 4 : -3,20 €')).toBe('Table 4 : -3.20 €');
  });

  it('leaves other numbers and amounts already in the portal format alone', () => {
    expect(formatMoneyInText('Ticket n°12, table 3')).toBe('Ticket n°12, table 3');
    expect(formatMoneyInText('Total 150.00 €')).toBe('Total 150.00 €');
    expect(formatMoneyInText('Remise 10,5 %')).toBe('Remise 10,5 %');
  });
});
