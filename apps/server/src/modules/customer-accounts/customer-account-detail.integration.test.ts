import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomerReceivablesResponse,
  CustomerAccountDetailResponse,
  CustomerCreditsResponse,
  CustomerNotesPaymentTypesResponse,
  CustomerNotesResponse,
  CustomerUpdateDataInput,
} from '@comptoir/contracts';
import { demoAccounts } from '@comptoir/pos-sim';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import {
  buildDemoTestApp,
  createTestUser,
  signInAs,
  type TestApp,
  type TestResponse,
} from '../../test-helpers';
import { pdfText } from '../../testing/pdf-text';
import { formatEuros } from '../../platform/pdf/pdf-layout';
import { ageingOf, storedPhone } from './customer-account-detail.service';
import type { AllocatedNote } from './customer-notes.allocation';
import { insertTestCustomer } from './customer-accounts.test-fixtures';

const END_DAY = '2026-03-14';
const DAYS = 4;
/** Unix seconds covering every operation of the demo. */
const ALL_TIME = { tsStart: 0, tsEnd: 4_102_444_800 };

const suite = demoAccounts().find((a) => a.key === 'suite')!;
const standard = demoAccounts().find((a) => a.key === 'standard')!;
const creperie = standard.establishments[0]!;

let t: TestApp;
let suiteToken: string;
let standardToken: string;
const standardCustomerId = crypto.randomUUID();
/** A suite account linked to two establishments, with numbers 7001 and 7002. */
const twoCompaniesCustomerId = crypto.randomUUID();

const db = () => t.database.db;

/** The suite account's holder, who calls unless a test says otherwise. */
const suiteHolder = () => t.as(suiteToken);

async function ok<T>(request: Promise<TestResponse>): Promise<T> {
  const res = await request;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

interface Recomputed {
  id: string;
  balance: number;
  charges: number;
  charged: number;
  paid_in: number;
}

/** Straight from the signed operations: balance, number and sum of charges, money put on the account. */
async function recomputed(customerIds: string[]): Promise<Map<string, Recomputed>> {
  const { rows } = await sql<Recomputed>`
    select op.customer_account_id as id,
           sum(op.amount)::bigint as balance,
           count(*) filter (where op.operation = 'charge')::bigint as charges,
           coalesce(-sum(op.amount) filter (where op.operation = 'charge'), 0)::bigint as charged,
           coalesce(sum(op.amount) filter (where op.operation in ('payment', 'topup')), 0)::bigint as paid_in
      from customer_operations op
     where op.customer_account_id = any(${customerIds}::uuid[])
     group by op.customer_account_id`.execute(db());
  return new Map(rows.map((r) => [r.id, r]));
}

/** Suite accounts with operations: some in debit, some not. */
async function suiteAccountsWithOperations() {
  const { rows } = await sql<{ id: string; balance: number; uniq_id_customer: number; company_id: string }>`
    select ca.id, sum(op.amount)::bigint as balance,
           min(cac.uniq_id_customer) as uniq_id_customer, min(cac.company_id::text) as company_id
      from customer_accounts ca
      join customer_operations op on op.customer_account_id = ca.id
      join customer_account_companies cac on cac.customer_account_id = ca.id
     where ca.account_id = ${suite.accountId}
     group by ca.id
    having count(distinct cac.company_id) = 1
     order by ca.id`.execute(db());
  return rows;
}

const notesOf = (filter: 'unpaid' | 'paid', contactsIds: string[], extra: object = {}) =>
  ok<CustomerNotesResponse>(
    suiteHolder().post(`/api/customer-account/notes/${filter}`, {
      contactsIds,
      contactDb: null,
      ...ALL_TIME,
      ...extra,
    }),
  );

beforeAll(async () => {
  t = await buildDemoTestApp({ days: DAYS, endDay: END_DAY });
  suiteToken = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  standardToken = (await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD)).accessToken;
  await insertTestCustomer(db(), {
    id: standardCustomerId,
    accountId: standard.accountId,
    companyId: creperie.companyId,
    lastname: 'Le Bihan',
    firstname: 'Soazig',
    cardNumber: 'CB-0042',
    uniqIdCustomer: 7001,
  });
  await insertTestCustomer(db(), {
    id: twoCompaniesCustomerId,
    accountId: suite.accountId,
    companyId: suite.establishments[0]!.companyId,
    lastname: 'Deux-Maisons',
    firstname: 'Léa',
    uniqIdCustomer: 7001,
  });
  await db()
    .insertInto('customer_account_companies')
    .values({
      customer_account_id: twoCompaniesCustomerId,
      company_id: suite.establishments[1]!.companyId,
      account_id: suite.accountId,
      uniq_id_customer: 7002,
    })
    .execute();
}, 240_000);
afterAll(() => t.close());

