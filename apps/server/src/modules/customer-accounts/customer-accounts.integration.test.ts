import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAccountListItem, CustomerAccountListResponse } from '@comptoir/contracts';
import { demoAccounts } from '@comptoir/pos-sim';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, signInAs, type TestApp } from '../../test-helpers';
import { insertTestCustomer } from './customer-accounts.test-fixtures';

const END_DAY = '2026-03-14';
const DAYS = 4;

const suite = demoAccounts().find((a) => a.key === 'suite')!;
const standard = demoAccounts().find((a) => a.key === 'standard')!;
const creperie = standard.establishments[0]!;

let t: TestApp;
let suiteToken: string;
let standardToken: string;
/** A customer account of the standard account written directly, beside those the crêperie's registers opened. */
const standardCustomerId = crypto.randomUUID();

const db = () => t.database.db;

async function listed(query: Record<string, string> = {}, token = suiteToken) {
  const res = await t.as(token).get('/api/customer-account', { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CustomerAccountListResponse;
}

/** Every account of the suite: a filter that keeps them all lifts the 100-row limit. */
const everyAccount = { balance: 'debit,zero,credit' };

interface Recomputed {
  id: string;
  lastname: string;
  firstname: string;
  type: number;
  email: string | null;
  phone: string | null;
  search: string;
  balance: number;
  visit: number;
  nb_guests: number;
  turnover: number;
  discount: number;
  offered: number;
}

/** The figures recomputed from the records alone: orders that name the account, its last operation. */
async function recomputed(): Promise<Map<string, Recomputed>> {
  const { rows } = await sql<Recomputed>`
    select ca.id, ca.lastname, ca.firstname, ca.type, ca.email, ca.phone, ca.search,
           coalesce((select op.balance_after from customer_operations op
                      where op.customer_account_id = ca.id
                      order by op.at desc, op.seq desc limit 1), 0)::bigint as balance,
           (select count(*) from orders o where o.customer_account_id = ca.id)::bigint as visit,
           (select coalesce(sum(o.covers), 0) from orders o where o.customer_account_id = ca.id)::bigint as nb_guests,
           (select coalesce(sum(o.amount_total_ivat), 0) from orders o
             where o.customer_account_id = ca.id)::bigint as turnover,
           (select coalesce(sum(o.amount_discount_ivat), 0) from orders o
             where o.customer_account_id = ca.id)::bigint as discount,
           (select coalesce(sum(o.amount_offered_ivat), 0) from orders o
             where o.customer_account_id = ca.id)::bigint as offered
      from customer_accounts ca
     where ca.account_id = ${suite.accountId}`.execute(db());
  return new Map(rows.map((r) => [r.id, r]));
}

const ids = (accounts: CustomerAccountListItem[]) => accounts.map((a) => a.id).sort();

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
    phone: '+33 6 12 34 56 78',
    uniqIdCustomer: 9042,
  });
}, 240_000);
afterAll(() => t.close());

describe('GET /api/customer-account, the statistics', () => {
  it('gives every account the balance and figures recomputed from its orders and operations', async () => {
    const expected = await recomputed();
    const { accounts, total } = await listed(everyAccount);
    expect(expected.size).toBeGreaterThan(100);
    expect(total).toBe(expected.size);
    expect(ids(accounts)).toEqual([...expected.keys()].sort());
    let withVisits = 0;
    for (const account of accounts) {
      const e = expected.get(account.id)!;
      if (e.visit > 0) withVisits += 1;
      expect(account.account_details, account.id).toEqual({
        balance: e.balance,
        visit: e.visit,
        nb_guests: e.nb_guests,
        turnover: e.turnover,
        discount: e.discount,
        offered: e.offered,
        total: e.turnover + e.discount + e.offered,
        order_average: e.visit === 0 ? 0 : Math.round(e.turnover / e.visit),
        guest_average: e.nb_guests === 0 ? 0 : Math.round(e.turnover / e.nb_guests),
      });
    }
    expect(withVisits).toBeGreaterThan(10);
  });

  it('agrees with the balances and visits ingestion keeps on the accounts', async () => {
    const stored = await db()
      .selectFrom('customer_accounts')
      .select(['id', 'balance', 'visits'])
      .where('account_id', '=', suite.accountId)
      .execute();
    const { accounts } = await listed(everyAccount);
    const byId = new Map(accounts.map((a) => [a.id, a.account_details]));
    for (const row of stored) {
      expect(byId.get(row.id), row.id).toMatchObject({ balance: row.balance, visit: row.visits });
    }
  });

  it('names each establishment with the account’s number there', async () => {
    const { accounts } = await listed(everyAccount);
    const links = await db()
      .selectFrom('customer_account_companies as cac')
      .innerJoin('companies as c', 'c.id', 'cac.company_id')
      .select(['cac.customer_account_id', 'c.id', 'c.company_name', 'cac.uniq_id_customer'])
      .where('cac.account_id', '=', suite.accountId)
      .execute();
    for (const account of accounts) {
      const own = links
        .filter((l) => l.customer_account_id === account.id)
        .map(({ id, company_name, uniq_id_customer }) => ({ id, company_name, uniq_id_customer }));
      expect(account.companies).toEqual(own);
    }
  });
});

