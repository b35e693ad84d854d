import { describe, expect, it } from 'vitest';
import { customerPaymentAmountProblem, customerPaymentName, eurosTextToCents } from './customer-payments';

describe('a payment typed in euros', () => {
  it('reads French and plain amounts into cents, never through a float', () => {
    expect(eurosTextToCents('1 234,56')).toBe(123_456);
    expect(eurosTextToCents('1\u202f234,5 €')).toBe(123_450);
    expect(eurosTextToCents('0.29')).toBe(29);
    expect(eurosTextToCents('80')).toBe(8_000);
    for (const text of ['', '12,345', '-5', '1,2,3', 'douze', '12e3'])
      expect(eurosTextToCents(text)).toBeNull();
  });

  it('refuses zero and more than a million euros', () => {
    expect(customerPaymentAmountProblem('0,00')).toBe('zero');
    expect(customerPaymentAmountProblem('1 000 000,01')).toBe('tooLarge');
    expect(customerPaymentAmountProblem('1 000 000')).toBeNull();
    expect(customerPaymentAmountProblem('abc')).toBe('invalid');
  });

  it('names the operation « Virement » and the bank’s reference', () => {
    expect(customerPaymentName(undefined)).toBe('Virement');
    expect(customerPaymentName('  SEPA   4471 ')).toBe('Virement SEPA 4471');
  });
});
