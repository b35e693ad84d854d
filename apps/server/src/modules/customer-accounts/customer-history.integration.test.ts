import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerHistoryResponse, CustomerHistoryRow } from '@comptoir/contracts';
import { demoAccounts } from '@comptoir/pos-sim';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, signInAs, type TestApp } from '../../test-helpers';

const END_DAY = '2026-03-14';
const DAYS = 3;
const START = '2026-03-12 00:00:00';
const END = '2026-03-14 23:59:59';

const suite = demoAccounts().find((a) => a.key === 'suite')!;
const standard = demoAccounts().find((a) => a.key === 'standard')!;

let t: TestApp;
let holder: string;
let subUser: string;
let standardHolder: string;

/** An operation as the database holds it, read independently of the module. */
interface Op {
  id: string;
  company_id: string;
  company_name: string;
  operation: string;
  at: Date;
  firstname: string;
  lastname: string;
  card_number: string | null;
  email: string | null;
  uniq_id_customer: number | null;
  user_id: string;
  user_firstname: string;
  user_lastname: string;
  payment_type_id: string | null;
  payment_name: string | null;
  amount: number;
  balance_after: number;
}
let ops: Op[];

/** The caller asks over the demo's period unless the query says otherwise. */
const overDemo = (token = holder) => t.as(token, { query: { startDate: START, endDate: END } });

