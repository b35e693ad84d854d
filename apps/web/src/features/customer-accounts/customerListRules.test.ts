import { describe, expect, it } from 'vitest';
import { normaliseAlertBalance, type CustomerAccountListItem } from '@comptoir/contracts';
import {
  NO_CUSTOMER_FILTERS,
  canDeleteSelection,
  changedOptions,
  customerAccountLink,
  customerExportProblem,
  customerHistoryQuery,
  customerListQuery,
  establishmentLabel,
  isAllSelected,
  isBlockedAlertBalanceKey,
  isHistorySearchValid,
  joinPhone,
  readStatColumns,
  selectAllIds,
  toggleAccount,
  toggleAllOnPage,
  splitPhone,
} from './customerListRules';

function account(
  id: string,
  balance: number,
  companies = [{ id: 'c1', company_name: 'Crêperie', uniq_id_customer: 12 }],
) {
  return {
    id,
    lastname: 'Martin',
    firstname: 'Léa',
    type: 0,
    search: 'martin léa',
    companies,
    customer_infos: {
      details_email: null,
      details_phone: null,
      address: null,
      address_zipcode: null,
      address_city: null,
      note: null,
      is_company: 0,
      customer_company_name: null,
      customer_company_id: null,
      customer_company_vat: null,
    },
    account_details: {
      balance,
      visit: 0,
      order_average: 0,
      guest_average: 0,
      nb_guests: 0,
      turnover: 0,
      discount: 0,
      offered: 0,
      total: 0,
    },
  } satisfies CustomerAccountListItem;
}

describe('the alert balance (spec 3 §5)', () => {
  it('turns a comma into a dot and forces a positive amount negative', () => {
    expect(normaliseAlertBalance('12,5')).toBe('-12.5');
    expect(normaliseAlertBalance('-3')).toBe('-3');
  });

  it('reads an empty or invalid amount as 0', () => {
    expect(normaliseAlertBalance('')).toBe('0');
    expect(normaliseAlertBalance('abc')).toBe('0');
    expect(normaliseAlertBalance('0,00')).toBe('0');
  });

  it('blocks the +, - and space keys only', () => {
    expect(['+', '-', ' '].every(isBlockedAlertBalanceKey)).toBe(true);
    expect(isBlockedAlertBalanceKey('5')).toBe(false);
    expect(isBlockedAlertBalanceKey(',')).toBe(false);
  });
});

describe('the phone of the edit form (spec 3 §3)', () => {
  it('splits a stored phone into a 2-digit country code and the number as people read it', () => {
    expect(splitPhone('+33612345678')).toEqual({ countryCode: '33', phoneNumber: '06 12 34 56 78' });
    expect(splitPhone('+442079460958')).toEqual({ countryCode: '44', phoneNumber: '20 79 46 09 58' });
  });

  it('stores a plus, the country code and the number, or nothing without a number', () => {
    expect(joinPhone({ countryCode: '33', phoneNumber: '6 12 34 56 78' })).toBe('+33612345678');
    expect(joinPhone({ countryCode: '33', phoneNumber: '06 12 34 56 78' })).toBe('+33612345678');
    expect(joinPhone({ countryCode: '33', phoneNumber: '' })).toBe('');
  });

  it('keeps a phone without a plus as the number', () => {
    expect(splitPhone('0612345678')).toEqual({ countryCode: '', phoneNumber: '0612345678' });
  });
});

describe('the selection (spec 3 §4)', () => {
  const accounts = [account('a', 0), account('b', -1250), account('c', 300), account('d', 0)];

  it('select-all picks only the accounts with a zero balance', () => {
    expect(selectAllIds(accounts)).toEqual(['a', 'd']);
    expect(isAllSelected(accounts, ['a', 'd'])).toBe(true);
    expect(isAllSelected(accounts, ['a'])).toBe(false);
  });

  it('offers Supprimer only when every selected account has a zero balance', () => {
    const [a, b, c] = accounts;
    expect(canDeleteSelection([a!])).toBe(true);
    expect(canDeleteSelection([b!])).toBe(false);
    expect(canDeleteSelection([a!, c!])).toBe(false);
    expect(canDeleteSelection([])).toBe(false);
  });

  it("select-all ticks the page's zero balances and keeps what other pages ticked", () => {
    const otherPage = account('x', 0);
    const ids = (selected: CustomerAccountListItem[]) => selected.map((one) => one.id);
    const ticked = toggleAllOnPage(accounts, [otherPage, accounts[2]!]);
    expect(ids(ticked)).toEqual(['x', 'c', 'a', 'd']);
    expect(ids(toggleAllOnPage(accounts, ticked))).toEqual(['x', 'c']);
  });

  it('a row box ticks and unticks its account', () => {
    const once = toggleAccount([], accounts[1]!);
    expect(once.map((one) => one.id)).toEqual(['b']);
    expect(toggleAccount(once, accounts[1]!)).toEqual([]);
  });
});

