import { describe, expect, it } from 'vitest';
import { customerSearchText, formatPhone, normalisePhone, phoneSearchDigits } from './phone';

describe('one rule for every phone', () => {
  it.each([
    ['07 49 68 74 40', '+33749687440'],
    ['0749687440', '+33749687440'],
    ['07.49.68.74.40', '+33749687440'],
    ['+33749687440', '+33749687440'],
    ['+33 (0)7 49 68 74 40', '+33749687440'],
    ['0033 7 49 68 74 40', '+33749687440'],
    ['+44 20 7946 0958', '+442079460958'],
    ['  ', null],
    [null, null],
    ['pas de téléphone', undefined],
    ['1234', undefined],
  ])('stores %j as %j', (typed, stored) => {
    expect(normalisePhone(typed)).toBe(stored);
  });

  it('shows a French number in pairs from its 0, another country after its code, anything else as it is', () => {
    expect(formatPhone('+33749687440')).toBe('07 49 68 74 40');
    expect(formatPhone('+442079460958')).toBe('+44 20 79 46 09 58');
    expect(formatPhone('standard du siège')).toBe('standard du siège');
    expect(formatPhone(null)).toBe('');
  });

  it('finds a phone by its digits whatever the spacing or prefix typed', () => {
    const text = customerSearchText({
      lastname: 'Roussel',
      firstname: 'Marine',
      email: null,
      phone: '+33749687440',
      cardNumber: null,
      companyName: null,
    });
    for (const typed of ['0749', '+33749', '07 49 68', '0749687440', '07 49 68 74 40', '0033749']) {
      const digits = phoneSearchDigits(typed);
      expect(digits, typed).not.toBeNull();
      expect(text.includes(digits!), typed).toBe(true);
    }
    expect(phoneSearchDigits('Roussel')).toBeNull();
    expect(phoneSearchDigits('07')).toBeNull();
  });
});