describe('POST /api/customer-account/:ids, the detail', () => {
  it('finds an account by its number in one establishment, with its balance and ageing', async () => {
    const [account] = (await suiteAccountsWithOperations()).filter((a) => a.balance < 0);
    expect(account).toBeDefined();
    const { customer } = await ok<CustomerAccountDetailResponse>(
      suiteHolder().post(`/api/customer-account/${account!.uniq_id_customer}`, {
        id_company: account!.company_id,
      }),
    );
    expect(customer.id).toBe(account!.id);
    expect(customer.account_details.balance).toBe(account!.balance);
    expect(customer.companies).toHaveLength(1);
    expect(customer.companies[0]).toMatchObject({
      id: account!.company_id,
      id_customer: account!.uniq_id_customer,
      company_db_name: account!.company_id,
    });
    expect(customer).not.toHaveProperty('card_number');
    expect(customer.credit_limit).toBeNull();
    const a = customer.ageing;
    // Unpaid notes of an account in debit add up to its debt, whatever their age.
    expect(a.d0_30 + a.d31_60 + a.d61_90 + a.over90).toBe(-account!.balance);
  });

  it('resolves several numbers of one account, or one number without the establishment', async () => {
    const both = await ok<CustomerAccountDetailResponse>(
      suiteHolder().post('/api/customer-account/7001,7002', {}),
    );
    expect(both.customer.id).toBe(twoCompaniesCustomerId);
    expect(both.customer.companies.map((c) => c.id_customer).sort()).toEqual([7001, 7002]);
    expect(both.customer.account_details).toEqual({
      balance: 0,
      visit: 0,
      guest_average: 0,
      order_average: 0,
    });
    const one = await ok<CustomerAccountDetailResponse>(
      suiteHolder().post('/api/customer-account/7002', {
        id_company: null,
      }),
    );
    expect(one.customer.id).toBe(twoCompaniesCustomerId);
    const narrowed = await ok<CustomerAccountDetailResponse>(
      suiteHolder().post('/api/customer-account/7001', {
        id_company: suite.establishments[0]!.companyId,
      }),
    );
    expect(narrowed.customer.companies.map((c) => c.id_customer)).toEqual([7001]);
  });

  it("answers 404 for another account's numbers, numbers of different accounts, or the wrong establishment", async () => {
    const other = await suiteHolder().post('/api/customer-account/7001', { id_company: creperie.companyId });
    expect(other.statusCode).toBe(404);
    const [a, b] = await suiteAccountsWithOperations();
    const mixed = await suiteHolder().post(
      `/api/customer-account/${a!.uniq_id_customer},${b!.uniq_id_customer}`,
      {},
    );
    if (a!.uniq_id_customer !== b!.uniq_id_customer) expect(mixed.statusCode).toBe(404);
    const wrong = await suiteHolder().post('/api/customer-account/7002', {
      id_company: suite.establishments[0]!.companyId,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.code).toBe('CUSTOMER_ACCOUNT_NOT_FOUND');
    const standardView = await ok<CustomerAccountDetailResponse>(
      t.as(standardToken).post('/api/customer-account/7001', {}),
    );
    expect(standardView.customer.id).toBe(standardCustomerId);
    expect(standardView.customer.card_number).toBe('CB-0042');
    expect((await suiteHolder().post('/api/customer-account/abc', {})).statusCode).toBe(400);
  });
});

describe('GET /api/customer-account/receivables (issue 31, item 24)', () => {
  it('gives every debtor with its page’s ageing, the total owed and the ages summed, and one bucket on demand', async () => {
    const all = await ok<CustomerReceivablesResponse>(suiteHolder().get('/api/customer-account/receivables'));
    const debtors = (await suiteAccountsWithOperations()).filter((a) => a.balance < 0);
    expect(all.debtors).toBeGreaterThanOrEqual(debtors.length);
    expect(all.debtors).toBeGreaterThan(0);
    expect(all.owed).toBe(all.lines.reduce((sum, line) => sum + line.owed, 0));
    const sum = (line: { ageing: Record<string, number> }) =>
      Object.values(line.ageing).reduce((total, value) => total + value, 0);
    expect(sum(all)).toBe(all.lines.reduce((total, line) => total + sum(line), 0));
    const owed = all.lines.map((line) => line.owed);
    expect(owed).toEqual([...owed].sort((a, b) => b - a));
    for (const debtor of debtors.slice(0, 5)) {
      const line = all.lines.find((l) => l.customerId === debtor.id)!;
      expect(line.owed).toBe(-debtor.balance);
      const { customer } = await ok<CustomerAccountDetailResponse>(
        suiteHolder().post(`/api/customer-account/${line.uniqId}`, { id_company: line.companyId }),
      );
      expect(line.ageing).toEqual(customer.ageing);
    }
    const recent = await ok<CustomerReceivablesResponse>(
      suiteHolder().get('/api/customer-account/receivables', { query: { bucket: 'd0_30' } }),
    );
    expect(recent.owed).toBe(all.owed);
    expect(recent.lines.every((line) => line.ageing.d0_30 > 0)).toBe(true);
    expect(recent.lines.length).toBe(all.lines.filter((line) => line.ageing.d0_30 > 0).length);
    const other = await ok<CustomerReceivablesResponse>(
      t.as(standardToken).get('/api/customer-account/receivables'),
    );
    const ids = new Set(all.lines.map((line) => line.customerId));
    expect(other.lines.some((line) => ids.has(line.customerId))).toBe(false);
  });
});

describe('GET /api/customer-account/statement (issue 31, item 25)', () => {
  const euros = (cents: number) => formatEuros(Math.abs(cents));
  const pattern = (text: string) =>
    text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[\s\u00a0\u202f]/g, '\\s');

  it('prints the balance brought forward, every operation with the balance after it, and the closing balance', async () => {
    const [account] = (await suiteAccountsWithOperations()).filter((a) => a.balance !== 0);
    const { rows: ops } = await sql<{ day: string; amount: string }>`
      select business_day::text as day, amount::text from customer_operations
       where customer_account_id = ${account!.id} order by at, seq`.execute(db());
    const days = [...new Set(ops.map((op) => op.day))];
    // From the second day holding operations: the first day's are brought forward.
    const start = days[1] ?? days[0]!;
    const end = days.at(-1)!;
    const res = await suiteHolder().get('/api/customer-account/statement', {
      query: { customerId: account!.id, start, end, companyId: account!.company_id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="releve-compte-${account!.uniq_id_customer}-${start}-${end}.pdf"`,
    );
    const text = await pdfText(res.rawPayload);
    const opening = ops.filter((op) => op.day < start).reduce((sum, op) => sum + Number(op.amount), 0);
    const inPeriod = ops.filter((op) => op.day >= start);
    expect(text).toContain(`Relevé de compte du ${start.split('-').reverse().join('/')}`);
    expect(text).toMatch(new RegExp(`Solde reporté\\s+${pattern(euros(opening))}`));
    const lines = text.split('\n').filter((line) => /^\s*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/.test(line));
    expect(lines).toHaveLength(inPeriod.length);
    const closing = ops.reduce((sum, op) => sum + Number(op.amount), 0);
    expect(closing).toBe(account!.balance);
    expect(text).toMatch(
      new RegExp(
        `Solde au ${end.split('-').reverse().join('/')}\\s+${pattern(euros(closing))}\\s+${closing < 0 ? 'dû' : 'en crédit'}`,
      ),
    );
  });

  it('is written in the language of a user whose locale is ca (issue 31, item 20)', async () => {
    const [account] = await suiteAccountsWithOperations();
    const user = await createTestUser(db(), {
      accountId: suite.accountId,
      locale: 'ca-ES',
      groups: ['comptoir-suite'],
    });
    const { accessToken } = await signInAs(t, user.email);
    const res = await t.as(accessToken).get('/api/customer-account/statement', {
      query: { customerId: account!.id, start: '2026-03-01', end: END_DAY, companyId: account!.company_id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Extracte de compte del 01/03/2026');
    expect(text).toMatch(/Data\s+Establiment\s+Operació\s+Càrrec\s+Abonament\s+Saldo/);
    expect(text).toContain('Saldo anterior');
    for (const french of ['Relevé de compte', 'Solde', 'Opération', 'Édité le', 'Logiciel']) {
      expect(text).not.toContain(french);
    }
  });

  it('refuses another account’s customer, a reversed period and one over a year', async () => {
    const [account] = await suiteAccountsWithOperations();
    const foreign = await t.as(standardToken).get('/api/customer-account/statement', {
      query: { customerId: account!.id, start: '2026-03-01', end: '2026-03-14' },
    });
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, 'CUSTOMER_ACCOUNT_NOT_FOUND']);
    for (const [start, end] of [
      ['2026-03-14', '2026-03-01'],
      ['2025-01-01', '2026-03-14'],
    ] as const) {
      const res = await suiteHolder().get('/api/customer-account/statement', {
        query: { customerId: account!.id, start, end },
      });
      expect(res.statusCode, `${start} ${end}`).toBe(400);
    }
  });
});

describe('POST /api/customer-account/notes/*', () => {
  it('gives unpaid and paid notes that add up to the operations', async () => {
    const accounts = (await suiteAccountsWithOperations()).slice(0, 20);
    const ids = accounts.map((a) => a.id);
    const expected = await recomputed(ids);
    const unpaid = (await notesOf('unpaid', ids)).notes;
    const paid = (await notesOf('paid', ids)).notes;
    const credits = (
      await ok<CustomerCreditsResponse>(
        suiteHolder().post('/api/customer-account/notes/credits', {
          contactsIds: ids,
          ...ALL_TIME,
        }),
      )
    ).credits;
    expect(accounts.some((a) => a.balance < 0)).toBe(true);
    expect(paid.length).toBeGreaterThan(0);
    expect(credits.some((c) => c.infos.length > 0)).toBe(true);
    for (const id of ids) {
      const e = expected.get(id)!;
      const u = unpaid.filter((n) => n.customerId === id);
      const p = paid.filter((n) => n.customerId === id);
      const c = credits.filter((x) => x.customerId === id);
      expect(u.length + p.length, id).toBe(e.charges);
      expect(
        [...u, ...p].reduce((s, n) => s + n.amount, 0),
        id,
      ).toBe(e.charged);
      const due = u.reduce((s, n) => s + n.remaining, 0);
      if (e.balance < 0) expect(due, id).toBe(-e.balance);
      else expect(due, id).toBe(0);
      expect(
        c.reduce((s, x) => s + x.amount, 0),
        id,
      ).toBe(e.paid_in);
      const paidByCredits = c.flatMap((x) => x.infos).reduce((s, i) => s + i.amount_paid, 0);
      expect(paidByCredits, id).toBe(e.charged - due);
      for (const n of p) expect(n.remaining === 0 && n.paid_timestamp! >= n.timestamp).toBe(true);
      for (const n of u) expect(n.paid_timestamp === null && n.remaining > 0).toBe(true);
    }
    const stamps = unpaid.map((n) => n.timestamp);
    expect(stamps).toEqual([...stamps].sort((x, y) => y - x));
    expect(unpaid[0]!.company_name).not.toBe('');
  });

  it('applies the period to the note and the establishment to its charge', async () => {
    const accounts = (await suiteAccountsWithOperations()).slice(0, 20);
    const ids = accounts.map((a) => a.id);
    const all = [...(await notesOf('unpaid', ids)).notes, ...(await notesOf('paid', ids)).notes];
    const stamps = all.map((n) => n.timestamp).sort((a, b) => a - b);
    const middle = stamps[Math.floor(stamps.length / 2)]!;
    const early = [
      ...(await notesOf('unpaid', ids, { tsEnd: middle })).notes,
      ...(await notesOf('paid', ids, { tsEnd: middle })).notes,
    ];
    expect(early.length).toBe(stamps.filter((s) => s <= middle).length);
    expect(early.length).toBeLessThan(all.length);
    const company = all[0]!.userDb;
    const here = [
      ...(await notesOf('unpaid', ids, { contactDb: company })).notes,
      ...(await notesOf('paid', ids, { contactDb: company })).notes,
    ];
    expect(here.length).toBe(all.filter((n) => n.userDb === company).length);
  });

  it("refuses another account's customers or establishment", async () => {
    const res = await suiteHolder().post('/api/customer-account/notes/unpaid', {
      contactsIds: [standardCustomerId],
      ...ALL_TIME,
    });
    expect(res.statusCode).toBe(404);
    const [own] = await suiteAccountsWithOperations();
    const foreignCompany = await suiteHolder().post('/api/customer-account/notes/paid', {
      contactsIds: [own!.id],
      contactDb: creperie.companyId,
      ...ALL_TIME,
    });
    expect(foreignCompany.statusCode).toBe(404);
    const bad = await suiteHolder().post('/api/customer-account/notes/credits', {
      contactsIds: [],
      ...ALL_TIME,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the payment types of one readable establishment', async () => {
    const company = suite.establishments[0]!.companyId;
    const { paymentTypes } = await ok<CustomerNotesPaymentTypesResponse>(
      suiteHolder().post('/api/customer-account/notes/paymentTypes', { userDb: company }),
    );
    const stored = await db()
      .selectFrom('payment_types')
      .select(['id'])
      .where('company_id', '=', company)
      .execute();
    expect(paymentTypes.map((p) => p.id).sort()).toEqual(stored.map((s) => s.id).sort());
    expect(paymentTypes.length).toBeGreaterThan(0);
    const foreign = await suiteHolder().post('/api/customer-account/notes/paymentTypes', {
      userDb: creperie.companyId,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('PUT /api/customer-account/customer/updateData', () => {
  const form = (
    over: Partial<CustomerUpdateDataInput['formData']> = {},
  ): CustomerUpdateDataInput['formData'] => ({
    lastname: 'Durand-Neuf',
    firstname: 'Paul',
    email: 'paul.durand@example.fr',
    countryCode: '33',
    phoneNumber: '06 12 34 56 78',
    fullPhoneNumber: '+33612345678',
    note: 'Table près de la fenêtre',
    address: '3 rue des Lilas',
    zipcode: '75011',
    city: 'Paris',
    isCompany: false,
    companyName: 'Ignorée SARL',
    companyId: '123456789',
    vatCode: 'FR00123456789',
    customerAccountType: 1,
    creditLimit: 5000,
    ...over,
  });

  it('saves the form, the phone as +, code, number, and the search text; operations untouched', async () => {
    const [account] = await suiteAccountsWithOperations();
    const before = await recomputed([account!.id]);
    const { customer } = await ok<CustomerAccountDetailResponse>(
      suiteHolder().put('/api/customer-account/customer/updateData', {
        customerId: account!.id,
        formData: form(),
      }),
    );
    expect(customer).toMatchObject({ id: account!.id, lastname: 'Durand-Neuf', firstname: 'Paul', type: 1 });
    expect(customer.credit_limit).toBe(5000);
    expect(customer.customer_infos).toMatchObject({
      details_email: 'paul.durand@example.fr',
      details_phone: '+33612345678',
      address: '3 rue des Lilas',
      is_company: 0,
      customer_company_name: null,
      customer_company_id: null,
    });
    expect(customer.account_details.balance).toBe(account!.balance);
    expect(await recomputed([account!.id])).toEqual(before);
    const list = await suiteHolder().get('/api/customer-account', { query: { search: 'DURAND-NEUF' } });
    expect(list.json().accounts.map((a: { id: string }) => a.id)).toEqual([account!.id]);

    const company = await ok<CustomerAccountDetailResponse>(
      suiteHolder().put('/api/customer-account/customer/updateData', {
        customerId: account!.id,
        formData: form({
          isCompany: true,
          phoneNumber: '',
          fullPhoneNumber: '+32 470 12 34 56',
          creditLimit: null,
        }),
      }),
    );
    expect(company.customer.customer_infos).toMatchObject({
      details_phone: '+32470123456',
      is_company: 1,
      customer_company_name: 'Ignorée SARL',
      customer_company_id: '123456789',
      customer_company_vat: 'FR00123456789',
    });
    expect(company.customer.credit_limit).toBeNull();
  });

  it('refuses a bad country code, a missing last name, a bad e-mail, and changes nothing', async () => {
    const [, account] = await suiteAccountsWithOperations();
    const stored = () =>
      db()
        .selectFrom('customer_accounts')
        .selectAll()
        .where('id', '=', account!.id)
        .executeTakeFirstOrThrow();
    const before = await stored();
    const phone = await suiteHolder().put('/api/customer-account/customer/updateData', {
      customerId: account!.id,
      formData: form({ countryCode: '333' }),
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().error.code).toBe('CUSTOMER_PHONE_INVALID');
    const missing = await suiteHolder().put('/api/customer-account/customer/updateData', {
      customerId: account!.id,
      formData: form({ lastname: '   ' }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'CUSTOMER_REQUIRED_FIELDS',
      message: 'Tous les champs obligatoires ne sont pas renseignés',
    });
    const email = await suiteHolder().put('/api/customer-account/customer/updateData', {
      customerId: account!.id,
      formData: form({ email: 'pas-une-adresse' }),
    });
    expect(email.json().error.code).toBe('CUSTOMER_EMAIL_INVALID');
    expect(await stored()).toEqual(before);
  });

  it('changes only the fields sent: an edited note leaves the phone, the e-mail and the address as they were', async () => {
    const [, , account] = await suiteAccountsWithOperations();
    await ok<CustomerAccountDetailResponse>(
      suiteHolder().put('/api/customer-account/customer/updateData', {
        customerId: account!.id,
        formData: form({ lastname: 'Roussel', phoneNumber: '07 49 68 74 40', creditLimit: 2000 }),
      }),
    );
    const stored = () =>
      db()
        .selectFrom('customer_accounts')
        .selectAll()
        .where('id', '=', account!.id)
        .executeTakeFirstOrThrow();
    const before = await stored();
    expect(before.phone).toBe('+33749687440');
    const { customer } = await ok<CustomerAccountDetailResponse>(
      suiteHolder().put('/api/customer-account/customer/updateData', {
        customerId: account!.id,
        formData: { note: 'Allergique aux noix' },
      }),
    );
    expect(customer.customer_infos.note).toBe('Allergique aux noix');
    const after = await stored();
    expect({ ...after, note: before.note, updated_at: before.updated_at }).toEqual(before);
  });

  it('finds a customer by the digits of its phone, whatever the spacing or prefix', async () => {
    const [, , , account] = await suiteAccountsWithOperations();
    await ok<CustomerAccountDetailResponse>(
      suiteHolder().put('/api/customer-account/customer/updateData', {
        customerId: account!.id,
        formData: { countryCode: '33', phoneNumber: '0743908662' },
      }),
    );
    for (const search of ['0743', '07 43 90', '+33743', '07 43 90 86 62', '0743908662', '07.43.90']) {
      const list = await suiteHolder().get('/api/customer-account', {
        query: { search, balance: 'debit,zero,credit' },
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(
        list.json().accounts.map((a: { id: string }) => a.id),
        search,
      ).toContain(account!.id);
    }
  });

  it('stores the phones the registers send by the same rule', async () => {
    const phones = await db()
      .selectFrom('customer_accounts')
      .select('phone')
      .where('phone', 'is not', null)
      .execute();
    expect(phones.length).toBeGreaterThan(0);
    for (const { phone } of phones) expect(phone).toMatch(/^\+\d{2}\d{4,15}$/);
  });

  it('is for the suite edition and the caller’s own accounts', async () => {
    const standardEdit = await t
      .as(standardToken)
      .put('/api/customer-account/customer/updateData', { customerId: standardCustomerId, formData: form() });
    expect(standardEdit.statusCode).toBe(403);
    expect(standardEdit.json().error.code).toBe('CUSTOMER_EDIT_SUITE_ONLY');
    const foreign = await suiteHolder().put('/api/customer-account/customer/updateData', {
      customerId: standardCustomerId,
      formData: form(),
    });
    expect(foreign.statusCode).toBe(404);
    const row = await db()
      .selectFrom('customer_accounts')
      .select('lastname')
      .where('id', '=', standardCustomerId)
      .executeTakeFirstOrThrow();
    expect(row.lastname).toBe('Le Bihan');
  });
});

describe('ageingOf', () => {
  const note = (day: string, remaining: number): AllocatedNote => ({
    operation: {
      id: day,
      at: new Date(`${day}T10:00:00Z`),
      operation: 'charge',
      amount: -remaining,
      companyId: 'c',
      orderId: null,
      paymentTypeId: null,
      paymentName: null,
      userFirstname: '',
      userLastname: '',
    },
    amount: remaining,
    remaining,
    paidAt: null,
  });

  it('puts what is due in buckets by age in Paris days', () => {
    const notes = [
      note('2026-06-30', 100),
      note('2026-06-01', 200),
      note('2026-05-31', 400),
      note('2026-05-02', 800),
      note('2026-05-01', 1600),
      note('2026-04-01', 3200),
      note('2026-04-02', 6400),
      note('2026-03-31', 12800),
    ];
    expect(ageingOf(notes, '2026-06-30')).toEqual({ d0_30: 700, d31_60: 2400, d61_90: 9600, over90: 12800 });
  });
});

describe('storedPhone', () => {
  const phone = (countryCode: string, phoneNumber: string, fullPhoneNumber = '') =>
    storedPhone({ countryCode, phoneNumber, fullPhoneNumber });

  it("stores '+', the 2-digit country code, then the number", () => {
    expect(phone('33', '06 12 34 56 78')).toBe('+33612345678');
    expect(phone('+44', '7700 900123')).toBe('+447700900123');
    expect(phone('', '', '+33 6 12 34 56 78')).toBe('+33612345678');
    expect(phone('', '', '')).toBeNull();
  });

  it('refuses a country code that is not 2 digits, or a number that is not one', () => {
    for (const [code, number, full] of [
      ['3', '0612345678', ''],
      ['333', '0612345678', ''],
      ['', '0612345678', ''],
      ['33', 'abc', ''],
      ['', '', '0612345678'],
    ] as const) {
      expect(() => phone(code, number, full), `${code} ${number} ${full}`).toThrow();
    }
  });
});
