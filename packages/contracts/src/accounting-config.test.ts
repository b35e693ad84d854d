import { describe, expect, it } from 'vitest';
import {
  ACCOUNTING_VAT_KEY_DEFAULTS,
  accountingAccountProblem,
  invalidAccountNumberKeys,
  isAccountNumberValid,
} from './accounting-config';

describe('account numbers (issue 31, item 5)', () => {
  it('takes digits only for a general account, up to the chart’s length or 15', () => {
    for (const good of ['512', '44571020', '123456789012345'])
      expect(isAccountNumberValid(good, '')).toBe(true);
    for (const bad of ['=1+1 😀 ../x', '512 000', '-512', '5.12', '١٢٣', '', '1234567890123456']) {
      expect(isAccountNumberValid(bad, ''), bad).toBe(false);
    }
    expect(isAccountNumberValid('512100', '6')).toBe(true);
    expect(isAccountNumberValid('5121000', '6')).toBe(false);
  });

  it('takes letters and digits for a customer’s auxiliary account', () => {
    expect(isAccountNumberValid('411DUPONT', '', 'auxiliary')).toBe(true);
    expect(isAccountNumberValid('411 ../x', '', 'auxiliary')).toBe(false);
    const customer = { type: 'customer' as const, label: 'Dupont', table_id: 'c1' };
    expect(accountingAccountProblem({ ...customer, account_number: '411DUPONT' }, '6')).toBeNull();
    expect(accountingAccountProblem({ ...customer, account_number: '=1+1' })).toBe(
      'ACCOUNTING_ACCOUNT_NUMBER_INVALID',
    );
  });

  it('names the VAT keys holding an account number that breaks the rule', () => {
    const keys = { ...ACCOUNTING_VAT_KEY_DEFAULTS, account_vat_tips: '4 67', account_vat_prepaid: '419110' };
    expect(invalidAccountNumberKeys(keys)).toEqual(['account_vat_tips']);
    expect(
      invalidAccountNumberKeys({ ...keys, account_vat_account_length: '6', account_vat_tips: '4671000' }),
    ).toEqual(['account_vat_tips']);
  });
});