describe('the list call and the rows (spec 3 §2, §4, §9)', () => {
  it('sends the search lowercased, the sort and the chosen filters only', () => {
    const query = customerListQuery(
      '  DuPont ',
      { key: 'balance', order: 'desc' },
      { ...NO_CUSTOMER_FILTERS, visit: ['1-10', 'over100'], type: ['1'] },
      false,
    );
    expect(query).toEqual({ search: 'dupont', sort: 'balance', order: 'desc', visit: '1-10,over100' });
  });

  it('sends the type filter in the suite edition', () => {
    expect(customerListQuery('', null, { ...NO_CUSTOMER_FILTERS, type: ['0'] }, true)).toEqual({ type: '0' });
  });

  it('links one establishment with ?id= and several with the uniq ids joined', () => {
    expect(customerAccountLink(account('a', 0))).toBe('/customer-account/12?id=c1');
    const several = account('a', 0, [
      { id: 'c1', company_name: 'Crêperie', uniq_id_customer: 12 },
      { id: 'c2', company_name: 'Bar', uniq_id_customer: 40 },
    ]);
    expect(customerAccountLink(several)).toBe('/customer-account/12,40');
    expect(establishmentLabel(several, 'Tous')).toBe('Tous');
    expect(establishmentLabel(account('a', 0), 'Tous')).toBe('Crêperie');
  });

  it('restores only known statistic columns', () => {
    const storage = { getItem: () => JSON.stringify(['total', 'bogus', 'visit']) };
    expect(readStatColumns(storage)).toEqual(['visit', 'total']);
    expect(readStatColumns({ getItem: () => '{' })).toEqual([]);
  });
});

describe('the settings (spec 3 §7)', () => {
  it('sends only the options that changed', () => {
    expect(
      changedOptions({ bic: 'AAA', ca_no_negative: '0' }, { bic: 'AAA', ca_no_negative: '1', iban: '' }),
    ).toEqual([{ key: 'ca_no_negative', value: '1' }]);
  });
});

describe('the export and history modals (spec 3 §5, §7)', () => {
  it('refuses an invalid e-mail, reversed dates and more than a year', () => {
    expect(customerExportProblem('2026-01-01', '2026-02-01', 'a@b.fr')).toBeNull();
    expect(customerExportProblem('2026-01-01', '2026-02-01', 'a@b')).toBe('emailInvalid');
    expect(customerExportProblem('2026-02-01', '2026-01-01', 'a@b.fr')).toBe('reversedDates');
    expect(customerExportProblem('2025-01-01', '2026-01-02', 'a@b.fr')).toBe('oneYearMax');
  });

  it('asks a number for an amount or balance search, nothing for a name', () => {
    expect(isHistorySearchValid('amount', '12,50')).toBe(true);
    expect(isHistorySearchValid('balance', '12.5')).toBe(true);
    expect(isHistorySearchValid('amount', '12 €')).toBe(false);
    expect(isHistorySearchValid('name', '12 €')).toBe(true);
  });

  it('sends the period bounds, JSON lists and the search under its category', () => {
    const query = customerHistoryQuery({
      start: '2026-01-01',
      end: '2026-01-31',
      companyIds: [],
      userIds: ['u1'],
      paymentTypeIds: [],
      searchCategory: 'amount',
      searchText: ' 12,5 ',
    });
    expect(query).toEqual({
      startDate: '2026-01-01 00:00:00',
      endDate: '2026-01-31 23:59:59',
      id_companies: '[]',
      idUsers: '["u1"]',
      idPayments: '[]',
      searchCategory: 'amount',
      amount: '12,5',
    });
  });
});
