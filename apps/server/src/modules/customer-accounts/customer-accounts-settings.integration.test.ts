import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAccountListResponse, CustomerOptionsResponse } from '@comptoir/contracts';
import { demoAccounts } from '@comptoir/pos-sim';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, openViewAs, signInAs, type TestApp } from '../../test-helpers';
import { insertTestCustomer } from './customer-accounts.test-fixtures';

const suite = demoAccounts().find((a) => a.key === 'suite')!;
const standard = demoAccounts().find((a) => a.key === 'standard')!;

let t: TestApp;
let suiteToken: string;
let standardToken: string;

const db = () => t.database.db;

const upsert = (key: string, value: string, token = suiteToken) =>
  t.as(token).put('/api/customer-account/upsertOption', { key, value });

async function options(keys: string, token = suiteToken) {
  const res = await t.as(token).get(`/api/customer-account/getOptions?keys=${keys}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CustomerOptionsResponse;
}

async function listedIds(token = suiteToken) {
  const res = await t.as(token).get('/api/customer-account?balance=debit,zero,credit');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as CustomerAccountListResponse).accounts.map((a) => a.id);
}

async function balances() {
  const res = await t.as(suiteToken).get('/api/customer-account?balance=debit,zero,credit');
  return new Map(
    (res.json() as CustomerAccountListResponse).accounts.map((a) => [a.id, a.account_details.balance]),
  );
}

/** A customer account without operations (zero balance), linked to the account's first establishment. */
function insertCustomer(account: typeof suite, lastname: string): Promise<string> {
  return insertTestCustomer(db(), {
    accountId: account.accountId,
    companyId: account.establishments[0]!.companyId,
    lastname,
  });
}

async function viewAsToken(): Promise<string> {
  const staffToken = (await signInAs(t, 'support@comptoir.test', DEMO_PASSWORD)).accessToken;
  return (await openViewAs(t, staffToken, suite.accountId)).accessToken;
}

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 2, endDay: '2026-03-14' });
  suiteToken = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  standardToken = (await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD)).accessToken;
}, 240_000);
afterAll(() => t.close());

describe('customer-account settings (Paramètres)', () => {
  it('reads an option never saved as 0 or an empty text', async () => {
    expect(await options('ca_no_negative,bic,ca_alert_default_balance')).toEqual({
      ca_no_negative: '0',
      bic: '',
      ca_alert_default_balance: '0',
    });
  });

  it('saves every switch as 1 or 0 and the texts as typed, one upsert per key', async () => {
    const switches = [
      'customer_account',
      'ca_auto_disable',
      'ca_no_up_amount',
      'ca_no_negative',
      'ca_no_us_ticket',
      'ca_auto_disabled',
      'ca_auto_email_new_tk',
      'ca_floor_exc_payment',
    ];
    for (const key of switches) expect((await upsert(key, '1')).statusCode).toBe(200);
    expect((await upsert('ca_no_negative', '0')).statusCode).toBe(200);
    expect((await upsert('bic', 'AGRIFRPP882')).statusCode).toBe(200);
    expect((await upsert('iban', 'FR76 3000 6000 0112 3456 7890 189')).statusCode).toBe(200);
    expect((await upsert('ca_alert_email', 'alertes@creperie.test')).statusCode).toBe(200);
    const read = await options([...switches, 'bic', 'iban', 'ca_alert_email'].join(','));
    expect(read).toEqual({
      ...Object.fromEntries(switches.map((key) => [key, '1'])),
      ca_no_negative: '0',
      bic: 'AGRIFRPP882',
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      ca_alert_email: 'alertes@creperie.test',
    });
    const rows = await db()
      .selectFrom('customer_account_options')
      .select('key')
      .where('account_id', '=', suite.accountId)
      .where('key', '=', 'ca_no_negative')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('normalises the alert balance: comma to dot, empty or invalid to 0, positive made negative', async () => {
    const cases: [string, string][] = [
      ['12,5', '-12.5'],
      ['50', '-50'],
      ['-20.25', '-20.25'],
      ['', '0'],
      ['abc', '0'],
      ['1.2.3', '0'],
      ['0', '0'],
    ];
    for (const [typed, stored] of cases) {
      const res = await upsert('ca_alert_default_balance', typed);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ key: 'ca_alert_default_balance', value: stored });
      expect(await options('ca_alert_default_balance')).toEqual({ ca_alert_default_balance: stored });
    }
  });

  it('refuses a switch value other than 1 or 0, and a key the spec does not list', async () => {
    const res = await upsert('ca_no_negative', 'yes');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CUSTOMER_OPTION_INVALID');
    expect((await upsert('siret', '1')).statusCode).toBe(400);
  });

  it('keeps the floor-exceeding payment option for the suite edition', async () => {
    const res = await upsert('ca_floor_exc_payment', '1', standardToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CUSTOMER_OPTION_SUITE_ONLY');
    expect((await upsert('ca_no_negative', '1', standardToken)).statusCode).toBe(200);
    expect(await options('ca_no_negative', standardToken)).toEqual({ ca_no_negative: '1' });
  });
});

describe('the settings form saved together (issue 31, item 12)', () => {
  const save = (changes: { key: string; value: string }[], token = suiteToken) =>
    t.as(token).put('/api/customer-account/options', { options: changes });

  it('stores every change or none, and names the setting it refuses with the reason', async () => {
    expect(
      (
        await save([
          { key: 'bic', value: 'AGRIFRPP882' },
          { key: 'ca_alert_email', value: 'avant@creperie.test' },
        ])
      ).statusCode,
    ).toBe(200);
    const cases: [string, string, string][] = [
      ['iban', 'FR76 3000 6000 0112 3456 7890 188', 'CUSTOMER_OPTION_IBAN_INVALID'],
      ['bic', 'AGRI', 'CUSTOMER_OPTION_BIC_INVALID'],
      ['ca_alert_email', 'pas-une-adresse', 'CUSTOMER_OPTION_EMAIL_INVALID'],
      ['iban', 'FR76'.padEnd(40, '1'), 'CUSTOMER_OPTION_TOO_LONG'],
      ['ca_no_negative', 'oui', 'CUSTOMER_OPTION_INVALID'],
    ];
    for (const [key, value, code] of cases) {
      const res = await save([
        { key: 'ca_alert_email', value: 'apres@creperie.test' },
        { key, value },
      ]);
      expect(res.statusCode, key).toBe(400);
      const { error } = res.json();
      expect([error.code, error.details], key).toEqual([code, { key }]);
      expect(error.message).not.toBe('Une erreur est survenue');
    }
    expect(await options('bic,ca_alert_email')).toEqual({
      bic: 'AGRIFRPP882',
      ca_alert_email: 'avant@creperie.test',
    });
    const saved = await save([
      { key: 'iban', value: 'fr76 3000 6000 0112 3456 7890 189' },
      { key: 'ca_alert_default_balance', value: '25' },
    ]);
    expect(saved.json()).toEqual({
      options: [
        { key: 'iban', value: 'FR76 3000 6000 0112 3456 7890 189' },
        { key: 'ca_alert_default_balance', value: '-25' },
      ],
    });
  });

  it('is the holder’s', async () => {
    const waiter = (await signInAs(t, 'serveur@comptoir.test', DEMO_PASSWORD)).accessToken;
    expect((await save([{ key: 'ca_no_negative', value: '1' }], waiter)).statusCode).toBe(403);
  });
});

describe('who changes the account-wide settings (issue 31, item 1)', () => {
  it('refuses them to a sub-user and to a view-as session, and keeps what the holder saved', async () => {
    expect((await upsert('ca_alert_email', 'patron@creperie.test')).statusCode).toBe(200);
    const waiter = (await signInAs(t, 'serveur@comptoir.test', DEMO_PASSWORD)).accessToken;
    for (const [key, value] of [
      ['ca_alert_email', 'dehors@example.test'],
      ['ca_alert_default_balance', '5'],
      ['iban', 'FR76 0000 0000 0000 0000 0000 000'],
      ['ca_no_negative', '1'],
    ] as const) {
      const res = await upsert(key, value, waiter);
      expect([res.statusCode, res.json().error.code], key).toEqual([403, 'SUB_USER_NO_ACCESS']);
    }
    const viewAs = await upsert('ca_alert_email', 'support@example.test', await viewAsToken());
    expect([viewAs.statusCode, viewAs.json().error.code]).toEqual([403, 'VIEW_AS_READ_ONLY']);
    expect(await options('ca_alert_email')).toEqual({ ca_alert_email: 'patron@creperie.test' });
  });
});

describe('the edition is the account’s, whoever calls (issue 31, item 2)', () => {
  it('gives a sub-user, a view-as session and the customer-space user of the suite account the suite edition', async () => {
    const callers = {
      subUser: (await signInAs(t, 'serveur@comptoir.test', DEMO_PASSWORD)).accessToken,
      viewAs: await viewAsToken(),
      customerSpace: (await signInAs(t, 'client@comptoir.test', DEMO_PASSWORD)).accessToken,
    };
    for (const [who, token] of Object.entries(callers)) {
      const list = await t.as(token).get('/api/customer-account?balance=debit,zero,credit&type=0');
      expect(list.statusCode, `${who}: ${list.body}`).toBe(200);
      expect((list.json() as CustomerAccountListResponse).edition, who).toBe('suite');
      const me = await t.as(token).get('/api/user/me');
      expect(me.json().edition, who).toBe('suite');
    }
    const standardMe = await t.as(standardToken).get('/api/user/me');
    expect(standardMe.json().edition).toBe('standard');
  });
});

describe('customer-account deletion', () => {
  it('refuses a bulk delete containing one non-zero balance and removes nothing', async () => {
    const nonZero = [...(await balances())].find(([, balance]) => balance !== 0);
    expect(nonZero).toBeDefined();
    const zero = await insertCustomer(suite, 'Zerobulk');
    const res = await t.as(suiteToken).post('/api/customer-account/customers/removed', {
      customerIds: [zero, nonZero![0]],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'CUSTOMER_BALANCE_NOT_ZERO',
      message: 'Une erreur est survenue lors de la supression.',
    });
    const ids = await listedIds();
    expect(ids).toContain(zero);
    expect(ids).toContain(nonZero![0]);
  });

  it('removes zero-balance accounts, which then leave the list, and keeps their rows', async () => {
    const one = await insertCustomer(suite, 'Zeroone');
    const two = await insertCustomer(suite, 'Zerotwo');
    const bulk = await t.as(suiteToken).post('/api/customer-account/customers/removed', {
      customerIds: [one, two],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().customerIds.sort()).toEqual([one, two].sort());
    const three = await insertCustomer(suite, 'Zerothree');
    const single = await t.as(suiteToken).post('/api/customer-account/customer/removed', {
      customerId: three,
    });
    expect(single.statusCode, single.body).toBe(200);
    const ids = await listedIds();
    for (const id of [one, two, three]) expect(ids).not.toContain(id);
    const kept = await db()
      .selectFrom('customer_accounts')
      .select(['id', 'removed_at'])
      .where('id', 'in', [one, two, three])
      .execute();
    expect(kept.every((row) => row.removed_at !== null)).toBe(true);
    const again = await t.as(suiteToken).post('/api/customer-account/customer/removed', {
      customerId: three,
    });
    expect(again.statusCode).toBe(404);
  });

  it("cannot remove another account's customers", async () => {
    const theirs = await insertCustomer(standard, 'Autrui');
    const res = await t.as(suiteToken).post('/api/customer-account/customer/removed', {
      customerId: theirs,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('CUSTOMER_ACCOUNT_NOT_FOUND');
    const row = await db()
      .selectFrom('customer_accounts')
      .select('removed_at')
      .where('id', '=', theirs)
      .executeTakeFirstOrThrow();
    expect(row.removed_at).toBeNull();
  });

  it('keeps deletion for the suite edition', async () => {
    const own = await insertCustomer(standard, 'Standard');
    const res = await t.as(standardToken).post('/api/customer-account/customer/removed', {
      customerId: own,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CUSTOMER_DELETE_SUITE_ONLY');
    expect(await listedIds(standardToken)).toContain(own);
  });

  it('lets a view-as session read the settings but neither save nor delete', async () => {
    const token = await viewAsToken();
    expect((await t.as(token).get('/api/customer-account/getOptions')).statusCode).toBe(200);
    const saved = await upsert('ca_no_negative', '1', token);
    expect(saved.statusCode).toBe(403);
    expect(saved.json().error.code).toBe('VIEW_AS_READ_ONLY');
    const zero = await insertCustomer(suite, 'Viewas');
    const removed = await t.as(token).post('/api/customer-account/customer/removed', { customerId: zero });
    expect(removed.statusCode).toBe(403);
    expect(removed.json().error.code).toBe('VIEW_AS_READ_ONLY');
    expect(await listedIds()).toContain(zero);
  });
});
