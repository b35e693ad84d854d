import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountingAccountSaved,
  AccountingAccountsResponse,
  AccountingChartProposalResponse,
  AccountingChoicesResponse,
  AccountingLinksResponse,
  AccountingVatKeysResponse,
} from '@comptoir/contracts';
import { demoAccounts } from '@comptoir/pos-sim';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, signInAs, type TestApp, type TestResponse } from '../../test-helpers';
import { insertTestCustomer } from '../customer-accounts/customer-accounts.test-fixtures';
import { up as removeProposedCashFloat } from '../../db/migrations/028-no-cash-float-entry';
import { moveProposedDiscountAccount } from '../../db/migrations/029-discounts-booked-net';

const suite = demoAccounts().find((a) => a.key === 'suite')!;
const standard = demoAccounts().find((a) => a.key === 'standard')!;
const crepe = standard.establishments[0]!.companyId;
const brasserie = suite.establishments[0]!.companyId;

let t: TestApp;
let suiteToken: string;
let standardToken: string;

/** The standard account's holder, whose crêperie most of these tests configure. */
const standardHolder = () => t.as(standardToken);
const suiteHolder = () => t.as(suiteToken);

async function ok<T>(request: Promise<TestResponse>) {
  const res = await request;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const accounts = async (companyId = crepe, token = standardToken) =>
  (
    await ok<AccountingAccountsResponse>(
      t.as(token).get(`/api/exportVat/getVatAccounts?idCompany=${companyId}`),
    )
  )[0]!.datas;
const links = async (companyId = crepe, token = standardToken) =>
  (
    await ok<AccountingLinksResponse>(
      t.as(token).get(`/api/exportVat/getAccountLinking?idCompany=${companyId}`),
    )
  )[0]!.datas;
const choices = async (path: string, companyId = crepe) =>
  (await ok<AccountingChoicesResponse>(standardHolder().get(`/api/${path}?idCompany=${companyId}`)))[0]!
    .datas;
const vatKeys = async (companyId = crepe, token = standardToken) =>
  (
    await ok<AccountingVatKeysResponse>(t.as(token).get(`/api/exportVat/getVatKeys?idCompany=${companyId}`))
  )[0]!;

const create = (body: object) =>
  standardHolder().post('/api/exportVat/createVatAccounts', {
    idCompany: crepe,
    analytics: 'Défaut',
    ...body,
  });
async function created(body: object) {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AccountingAccountSaved)[0]!.result;
}
const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; message: string } }).error;

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 2, endDay: '2026-03-14' });
  suiteToken = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  standardToken = (await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD)).accessToken;
}, 240_000);
afterAll(() => t.close());

describe('the demo accounting configuration', () => {
  it("gives each of the suite group's establishments a chart, the VAT keys and an entry counter at 1", async () => {
    for (const e of suite.establishments) {
      const list = await accounts(e.companyId, suiteToken);
      const linked = await links(e.companyId, suiteToken);
      expect(list.map((a) => a.account_number)).toEqual(
        expect.arrayContaining(['707100', '707010', '707055', '44571020', '530000', '511210', '411000']),
      );
      expect(linked.filter((l) => l.type === 'vat')).toHaveLength(3);
      // The six payment types, and the bank for settlements received outside the registers.
      expect(linked.filter((l) => l.type === 'payment')).toHaveLength(7);
      expect(linked.some((l) => l.type === 'payment' && l.id_table === 'transfer')).toBe(true);
      const keys = await vatKeys(e.companyId, suiteToken);
      expect(keys.datas).toMatchObject({
        account_vat_journal: 'VT',
        account_vat_journallib: 'Ventes',
        account_vat_mode: '2',
      });
      // A float is no daily flow: the chart proposes no pair for it.
      expect(keys.datas.account_vat_cashfloat_debit).toBe('');
      expect(keys.datas.account_vat_cashfloat_credit).toBe('');
      expect(keys.account_vat_ecriturenum).toBe(1);
    }
  });

  it('lets a newcomer export the demo days at once: nothing lacks an account', async () => {
    for (const e of suite.establishments) {
      const result = await ok<{ result: { ok: boolean; errors: object } }[]>(
        t.as(suiteToken).post('/api/exportVat/isExportable', {
          opening_date: '2026-03-13 00:00:00',
          closing_date: '2026-03-14 23:59:59',
          idCompanies: JSON.stringify([e.companyId]),
        }),
      );
      expect(result[0]!.result).toEqual({ ok: true, errors: { vat: [], sales: [], payments: [] } });
    }
  });

  it("leaves the standard edition's crêperie unconfigured", async () => {
    expect(await accounts()).toEqual([]);
    expect((await vatKeys()).datas.account_vat_journal).toBe('');
    expect((await vatKeys()).datas.account_vat_mode).toBe('2');
  });
});

