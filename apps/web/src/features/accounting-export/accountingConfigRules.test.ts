import { describe, expect, it } from 'vitest';
import {
  ACCOUNTING_VAT_KEY_DEFAULTS,
  accountingAccountProblem,
  accountingVatKeysProblem,
  type AccountingAccount,
  type AccountingLink,
} from '@comptoir/contracts';
import {
  changedAccountIds,
  changedVatKeys,
  customersTaken,
  digitsOnly,
  draftsFromLinks,
  isCashFloatAlertShown,
  itemsTaken,
  linkingPayload,
  visibleAccountTypes,
} from './accountingConfigRules';

const COMPANY = '0c0c0c0c-0000-4000-8000-000000000001';
const uuid = (n: number) => `0a0a0a0a-0000-4000-8000-${String(n).padStart(12, '0')}`;

function account(n: number, overrides: Partial<AccountingAccount> = {}): AccountingAccount {
  return {
    _id: uuid(n),
    id: uuid(n),
    id_company: COMPANY,
    label: `Compte ${n}`,
    account_number: `5112${n}`,
    analytics: 'Défaut',
    type: 'payment',
    all_floors: true,
    floors: [],
    table_id: null,
    linking: [],
    ...overrides,
  };
}

function link(
  n: number,
  idAccount: string,
  idTable: string,
  overrides: Partial<AccountingLink> = {},
): AccountingLink {
  return {
    id: uuid(100 + n),
    id_account: idAccount,
    id_table: idTable,
    type: 'payment',
    tax_rates: [],
    all_tax_rates: true,
    tax_rate: null,
    ...overrides,
  };
}

describe('account types', () => {
  it('shows cashback only to a swift user whose establishment has cashback payment types', () => {
    expect(visibleAccountTypes({ isSwift: true, hasCashbackPaymentTypes: true })).toContain('cashback');
    expect(visibleAccountTypes({ isSwift: false, hasCashbackPaymentTypes: true })).not.toContain('cashback');
    expect(visibleAccountTypes({ isSwift: true, hasCashbackPaymentTypes: false })).not.toContain('cashback');
    expect(visibleAccountTypes({ isSwift: false, hasCashbackPaymentTypes: false })).toHaveLength(10);
  });
});

describe('creating an account', () => {
  const base = { type: 'payment' as const, account_number: '512000', label: 'Banque', analytics: 'Défaut' };

  it('asks number, label and analytics non-empty after trimming', () => {
    expect(accountingAccountProblem(base)).toBeNull();
    expect(accountingAccountProblem({ ...base, label: '   ' })).toBe('ACCOUNTING_REQUIRED_FIELDS');
    expect(accountingAccountProblem({ ...base, account_number: '' })).toBe('ACCOUNTING_REQUIRED_FIELDS');
    expect(accountingAccountProblem({ ...base, analytics: ' ' })).toBe('ACCOUNTING_REQUIRED_FIELDS');
  });

  it('asks a customer account for the customer type', () => {
    expect(accountingAccountProblem({ ...base, type: 'customer' })).toBe('ACCOUNTING_REQUIRED_FIELDS');
    expect(accountingAccountProblem({ ...base, type: 'customer', table_id: uuid(9) })).toBeNull();
  });

  it('disables the customers another customer-type account stands for', () => {
    const accounts = [
      account(1, { type: 'customer', table_id: 'c1' }),
      account(2, { type: 'customer', table_id: 'c2' }),
      account(3, { type: 'payment', table_id: null }),
    ];
    expect([...customersTaken(accounts, null)].sort()).toEqual(['c1', 'c2']);
    expect([...customersTaken(accounts, uuid(1))]).toEqual(['c2']);
  });

  it('keeps only digits in a movement id', () => {
    expect(digitsOnly('12a3 4')).toBe('1234');
    expect(accountingAccountProblem({ ...base, type: 'achats', table_id: '12a' })).toBe(
      'ACCOUNTING_MOVEMENT_ID_DIGITS',
    );
  });
});

describe('editing links', () => {
  const cash = account(1);
  const card = account(2);
  const sales = account(3, { type: 'product' });
  const accounts = [cash, card, sales];
  const links = [
    link(1, cash.id, 'pt-cash'),
    link(2, sales.id, 'cat-1', {
      type: 'product',
      tax_rate: '0.1000',
      tax_rates: ['0.1000'],
      all_tax_rates: false,
    }),
  ];

  it('is not dirty until a link changes, and dirty once one does', () => {
    const saved = draftsFromLinks(accounts, links);
    expect(changedAccountIds(saved, saved)).toEqual([]);
    const edited = { ...saved, [card.id]: { items: ['pt-card'], rates: [] } };
    expect(changedAccountIds(saved, edited)).toEqual([card.id]);
  });

  it('disables an item another account of the same type holds', () => {
    const drafts = draftsFromLinks(accounts, links);
    expect([...itemsTaken(accounts, drafts, card.id)]).toEqual(['pt-cash']);
    expect([...itemsTaken(accounts, drafts, cash.id)]).toEqual([]);
  });

  it('sends one entry per tax rate, and null when the rate does not matter', () => {
    const drafts = {
      [cash.id]: { items: ['pt-cash'], rates: [] },
      [sales.id]: { items: ['cat-1'], rates: ['0.1000', '0.2000'] },
    };
    expect(
      linkingPayload(accounts, drafts, [cash.id, sales.id]).map((l) => [l.id_table, l.tax_rate]),
    ).toEqual([
      ['pt-cash', null],
      ['cat-1', '0.1000'],
      ['cat-1', '0.2000'],
    ]);
  });
});

describe('the VAT keys', () => {
  it('sends the changed keys only', () => {
    const edited = { ...ACCOUNTING_VAT_KEY_DEFAULTS, account_vat_journal: 'VT' };
    expect(changedVatKeys(ACCOUNTING_VAT_KEY_DEFAULTS, edited)).toEqual({ account_vat_journal: 'VT' });
  });

  it('alerts when only one cash-float account is filled', () => {
    expect(
      isCashFloatAlertShown({ ...ACCOUNTING_VAT_KEY_DEFAULTS, account_vat_cashfloat_debit: '531000' }),
    ).toBe(true);
    expect(
      isCashFloatAlertShown({
        ...ACCOUNTING_VAT_KEY_DEFAULTS,
        account_vat_cashfloat_debit: '531000',
        account_vat_cashfloat_credit: '580000',
      }),
    ).toBe(false);
    expect(isCashFloatAlertShown(ACCOUNTING_VAT_KEY_DEFAULTS)).toBe(false);
  });

  it('accepts digits only as movement ids, and mode 1 or 2 (2 by default)', () => {
    expect(ACCOUNTING_VAT_KEY_DEFAULTS.account_vat_mode).toBe('2');
    expect(accountingVatKeysProblem({ ...ACCOUNTING_VAT_KEY_DEFAULTS, account_vat_ventes: '12x' })).toBe(
      'ACCOUNTING_MOVEMENT_ID_DIGITS',
    );
    expect(accountingVatKeysProblem({ ...ACCOUNTING_VAT_KEY_DEFAULTS, account_vat_mode: '3' })).toBe(
      'ACCOUNTING_MODE_INVALID',
    );
    expect(accountingVatKeysProblem({ ...ACCOUNTING_VAT_KEY_DEFAULTS, account_vat_mode: '1' })).toBeNull();
  });
});