async function rows(query: Record<string, string> = {}, token = holder): Promise<CustomerHistoryResponse> {
  const res = await overDemo(token).get('/api/customer-account/getCustomerHistory', { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CustomerHistoryResponse;
}

const idsOf = (list: { id: string }[]) => list.map((r) => r.id).sort();

/** Cents as the user types them in euros: 1250 → `12,5`. */
const typed = (cents: number, separator: ',' | '.') =>
  (Math.abs(cents) / 100).toString().replace('.', separator);

beforeAll(async () => {
  t = await buildDemoTestApp({ days: DAYS, endDay: END_DAY });
  holder = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  subUser = (await signInAs(t, 'serveur@comptoir.test', DEMO_PASSWORD)).accessToken;
  standardHolder = (await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD)).accessToken;
  const result = await sql<Op>`
    select op.id, op.company_id, c.company_name, op.operation, op.at, ca.firstname, ca.lastname,
           ca.card_number, ca.email, cac.uniq_id_customer, op.user_id, op.user_firstname, op.user_lastname, op.payment_type_id, op.payment_name,
           op.amount, op.balance_after
      from customer_operations op
      join customer_accounts ca on ca.id = op.customer_account_id
      join companies c on c.id = op.company_id
      left join customer_account_companies cac
        on cac.customer_account_id = ca.id and cac.company_id = op.company_id
     where op.account_id = ${suite.accountId}`.execute(t.database.db);
  // The period in Paris (UTC+1 in March 2026): operations after midnight of the last night are out.
  ops = result.rows
    .map((op) => ({ ...op, at: new Date(op.at), amount: Number(op.amount) }))
    .filter((op) => op.at >= new Date('2026-03-11T23:00:00Z') && op.at <= new Date('2026-03-14T22:59:59Z'));
}, 240_000);
afterAll(() => t.close());

describe('GET /api/customer-account/getCustomerHistory', () => {
  it('gives every operation of the period, newest first, as the registers recorded it', async () => {
    expect(ops.length).toBeGreaterThan(20);
    expect(ops.length).toBeLessThan(2000);
    const answer = await rows();
    expect(answer.success).toBe(true);
    expect(answer.total).toBe(ops.length);
    expect(idsOf(answer.datas)).toEqual(idsOf(ops));
    const dates = answer.datas.map((r) => Date.parse(r.operation_date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const byId = new Map(ops.map((op) => [op.id, op]));
    for (const row of answer.datas) {
      const op = byId.get(row.id)!;
      expect(row).toEqual<CustomerHistoryRow>({
        id: op.id,
        company_name: op.company_name,
        operation_name: op.operation as CustomerHistoryRow['operation_name'],
        operation_date: op.at.toISOString(),
        customer_firstname: op.firstname,
        customer_lastname: op.lastname,
        customer_card_number: op.card_number,
        customer_email: op.email,
        customer_uniq_id: op.uniq_id_customer,
        company_id: op.company_id,
        user_firstname: op.user_firstname,
        user_lastname: op.user_lastname,
        payment_name: op.payment_name,
        amount: op.amount,
        balance: Number(op.balance_after),
      });
    }
    expect(new Set(answer.datas.map((r) => r.operation_name)).has('charge')).toBe(true);
  });

  it('keeps the period: a single day gives only its operations', async () => {
    const day = await rows({ startDate: '2026-03-13 00:00:00', endDate: '2026-03-13 23:59:59' });
    const expected = ops.filter(
      (op) => op.at >= new Date('2026-03-12T23:00:00Z') && op.at <= new Date('2026-03-13T22:59:59Z'),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(ops.length);
    expect(idsOf(day.datas)).toEqual(idsOf(expected));
  });

  it('filters by establishment, user and payment type', async () => {
    const companyId = ops[0]!.company_id;
    const byCompany = await rows({ id_companies: JSON.stringify([companyId]) });
    const expectedCompany = ops.filter((op) => op.company_id === companyId);
    expect(expectedCompany.length).toBeLessThan(ops.length);
    expect(idsOf(byCompany.datas)).toEqual(idsOf(expectedCompany));

    const userId = ops[0]!.user_id;
    const byUser = await rows({ idUsers: JSON.stringify([userId]) });
    const expectedUser = ops.filter((op) => op.user_id === userId);
    expect(expectedUser.length).toBeLessThan(ops.length);
    expect(idsOf(byUser.datas)).toEqual(idsOf(expectedUser));

    const paymentTypeId = ops.find((op) => op.payment_type_id !== null)!.payment_type_id!;
    const byPayment = await rows({ idPayments: JSON.stringify([paymentTypeId]) });
    const expectedPayment = ops.filter((op) => op.payment_type_id === paymentTypeId);
    expect(expectedPayment.length).toBeGreaterThan(0);
    expect(idsOf(byPayment.datas)).toEqual(idsOf(expectedPayment));

    const all = await rows({ id_companies: '[]', idUsers: '[]', idPayments: '[]' });
    expect(all.total).toBe(ops.length);
  });

  it('searches by name, amount and balance (euros as typed, absolute value)', async () => {
    const { lastname, firstname } = ops[0]!;
    const byName = await rows({ searchCategory: 'name', name: `  ${lastname.slice(0, 4).toUpperCase()}` });
    const needle = lastname.slice(0, 4).toLowerCase();
    const expectedName = ops.filter(
      (op) =>
        `${op.firstname} ${op.lastname}`.toLowerCase().includes(needle) ||
        `${op.lastname} ${op.firstname}`.toLowerCase().includes(needle),
    );
    expect(idsOf(byName.datas)).toEqual(idsOf(expectedName));
    const fullName = await rows({ searchCategory: 'name', name: `${firstname} ${lastname}` });
    expect(fullName.datas.every((r) => r.customer_lastname === lastname)).toBe(true);
    expect(fullName.total).toBeGreaterThan(0);

    const charge = ops.find((op) => op.operation === 'charge' && op.amount % 100 !== 0)!;
    const byAmount = await rows({ searchCategory: 'amount', amount: typed(charge.amount, ',') });
    expect(idsOf(byAmount.datas)).toEqual(idsOf(ops.filter((op) => Math.abs(op.amount) === -charge.amount)));
    expect(byAmount.datas.map((r) => r.id)).toContain(charge.id);

    const balance = ops.find((op) => op.balance_after !== 0)!.balance_after;
    const byBalance = await rows({ searchCategory: 'balance', balance: typed(Number(balance), '.') });
    const expectedBalance = ops.filter(
      (op) => Math.abs(Number(op.balance_after)) === Math.abs(Number(balance)),
    );
    expect(idsOf(byBalance.datas)).toEqual(idsOf(expectedBalance));

    // Only the category's field counts; an empty search is no search.
    expect((await rows({ searchCategory: 'amount', amount: '', name: 'zzz' })).total).toBe(ops.length);
    expect((await rows({ searchCategory: 'name', name: 'personne-de-ce-nom' })).total).toBe(0);
  });

  it('refuses a reversed period, more than a year, unreadable dates, non-numeric amounts, broken lists', async () => {
    const refused = async (query: Record<string, string>, code: string) => {
      const res = await overDemo().get('/api/customer-account/getCustomerHistory', { query });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe(code);
    };
    await refused({ startDate: '2026-03-14 00:00:00', endDate: '2026-03-13 23:59:59' }, 'REVERSED_DATES');
    await refused({ startDate: '2025-03-13 00:00:00', endDate: '2026-03-14 23:59:59' }, 'PERIOD_TOO_LONG');
    await refused({ startDate: '13/03/2026' }, 'INVALID_DATE');
    await refused({ searchCategory: 'amount', amount: '12a' }, 'INVALID_SEARCH_NUMBER');
    await refused({ searchCategory: 'balance', balance: '1,2,3' }, 'INVALID_SEARCH_NUMBER');
    await refused({ searchCategory: 'amount', amount: '-5' }, 'INVALID_SEARCH_NUMBER');
    await refused({ id_companies: 'tous' }, 'INVALID_ID_LIST');
    await refused({ idUsers: '["pas-un-id"]' }, 'INVALID_ID_LIST');
    // Exactly one year is allowed.
    expect(
      (
        await overDemo().get('/api/customer-account/getCustomerHistory', {
          query: { startDate: '2025-03-14 00:00:00', endDate: '2026-03-14 23:59:59' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('never shows an establishment the caller may not read, nor another account', async () => {
    const firstCompanyId = suite.establishments[0]!.companyId;
    const ofSubUser = await rows({}, subUser);
    const expected = ops.filter((op) => op.company_id === firstCompanyId);
    expect(expected.length).toBeLessThan(ops.length);
    expect(idsOf(ofSubUser.datas)).toEqual(idsOf(expected));
    const others = suite.establishments.slice(1).map((e) => e.companyId);
    expect((await rows({ id_companies: JSON.stringify(others) }, subUser)).total).toBe(0);

    const ofStandard = await rows({ id_companies: JSON.stringify([firstCompanyId]) }, standardHolder);
    expect(ofStandard).toEqual({ success: true, datas: [], total: 0 });
    expect(standard.accountId).not.toBe(suite.accountId);
  });
});

describe('GET /api/customer-account/exportCustomerHistory', () => {
  it('needs a valid e-mail and the same rules, then queues the export', async () => {
    const bad = await overDemo().get('/api/customer-account/exportCustomerHistory', {
      query: { userEmail: 'pas-une-adresse' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_EMAIL');
    const reversed = await overDemo().get('/api/customer-account/exportCustomerHistory', {
      query: {
        userEmail: 'compta@groupe-dupont.fr',
        startDate: '2026-03-14 00:00:00',
        endDate: '2026-03-12 23:59:59',
      },
    });
    expect(reversed.json().error.code).toBe('REVERSED_DATES');
    expect(await t.database.db.selectFrom('exports').selectAll().execute()).toHaveLength(0);

    const res = await overDemo().get('/api/customer-account/exportCustomerHistory', {
      query: { userEmail: 'compta@groupe-dupont.fr', searchCategory: 'name', name: 'a' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const queued = await t.database.db.selectFrom('exports').selectAll().execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: 'customer_history', email: 'compta@groupe-dupont.fr' });
  });
});