describe('the establishment of every call', () => {
  it("refuses another account's establishment, for reads and writes", async () => {
    for (const url of [
      'exportVat/getVatAccounts',
      'exportVat/getVatKeys',
      'user/vat',
      'exportVat/proposeChart',
    ]) {
      const res = await standardHolder().get(`/api/${url}?idCompany=${brasserie}`);
      expect(res.statusCode, url).toBe(403);
      expect(errorOf(res).code).toBe('COMPANY_FORBIDDEN');
    }
    const res = await standardHolder().post('/api/exportVat/createVatAccounts', {
      idCompany: brasserie,
      type: 'payment',
      account_number: '512000',
      label: 'Intrus',
    });
    expect(res.statusCode).toBe(403);
    const deleted = await standardHolder().post('/api/exportVat/deleteVatAccounts', {
      idCompany: crepe,
      id: (await accounts(brasserie, suiteToken))[0]!.id,
    });
    expect(deleted.statusCode).toBe(404);
    expect((await accounts(brasserie, suiteToken)).length).toBeGreaterThan(0);
  });
});

describe('the lists the drawer picks from', () => {
  it("answers the establishment's categories, and only its cashback payment types", async () => {
    expect((await choices('user/productTypes')).length).toBeGreaterThan(0);
    expect(await choices('user/cashBackPaymentType')).toEqual([]);
    const id = crypto.randomUUID();
    await t.database.db
      .insertInto('payment_types')
      .values({
        id,
        account_id: standard.accountId,
        company_id: crepe,
        name: 'Cashback',
        code: 'CASHBACK',
        is_cash: false,
      })
      .execute();
    expect(await choices('user/cashBackPaymentType')).toEqual([{ id, name: 'Cashback' }]);
    await t.database.db.deleteFrom('payment_types').where('id', '=', id).execute();
  });
});

describe('the proposed French chart', () => {
  it('proposes an account for each VAT rate and each payment type, and saves nothing', async () => {
    const proposal = (
      await ok<AccountingChartProposalResponse>(
        standardHolder().get(`/api/exportVat/proposeChart?idCompany=${crepe}`),
      )
    )[0]!.datas;
    const rates = await choices('user/vat');
    const payments = (
      await ok<{ id: string; id_company: string }[]>(standardHolder().get('/api/user/paymentTypes'))
    ).filter((p) => p.id_company === crepe);
    expect(rates.length).toBeGreaterThan(0);
    expect(payments.length).toBeGreaterThan(0);
    const linkedBy = (type: string) =>
      proposal.accounts.filter((a) => a.type === type).flatMap((a) => a.links);
    expect(
      linkedBy('vat')
        .map((l) => l.id_table)
        .sort(),
    ).toEqual(rates.map((r) => r.id).sort());
    expect(
      linkedBy('payment')
        .map((l) => l.id_table)
        .sort(),
    ).toEqual([...payments.map((p) => p.id), 'transfer'].sort());
    expect(proposal.accounts).toContainEqual(
      expect.objectContaining({ type: 'payment', account_number: '512000' }),
    );
    const sales = proposal.accounts.filter((a) => a.type === 'product');
    expect(sales.map((a) => a.account_number).sort()).toEqual(['707010', '707055', '707100']);
    expect(proposal.vatKeys).toMatchObject({
      account_vat_journal: 'VT',
      account_vat_customer_account: '411000',
    });
    expect(await accounts()).toEqual([]);
  });
});