describe('GET /api/customer-account, search, sort and filters', () => {
  it('shows at most 100 accounts without search or filter, sorted by last name ignoring case', async () => {
    const expected = await recomputed();
    const { accounts, total, edition } = await listed();
    expect(edition).toBe('suite');
    expect(total).toBe(expected.size);
    expect(accounts).toHaveLength(100);
    // Case and accents ignored: « Guérin » before « Guillou ».
    const names = accounts.map((a) =>
      a.lastname
        .toLowerCase()
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, ''),
    );
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(accounts.every((a) => a.card_number === undefined)).toBe(true);
  });

  it('gives every matching account to the table’s extraction, beyond the 100 of the unfiltered list', async () => {
    const expected = await recomputed();
    expect(expected.size).toBeGreaterThan(100);
    const every = await listed({ every: '1', pageSize: '1000' });
    expect([every.total, every.listed, every.accounts.length]).toEqual([
      expected.size,
      expected.size,
      expected.size,
    ]);
    expect(new Set(every.accounts.map((a) => a.id))).toEqual(new Set(expected.keys()));
  });

  it('answers one page at a time: the 100 rows of the unfiltered list, every match of a filter', async () => {
    const expected = await recomputed();
    const first100 = (await listed()).accounts.map((a) => a.id);
    const pages = [];
    for (const page of [1, 2, 3, 4, 5]) pages.push(await listed({ page: String(page), pageSize: '25' }));
    expect(pages.map((p) => p.accounts.length)).toEqual([25, 25, 25, 25, 0]);
    expect(pages.flatMap((p) => p.accounts.map((a) => a.id))).toEqual(first100);
    expect(pages.map((p) => [p.total, p.listed, p.page, p.pageSize])).toEqual(
      [1, 2, 3, 4, 5].map((page) => [expected.size, 100, page, 25]),
    );

    const whole = await listed({ ...everyAccount, sort: 'turnover' });
    expect(whole.listed).toBe(expected.size);
    const pageSize = 40;
    const paged = [];
    for (let page = 1; (page - 1) * pageSize < whole.listed; page += 1) {
      const answer = await listed({ ...everyAccount, sort: 'turnover', page: String(page), pageSize: '40' });
      expect(answer.listed).toBe(expected.size);
      paged.push(...answer.accounts.map((a) => a.id));
    }
    expect(paged).toEqual(whole.accounts.map((a) => a.id));
  });

  it('refuses a page size over 1000 or a page 0', async () => {
    const queries: Record<string, string>[] = [{ pageSize: '1001' }, { page: '0' }, { pageSize: 'abc' }];
    for (const query of queries) {
      const res = await t.as(suiteToken).get('/api/customer-account', { query });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
    }
  });

  it('sorts by a statistic both ways', async () => {
    const up = (await listed({ ...everyAccount, sort: 'turnover' })).accounts;
    const down = (await listed({ ...everyAccount, sort: 'turnover', order: 'desc' })).accounts;
    const turnovers = up.map((a) => a.account_details.turnover);
    expect(turnovers).toEqual([...turnovers].sort((a, b) => a - b));
    expect(down.map((a) => a.account_details.turnover)).toEqual([...turnovers].reverse());
    expect(turnovers[turnovers.length - 1]).toBeGreaterThan(turnovers[0]!);
  });

  it('sorts the establishments by name', async () => {
    const { accounts } = await listed({ ...everyAccount, sort: 'establishment', order: 'desc' });
    const names = accounts.map((a) => a.companies[0]!.company_name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    expect(new Set(names).size).toBe(3);
  });

  it('finds an account by a part of its name, whatever the case', async () => {
    const expected = await recomputed();
    const someone = [...expected.values()][7]!;
    const part = someone.lastname.slice(0, 4);
    const { accounts, total } = await listed({ search: ` ${part.toUpperCase()} ` });
    const matching = [...expected.values()].filter((e) => e.search.includes(part.toLowerCase()));
    expect(ids(accounts)).toEqual(matching.map((e) => e.id).sort());
    expect(total).toBe(matching.length);
    expect(ids(accounts)).toContain(someone.id);
  });

  it('filters by visit buckets, balance, information and type', async () => {
    const all = [...(await recomputed()).values()];
    const bucket = (v: number) =>
      v === 0 ? 'none' : v <= 10 ? '1-10' : v <= 50 ? '11-50' : v <= 100 ? '51-100' : 'over100';
    const has = (s: string | null) => (s ?? '').trim() !== '';
    const cases: [Record<string, string>, (e: Recomputed) => boolean][] = [
      [{ visit: 'none' }, (e) => bucket(e.visit) === 'none'],
      [{ visit: '1-10,11-50' }, (e) => ['1-10', '11-50'].includes(bucket(e.visit))],
      [{ visit: 'over100' }, (e) => e.visit > 100],
      [{ balance: 'debit' }, (e) => e.balance < 0],
      [{ balance: 'zero' }, (e) => e.balance === 0],
      [{ balance: 'credit' }, (e) => e.balance > 0],
      [{ info: 'phone' }, (e) => has(e.phone)],
      [{ info: 'email' }, (e) => has(e.email)],
      [{ info: 'neither' }, (e) => !has(e.phone) && !has(e.email)],
      [{ type: '0' }, (e) => e.type === 0],
      [{ type: '1' }, (e) => e.type === 1],
      [{ type: '1', balance: 'credit' }, (e) => e.type === 1 && e.balance > 0],
    ];
    let nonEmpty = 0;
    for (const [query, keep] of cases) {
      const expected = all
        .filter(keep)
        .map((e) => e.id)
        .sort();
      if (expected.length > 0) nonEmpty += 1;
      const { accounts, total } = await listed(query);
      expect(ids(accounts), JSON.stringify(query)).toEqual(expected);
      expect(total).toBe(expected.length);
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(9);
  });

  it('refuses a filter value the spec does not list', async () => {
    const refused: Record<string, string>[] = [
      { visit: '1-100' },
      { balance: 'negative' },
      { info: 'phone,' },
      { sort: 'id' },
    ];
    for (const query of refused) {
      const res = await t.as(suiteToken).get('/api/customer-account', { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('GET /api/customer-account, editions and isolation', () => {
  it('gives the standard edition its card numbers and only its own accounts', async () => {
    const { accounts, total, edition } = await listed({}, standardToken);
    expect(edition).toBe('standard');
    const stored = await db()
      .selectFrom('customer_accounts')
      .select('id')
      .where('account_id', '=', standard.accountId)
      .where('removed_at', 'is', null)
      .execute();
    // The crêperie's registers opened open tabs of their own, each with its card number.
    expect(stored.length).toBeGreaterThan(1);
    expect(total).toBe(stored.length);
    expect(ids(accounts)).toEqual(stored.map((r) => r.id).sort());
    expect(accounts.every((a) => typeof a.card_number === 'string' && a.card_number !== '')).toBe(true);
    expect(accounts.find((a) => a.id === standardCustomerId)).toEqual(
      expect.objectContaining({
        card_number: 'CB-0042',
        companies: [{ id: creperie.companyId, company_name: creperie.company_name, uniq_id_customer: 9042 }],
        account_details: expect.objectContaining({ balance: 0, visit: 0, total: 0 }),
      }),
    );
  });

  it("never shows another account's customers, whatever the search", async () => {
    const suiteIds = new Set([...(await recomputed()).keys()]);
    const standardSees = await listed({ ...everyAccount, search: 'e' }, standardToken);
    expect(standardSees.accounts.some((a) => suiteIds.has(a.id))).toBe(false);
    const suiteSees = await listed({ ...everyAccount, search: 'le bihan' });
    expect(suiteSees.accounts.map((a) => a.id)).not.toContain(standardCustomerId);
    const all = await listed(everyAccount);
    expect(all.accounts.every((a) => suiteIds.has(a.id))).toBe(true);
  });

  it('keeps the type filter for the suite edition', async () => {
    const res = await t.as(standardToken).get('/api/customer-account', { query: { type: '0' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CUSTOMER_TYPE_FILTER_SUITE_ONLY');
  });

  it('leaves out a removed account', async () => {
    const [first] = (await listed()).accounts;
    await db()
      .updateTable('customer_accounts')
      .set({ removed_at: new Date() })
      .where('id', '=', first!.id)
      .execute();
    try {
      const { accounts } = await listed(everyAccount);
      expect(accounts.map((a) => a.id)).not.toContain(first!.id);
    } finally {
      await db()
        .updateTable('customer_accounts')
        .set({ removed_at: null })
        .where('id', '=', first!.id)
        .execute();
    }
  });
});

describe('the history pickers', () => {
  it("lists the registers' staff and payment types of the caller's establishments only", async () => {
    const holder = t.as(suiteToken);
    const users = await holder.get('/api/user/users');
    expect(users.statusCode).toBe(200);
    const staff = await db()
      .selectFrom('pos_staff')
      .select(['id', 'firstname', 'lastname'])
      .where('account_id', '=', suite.accountId)
      .execute();
    expect((users.json() as { id: string }[]).map((u) => u.id).sort()).toEqual(staff.map((s) => s.id).sort());
    expect(users.json()).toContainEqual({
      id: staff[0]!.id,
      user_firstname_lastname: `${staff[0]!.firstname} ${staff[0]!.lastname}`,
    });

    const types = await holder.get('/api/user/paymentTypes');
    const companyIds = new Set(suite.establishments.map((e) => e.companyId));
    const list = types.json() as { id_company: string; payment_name: string }[];
    expect(list.length).toBeGreaterThan(3);
    expect(list.every((p) => companyIds.has(p.id_company))).toBe(true);

    const swift = await holder.get('/api/user/isSwift');
    expect(swift.json()).toEqual({ isSwift: false });
  });
});