describe('creating, changing and deleting an account', () => {
  it('creates an account with the analytics section « Défaut » by default', async () => {
    const account = await created({
      type: 'payment',
      account_number: ' 512000 ',
      label: 'Banque',
      analytics: undefined,
    });
    expect(account).toMatchObject({
      account_number: '512000',
      label: 'Banque',
      analytics: 'Défaut',
      all_floors: true,
    });
    expect((await accounts()).map((a) => a.id)).toContain(account.id);
  });

  it('refuses an account whose number, label or analytics is blank after trimming', async () => {
    for (const blank of [{ account_number: '  ' }, { label: '' }, { analytics: ' ' }]) {
      const res = await create({ type: 'payment', account_number: '512', label: 'Banque', ...blank });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({
        code: 'ACCOUNTING_REQUIRED_FIELDS',
        message: 'Tous les champs obligatoires ne sont pas renseignés',
      });
    }
  });

  it('refuses an account number that is not digits, or longer than the chart’s length, in French', async () => {
    const message = errorOf(
      await create({ type: 'payment', account_number: '=1+1 😀 ../x', label: 'Banque' }),
    );
    expect(message.code).toBe('ACCOUNTING_ACCOUNT_NUMBER_INVALID');
    expect(message.message).toMatch(/^Le numéro de compte ne contient que des chiffres/);
    for (const bad of ['512 000', '-512000', '5120.00', '５１２', '1234567890123456']) {
      const res = await create({ type: 'payment', account_number: bad, label: 'Banque' });
      expect([res.statusCode, errorOf(res).code], bad).toEqual([400, 'ACCOUNTING_ACCOUNT_NUMBER_INVALID']);
    }
    const account = await created({ type: 'payment', account_number: '5121', label: 'Banque 2' });
    const renamed = await standardHolder().post('/api/exportVat/updateVatAccounts', {
      idCompany: crepe,
      id: account.id,
      type: 'payment',
      account_number: '5121;DROP',
      label: 'Banque 2',
      analytics: 'Défaut',
    });
    expect([renamed.statusCode, errorOf(renamed).code]).toEqual([400, 'ACCOUNTING_ACCOUNT_NUMBER_INVALID']);
    // Under a chart of 6 digits, a number is padded to 6 at most: a seventh digit cannot be.
    await ok(
      standardHolder().post('/api/exportVat/updateVatKeys', {
        idCompany: crepe,
        vatKeys: { account_vat_account_length: '6' },
      }),
    );
    const long = await create({ type: 'payment', account_number: '5121000', label: 'Banque 3' });
    expect([long.statusCode, errorOf(long).code]).toEqual([400, 'ACCOUNTING_ACCOUNT_NUMBER_INVALID']);
    await created({ type: 'payment', account_number: '512100', label: 'Banque 3' });
    await ok(
      standardHolder().post('/api/exportVat/updateVatKeys', {
        idCompany: crepe,
        vatKeys: { account_vat_account_length: '' },
      }),
    );
    await ok(standardHolder().post('/api/exportVat/deleteVatAccounts', { idCompany: crepe, id: account.id }));
  });

  it('refuses a chart length shorter than a saved account number, naming it', async () => {
    const account = await created({ type: 'payment', account_number: '5129000', label: 'Banque longue' });
    const res = await standardHolder().post('/api/exportVat/updateVatKeys', {
      idCompany: crepe,
      vatKeys: { account_vat_account_length: '6' },
    });
    expect([res.statusCode, errorOf(res).code]).toEqual([400, 'ACCOUNTING_ACCOUNT_NUMBER_INVALID']);
    expect(errorOf(res).message).toContain('« 5129000 » (Banque longue)');
    expect((await vatKeys()).datas.account_vat_account_length).toBe('');
    await ok(
      standardHolder().post('/api/exportVat/updateVatKeys', {
        idCompany: crepe,
        vatKeys: { account_vat_account_length: '7' },
      }),
    );
    await ok(
      standardHolder().post('/api/exportVat/updateVatKeys', {
        idCompany: crepe,
        vatKeys: { account_vat_account_length: '' },
      }),
    );
    await ok(standardHolder().post('/api/exportVat/deleteVatAccounts', { idCompany: crepe, id: account.id }));
  });

  it('asks a customer account for the customer type, and refuses one already linked elsewhere', async () => {
    const customerId = await insertTestCustomer(t.database.db, {
      accountId: standard.accountId,
      companyId: crepe,
      lastname: 'Le Goff',
    });
    const contacts = await choices('exportVat/getContacts');
    expect(contacts.map((c) => c.id)).toContain(customerId);
    const missing = await create({ type: 'customer', account_number: '411LEGOFF', label: 'Le Goff' });
    expect(errorOf(missing).code).toBe('ACCOUNTING_REQUIRED_FIELDS');
    await created({ type: 'customer', account_number: '411LEGOFF', label: 'Le Goff', table_id: customerId });
    const again = await create({
      type: 'customer',
      account_number: '411LG2',
      label: 'Le Goff bis',
      table_id: customerId,
    });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('ACCOUNTING_CUSTOMER_ALREADY_LINKED');
  });

  it('accepts digits only as the movement id of purchases and off-register sales', async () => {
    const res = await create({ type: 'achats', account_number: '607000', label: 'Achats', table_id: '12a' });
    expect(errorOf(res).code).toBe('ACCOUNTING_MOVEMENT_ID_DIGITS');
    expect(
      (await created({ type: 'ventes', account_number: '706000', label: 'Ventes HC', table_id: '42' }))
        .table_id,
    ).toBe('42');
  });

  it('keeps only floors of the establishment', async () => {
    const rooms = await choices('user/floorsName');
    const account = await created({
      type: 'payment',
      account_number: '512100',
      label: 'Banque salle',
      all_floors: false,
      floors: [rooms[0]!.id],
    });
    expect(account).toMatchObject({ all_floors: false, floors: [rooms[0]!.id] });
    const foreign = await create({
      type: 'payment',
      account_number: '512100',
      label: 'Banque',
      all_floors: false,
      floors: [crypto.randomUUID()],
    });
    expect(errorOf(foreign).code).toBe('ACCOUNTING_LINK_ITEM_UNKNOWN');
  });

  it('changes an account and deletes it with its links', async () => {
    const account = await created({ type: 'product', account_number: '707900', label: 'Ventes diverses' });
    const [product] = await choices('user/products');
    await ok(
      standardHolder().post('/api/exportVat/updateVatLinking', {
        idCompany: crepe,
        accountIds: [account.id],
        accountLinking: [{ id_account: account.id, id_table: product!.id, tax_rate: null }],
      }),
    );
    const changed = await ok<AccountingAccountSaved>(
      standardHolder().post('/api/exportVat/updateVatAccounts', {
        idCompany: crepe,
        id: account.id,
        type: 'product',
        account_number: '707910',
        label: 'Ventes diverses bis',
        analytics: 'Salle',
      }),
    );
    expect(changed[0]!.result).toMatchObject({
      account_number: '707910',
      analytics: 'Salle',
      linking: [{ id_table: product!.id }],
    });
    await ok(standardHolder().post('/api/exportVat/deleteVatAccounts', { idCompany: crepe, id: account.id }));
    expect((await accounts()).map((a) => a.id)).not.toContain(account.id);
    expect((await links()).filter((l) => l.id_account === account.id)).toEqual([]);
    const gone = await standardHolder().post('/api/exportVat/deleteVatAccounts', {
      idCompany: crepe,
      id: account.id,
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('linking items to accounts', () => {
  it('saves one link per tax rate and refuses an item another account of the same type holds', async () => {
    const first = await created({ type: 'discount', account_number: '609700', label: 'Remises' });
    const second = await created({ type: 'discount', account_number: '609710', label: 'Remises bis' });
    const discounts = await choices('user/discounts');
    expect(discounts.map((d) => d.id)).toEqual(['line', 'order']);
    await ok(
      standardHolder().post('/api/exportVat/updateVatLinking', {
        idCompany: crepe,
        accountIds: [first.id],
        accountLinking: [
          {
            id_account: first.id,
            id_table: 'line',
            tax_rates: ['0.1', '0.2'],
            all_tax_rates: false,
            tax_rate: '0.1',
          },
          {
            id_account: first.id,
            id_table: 'line',
            tax_rates: ['0.1', '0.2'],
            all_tax_rates: false,
            tax_rate: '0.2',
          },
        ],
      }),
    );
    expect(
      (await links()).filter((l) => l.id_account === first.id).map((l) => [l.id_table, l.tax_rate, l.type]),
    ).toEqual([
      ['line', '0.1000', 'discount'],
      ['line', '0.2000', 'discount'],
    ]);
    const taken = await standardHolder().post('/api/exportVat/updateVatLinking', {
      idCompany: crepe,
      accountIds: [second.id],
      accountLinking: [{ id_account: second.id, id_table: 'line', tax_rate: '0.1000' }],
    });
    expect(taken.statusCode).toBe(400);
    expect(errorOf(taken).code).toBe('ACCOUNTING_LINK_ITEM_TAKEN');
    const unknown = await standardHolder().post('/api/exportVat/updateVatLinking', {
      idCompany: crepe,
      accountIds: [second.id],
      accountLinking: [{ id_account: second.id, id_table: 'coupon', tax_rate: null }],
    });
    expect(errorOf(unknown).code).toBe('ACCOUNTING_LINK_ITEM_UNKNOWN');
  });

  it('gives a VAT link the rate of its VAT rate', async () => {
    const account = await created({ type: 'vat', account_number: '445700', label: 'TVA' });
    const [rate] = await choices('user/vat');
    await ok(
      standardHolder().post('/api/exportVat/updateVatLinking', {
        idCompany: crepe,
        accountIds: [account.id],
        accountLinking: [{ id_account: account.id, id_table: rate!.id, tax_rate: null }],
      }),
    );
    expect((await links()).find((l) => l.id_account === account.id)?.tax_rate).toBe(rate!.rate);
    await ok(standardHolder().post('/api/exportVat/deleteVatAccounts', { idCompany: crepe, id: account.id }));
  });
});

describe('the VAT settings keys', () => {
  it('saves the changed keys and reads them back', async () => {
    await ok(
      standardHolder().post('/api/exportVat/updateVatKeys', {
        idCompany: crepe,
        vatKeys: { account_vat_journal: 'VE', account_vat_achats: '123', account_vat_mode: '1' },
      }),
    );
    expect((await vatKeys()).datas).toMatchObject({
      account_vat_journal: 'VE',
      account_vat_achats: '123',
      account_vat_mode: '1',
    });
  });

  it('refuses a movement id with other characters than digits', async () => {
    const res = await standardHolder().post('/api/exportVat/updateVatKeys', {
      idCompany: crepe,
      vatKeys: { account_vat_ventes: 'V1' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('ACCOUNTING_MOVEMENT_ID_DIGITS');
  });

  it('refuses an account number that is not digits in every key that holds one, and keeps what was saved', async () => {
    await ok(
      standardHolder().post('/api/exportVat/updateVatKeys', {
        idCompany: crepe,
        vatKeys: { account_vat_tips: '467000' },
      }),
    );
    const keys = [
      'account_vat_tips',
      'account_vat_customer_account',
      'account_vat_prepaid',
      'account_vat_discount',
      'account_vat_regulation_account',
      'account_vat_cash_transfer',
      'account_vat_cash_expense',
      'account_vat_cash_shortage',
      'account_vat_cash_overage',
    ];
    for (const key of keys) {
      for (const bad of ['=1+1 😀 ../x', '4191a', '467 000']) {
        const res = await standardHolder().post('/api/exportVat/updateVatKeys', {
          idCompany: crepe,
          vatKeys: { [key]: bad },
        });
        expect([res.statusCode, errorOf(res).code], `${key} ${bad}`).toEqual([
          400,
          'ACCOUNTING_ACCOUNT_NUMBER_INVALID',
        ]);
      }
    }
    const pair = await standardHolder().post('/api/exportVat/updateVatKeys', {
      idCompany: crepe,
      vatKeys: { account_vat_cashfloat_debit: '531A', account_vat_cashfloat_credit: '580000' },
    });
    expect(errorOf(pair).code).toBe('ACCOUNTING_ACCOUNT_NUMBER_INVALID');
    expect((await vatKeys()).datas.account_vat_tips).toBe('467000');
  });

  it('refuses a validation date that is not a day, and keeps what was saved', async () => {
    await ok(
      standardHolder().post('/api/exportVat/updateVatKeys', {
        idCompany: crepe,
        vatKeys: { account_vat_validdate: '2026-11-30' },
      }),
    );
    for (const bad of ['30/11/2026', '2026-02-30', 'demain']) {
      const res = await standardHolder().post('/api/exportVat/updateVatKeys', {
        idCompany: crepe,
        vatKeys: { account_vat_validdate: bad },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('ACCOUNTING_VALID_DATE_INVALID');
    }
    expect((await vatKeys()).datas.account_vat_validdate).toBe('2026-11-30');
    await ok(
      standardHolder().post('/api/exportVat/updateVatKeys', {
        idCompany: crepe,
        vatKeys: { account_vat_validdate: '' },
      }),
    );
  });

  it('refuses one cash-float account without the other, and accepts both', async () => {
    const one = await standardHolder().post('/api/exportVat/updateVatKeys', {
      idCompany: crepe,
      vatKeys: { account_vat_cashfloat_debit: '531000' },
    });
    expect(errorOf(one).code).toBe('ACCOUNTING_CASHFLOAT_PAIR');
    await ok(
      standardHolder().post('/api/exportVat/updateVatKeys', {
        idCompany: crepe,
        vatKeys: { account_vat_cashfloat_debit: '531000', account_vat_cashfloat_credit: '580000' },
      }),
    );
    expect((await vatKeys()).datas.account_vat_cashfloat_credit).toBe('580000');
  });

  it('migration 028 takes away the cash-float pair the chart used to propose, and keeps one chosen by hand', async () => {
    const pair = async (companyId: string) =>
      (
        await t.database.db
          .selectFrom('accounting_vat_keys')
          .select(['key', 'value'])
          .where('company_id', '=', companyId)
          .where('key', 'in', ['account_vat_cashfloat_debit', 'account_vat_cashfloat_credit'])
          .orderBy('key')
          .execute()
      ).map((row) => `${row.key}=${row.value}`);
    // The crêperie holds the old proposal (set by the test above); a suite establishment its own pair.
    expect(await pair(crepe)).toEqual([
      'account_vat_cashfloat_credit=580000',
      'account_vat_cashfloat_debit=531000',
    ]);
    await ok(
      suiteHolder().post('/api/exportVat/updateVatKeys', {
        idCompany: brasserie,
        vatKeys: { account_vat_cashfloat_debit: '531100', account_vat_cashfloat_credit: '580000' },
      }),
    );
    await removeProposedCashFloat(t.database.db as never);
    expect(await pair(crepe)).toEqual([]);
    expect(await pair(brasserie)).toEqual([
      'account_vat_cashfloat_credit=580000',
      'account_vat_cashfloat_debit=531100',
    ]);
  });

  it('migration 029 moves the 609700 the chart used to propose to 709000, key and account, and keeps other numbers', async () => {
    await ok(
      standardHolder().post('/api/exportVat/updateVatKeys', {
        idCompany: crepe,
        vatKeys: { account_vat_discount: '609700' },
      }),
    );
    await ok(
      suiteHolder().post('/api/exportVat/updateVatKeys', {
        idCompany: brasserie,
        vatKeys: { account_vat_discount: '609710' },
      }),
    );
    const proposed = await created({
      type: 'discount',
      account_number: '609700',
      label: 'Rabais, remises et ristournes accordés',
    });
    const own = await created({ type: 'discount', account_number: '609700', label: 'Mes remises' });
    await moveProposedDiscountAccount(t.database.db as never);
    expect((await vatKeys()).datas.account_vat_discount).toBe('709000');
    expect((await vatKeys(brasserie, suiteToken)).datas.account_vat_discount).toBe('609710');
    const numbers = new Map((await accounts()).map((a) => [a.id, a.account_number]));
    expect([numbers.get(proposed.id), numbers.get(own.id)]).toEqual(['709000', '609700']);
    for (const { id } of [proposed, own]) {
      await ok(standardHolder().post('/api/exportVat/deleteVatAccounts', { idCompany: crepe, id }));
    }
  });

  it('books discounts net unless told gross, and refuses any other value', async () => {
    expect((await vatKeys()).datas.account_vat_discount_booking).toBe('');
    await ok(
      standardHolder().post('/api/exportVat/updateVatKeys', {
        idCompany: crepe,
        vatKeys: { account_vat_discount_booking: 'gross' },
      }),
    );
    expect((await vatKeys()).datas.account_vat_discount_booking).toBe('gross');
    const res = await standardHolder().post('/api/exportVat/updateVatKeys', {
      idCompany: crepe,
      vatKeys: { account_vat_discount_booking: 'brut' },
    });
    expect(errorOf(res).code).toBe('ACCOUNTING_DISCOUNT_BOOKING_INVALID');
    expect((await vatKeys()).datas.account_vat_discount_booking).toBe('gross');
  });

  it('refuses a mode other than 1 or 2', async () => {
    const res = await standardHolder().post('/api/exportVat/updateVatKeys', {
      idCompany: crepe,
      vatKeys: { account_vat_mode: '3' },
    });
    expect(errorOf(res).code).toBe('ACCOUNTING_MODE_INVALID');
  });
});

describe('the entry counter', () => {
  it('reads the next number without advancing it, and sets it', async () => {
    const read = () =>
      ok<[{ ecritureNum: number }]>(
        standardHolder().post('/api/exportVat/ecritureNum', { idCompany: crepe }),
      );
    expect((await read())[0].ecritureNum).toBe(1);
    expect((await read())[0].ecritureNum).toBe(1);
    // From 1 to 40 leaves 39 numbers unused: refused until the user confirms the gap.
    const gap = await standardHolder().patch('/api/exportVat/ecritureNum', { idCompany: crepe, value: 40 });
    expect([gap.statusCode, errorOf(gap).code]).toEqual([409, 'ACCOUNTING_ECRITURE_NUM_GAP']);
    expect((await read())[0].ecritureNum).toBe(1);
    await ok(
      standardHolder().patch('/api/exportVat/ecritureNum', { idCompany: crepe, value: 40, confirmGap: true }),
    );
    expect((await read())[0].ecritureNum).toBe(40);
    expect((await vatKeys()).account_vat_ecriturenum).toBe(40);
    // The technical journal says who moved it, from where to where.
    const [event] = await t.database.db
      .selectFrom('jet_events')
      .select(['code', 'user_id', 'details'])
      .where('company_id', '=', crepe)
      .where('code', '=', '42')
      .execute();
    const holderId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'standard@comptoir.test')
        .executeTakeFirstOrThrow()
    ).id;
    expect(event).toMatchObject({ user_id: holderId, details: { from: 1, to: 40, unused: 39 } });
    // Setting the very next number needs no confirmation and changes nothing worth a journal line.
    await ok(standardHolder().patch('/api/exportVat/ecritureNum', { idCompany: crepe, value: 40 }));
  });

  it('refuses a number a recorded export already gave', async () => {
    await t.database.db
      .insertInto('exports')
      .values({
        account_id: standard.accountId,
        company_ids: JSON.stringify([crepe]),
        kind: 'fec',
        status: 'done',
        period_start: new Date('2026-03-13T00:00:00Z'),
        period_end: new Date('2026-03-14T00:00:00Z'),
        params: JSON.stringify({ firstEcritureNum: 40, lastEcritureNum: 57 }),
        created_at: new Date(),
      })
      .execute();
    const res = await standardHolder().patch('/api/exportVat/ecritureNum', { idCompany: crepe, value: 57 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('ACCOUNTING_ECRITURE_NUM_USED');
    await ok(
      standardHolder().patch('/api/exportVat/ecritureNum', { idCompany: crepe, value: 58, confirmGap: true }),
    );
  });
});

describe('applying the proposed chart', () => {
  it('creates the accounts the user confirmed, leaving the items already linked alone', async () => {
    const before = await accounts();
    const applied = await ok<[{ result: boolean; created: number }]>(
      standardHolder().post('/api/exportVat/applyChart', { idCompany: crepe }),
    );
    expect(applied[0].created).toBeGreaterThan(0);
    const after = await accounts();
    expect(after.length).toBe(before.length + applied[0].created);
    const rates = await choices('user/vat');
    const vatLinks = (await links()).filter((l) => l.type === 'vat');
    expect(vatLinks.map((l) => l.id_table).sort()).toEqual(rates.map((r) => r.id).sort());
    // The 'line' discount was linked by hand: the chart's discount account holds the 'order' one only.
    const chartDiscount = after.find((a) => a.type === 'discount' && a.label.startsWith('Rabais'));
    expect(chartDiscount?.linking).toEqual([{ id_table: 'order' }]);
    // A key saved before is kept.
    expect((await vatKeys()).datas.account_vat_journal).toBe('VE');
    const nothingLeft = (
      await ok<AccountingChartProposalResponse>(
        standardHolder().get(`/api/exportVat/proposeChart?idCompany=${crepe}`),
      )
    )[0]!.datas;
    expect(nothingLeft.accounts).toEqual([]);
  });
});
