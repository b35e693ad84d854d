import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomerAccountChangesResponse,
  CustomerNotesResponse,
  CustomerPaymentRecorded,
} from '@comptoir/contracts';
import { businessDayOf } from '@comptoir/contracts';
import { encodeStoredRecord, publicKeyFromRaw, verifyBytes } from '@comptoir/fiscal';
import { demoAccounts } from '@comptoir/pos-sim';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import {
  buildDemoTestApp,
  createTestUser,
  enrolRegister,
  openViewAs,
  signInAs,
  waitFor,
  type TestApp,
} from '../../test-helpers';
import * as accountingRepo from '../accounting-export/accounting-export.repository';
import { streamAccountingFile } from '../accounting-export/accounting-export.file';
import { closedThrough, unclosedRecordDays } from '../server-closures/server-closures.repository';

// The demo days of the customer pages' tests: their template is shared.
const END_DAY = '2026-03-14';
const DAYS = 4;
const ALL_TIME = { tsStart: 0, tsEnd: 4_102_444_800 };

const suite = demoAccounts().find((a) => a.key === 'suite')!;

let t: TestApp;
let holder: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildDemoTestApp({ days: DAYS, endDay: END_DAY });
  holder = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
}, 240_000);
afterAll(() => t.close());

/** Debtors of the suite account linked to one establishment, the largest debt first. */
async function debtors() {
  const { rows } = await sql<{ id: string; balance: number; company_id: string }>`
    select ca.id, ca.balance::bigint as balance, min(cac.company_id::text) as company_id
      from customer_accounts ca
      join customer_account_companies cac on cac.customer_account_id = ca.id
     where ca.account_id = ${suite.accountId} and ca.balance < 0 and ca.removed_at is null
     group by ca.id
    having count(distinct cac.company_id) = 1
     order by ca.balance, ca.id`.execute(db());
  return rows.map((r) => ({ ...r, balance: Number(r.balance) }));
}

const unpaidNotes = async (customerId: string) =>
  (
    await t.as(holder).post('/api/customer-account/notes/unpaid', {
      contactsIds: [customerId],
      contactDb: null,
      ...ALL_TIME,
    })
  ).json<CustomerNotesResponse>().notes;

const pay = (token: string, body: object) => t.as(token).post('/api/customer-account/payments', body);

describe('POST /api/customer-account/payments (issue 31, item 27)', () => {
  it('records a transfer as a signed operation of the back office that pays the oldest notes first', async () => {
    const [debtor] = await debtors();
    const before = await unpaidNotes(debtor!.id);
    expect(before.length).toBeGreaterThan(0);
    // Oldest first: exactly the oldest note's remaining amount pays it and nothing else.
    const today = businessDayOf(new Date());
    const closing = async () => ({
      closed: await closedThrough(db(), debtor!.company_id),
      waiting: [...(await unclosedRecordDays(db(), debtor!.company_id, today))],
    });
    const closingBefore = await closing();
    const oldest = [...before].sort((a, b) => a.timestamp - b.timestamp)[0]!;
    const amount = oldest.remaining;
    const res = await pay(holder, {
      customerId: debtor!.id,
      companyId: debtor!.company_id,
      amount,
      reference: 'SEPA 4471',
    });
    expect(res.statusCode, res.body).toBe(201);
    const recorded = res.json<CustomerPaymentRecorded>();
    expect(recorded).toMatchObject({
      balance: debtor!.balance + amount,
      businessDay: businessDayOf(new Date()),
      notesPaid: 1,
      owed: -debtor!.balance - amount,
    });
    const after = new Set((await unpaidNotes(debtor!.id)).map((n) => n.payment_line_id));
    const paid = before.filter((n) => !after.has(n.payment_line_id));
    expect(paid).toHaveLength(1);
    expect(paid[0]!.timestamp).toBe(oldest.timestamp);
    // The back office's register closes no day: the server closures do not wait for it.
    expect(await closing()).toEqual(closingBefore);

    // A record of the establishment's back-office register, signed with the server's key.
    const stored = await db()
      .selectFrom('customer_operations as co')
      .innerJoin('registers as r', 'r.id', 'co.register_id')
      .innerJoin('pos_records as p', (join) =>
        join.onRef('p.register_id', '=', 'co.register_id').onRef('p.seq', '=', 'co.seq'),
      )
      .select([
        'r.id as register_id',
        'r.is_back_office',
        'r.public_key',
        'r.name',
        'co.company_id',
        'co.payment_type_id',
        'co.payment_name',
        'co.balance_after',
        'p.kind',
        'p.v',
        'p.seq',
        'p.at',
        'p.prev_sig',
        'p.sig',
        sql<string>`p.data::text`.as('data_text'),
      ])
      .where('co.id', '=', recorded.operationId)
      .where('p.kind', '=', 'customer_operation')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      is_back_office: true,
      public_key: t.app.serverKey.publicKeyRaw,
      name: 'Comptoir (back office)',
      company_id: debtor!.company_id,
      payment_type_id: null,
      payment_name: 'Virement SEPA 4471',
    });
    expect(Number(stored.balance_after)).toBe(recorded.balance);
    const signed = encodeStoredRecord({
      registerId: stored.register_id,
      kind: stored.kind,
      v: stored.v,
      seq: stored.seq,
      at: new Date(stored.at).toISOString(),
      prev: stored.prev_sig,
      dataText: stored.data_text,
    });
    expect(verifyBytes(publicKeyFromRaw(stored.public_key), signed, stored.sig)).toBe(true);
    const enrolled = await db()
      .selectFrom('jet_events')
      .select('details')
      .where('account_id', '=', suite.accountId)
      .where('code', '=', '71')
      .where(sql<boolean>`details->>'registerId' = ${stored.register_id}`)
      .execute();
    expect(enrolled).toHaveLength(1);
  });

  it('chains the next payment after the first, and the signature check finds no defect', async () => {
    const [debtor] = await debtors();
    const res = await pay(holder, { customerId: debtor!.id, companyId: debtor!.company_id, amount: 1_000 });
    expect(res.statusCode, res.body).toBe(201);
    const chain = await db()
      .selectFrom('pos_records as p')
      .innerJoin('registers as r', 'r.id', 'p.register_id')
      .select(['p.seq', 'p.prev_sig', 'p.sig'])
      .where('r.company_id', '=', debtor!.company_id)
      .where('r.is_back_office', '=', true)
      .orderBy('p.seq')
      .execute();
    expect(chain.length).toBeGreaterThanOrEqual(1);
    for (const [i, link] of chain.entries()) {
      expect(link.seq).toBe(i + 1);
      expect(link.prev_sig).toBe(i === 0 ? null : chain[i - 1]!.sig);
    }
    const today = businessDayOf(new Date());
    const check = await t
      .as(holder)
      .post('/api/check/signatureServer', undefined, { query: { startDate: today, endDate: today } });
    expect(check.statusCode, check.body).toBe(200);
    const { jobId } = check.json<{ jobId: number }>();
    const status = await waitFor(async () => {
      const job = (await t.as(holder).get(`/api/check/jobs/${jobId}`)).json<{
        status: string;
        result?: { defects: number; checkedRecords: number };
      }>();
      return job.status === 'done' || job.status === 'failed' ? job : undefined;
    }, 60_000);
    expect(status.status).toBe('done');
    expect(status.result).toMatchObject({ defects: 0 });
    expect(status.result!.checkedRecords).toBeGreaterThanOrEqual(chain.length);
  });

  it('books the transfer on the out-of-till transfers account against the customer in the FEC', async () => {
    const [debtor] = await debtors();
    const day = businessDayOf(new Date());
    const company = (await accountingRepo.findCompany(db(), debtor!.company_id))!;
    /** The day's FEC lines, as the export writes them: D 512000 against C 411 (the customer's). */
    const fecLines = async () => {
      let text = '';
      await streamAccountingFile(
        {
          db: db(),
          files: undefined,
          company,
          period: { startDay: day, endDay: day },
          setup: await accountingRepo.loadAccountingSetup(db(), debtor!.company_id),
          context: { companyName: company.name, mode: 2, exportDay: day.replaceAll('-', '') },
          format: 'fec',
          next: 1,
        },
        async (piece) => {
          text += piece;
        },
      );
      return text
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .map((line) => line.split('|'));
    };
    const cents = (text: string | undefined) => Math.round(Number((text ?? '0').replace(',', '.')) * 100);
    // CompteNum 4, CompAuxNum 6, Debit 11, Credit 12.
    const totals = (lines: string[][]) => ({
      bank: lines.filter((l) => l[4] === '512000').reduce((sum, l) => sum + cents(l[11]) - cents(l[12]), 0),
      customers: lines
        .filter((l) => l[4]?.startsWith('41') && l[6])
        .reduce((sum, l) => sum + cents(l[12]) - cents(l[11]), 0),
    });
    const before = totals(await fecLines());
    const res = await pay(holder, { customerId: debtor!.id, companyId: debtor!.company_id, amount: 2_345 });
    expect(res.statusCode, res.body).toBe(201);
    const lines = await fecLines();
    expect(totals(lines)).toEqual({ bank: before.bank + 2_345, customers: before.customers + 2_345 });
    // Each bank line has its customer line in the same entry.
    for (const bank of lines.filter((l) => l[4] === '512000')) {
      expect(lines.some((l) => l[2] === bank[2] && l[4]?.startsWith('41') && l[12] === bank[11])).toBe(true);
    }
  });

  it('reaches the establishment’s registers with the balance it leaves', async () => {
    const [debtor] = await debtors();
    const register = await enrolRegister(t, holder, debtor!.company_id, { name: 'Caisse synchro' });
    const feed = (since?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/pos/v1/customer-accounts',
        query: { registerId: register.registerId, ...(since ? { since } : {}) },
        headers: { authorization: `Register ${register.registerToken}` },
      });
    const { cursor } = (await feed()).json<CustomerAccountChangesResponse>();
    const res = await pay(holder, { customerId: debtor!.id, companyId: debtor!.company_id, amount: 500 });
    const recorded = res.json<CustomerPaymentRecorded>();
    const changes = (await feed(cursor)).json<CustomerAccountChangesResponse>();
    expect(changes.accounts.find((a) => a.id === debtor!.id)?.balance).toBe(recorded.balance);
    expect(changes.operations).toContainEqual(
      expect.objectContaining({
        id: recorded.operationId,
        customerAccountId: debtor!.id,
        operation: 'payment',
        amount: 500,
        balanceAfter: recorded.balance,
        paymentName: 'Virement',
      }),
    );
    const again = (await feed(changes.cursor)).json<CustomerAccountChangesResponse>();
    expect(again.operations).toEqual([]);
  });

  it('refuses what it may not record, and records nothing then', async () => {
    const [debtor] = await debtors();
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('customer_operations')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('account_id', '=', suite.accountId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const standard = (await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD)).accessToken;
    const companyIds = (
      await db().selectFrom('companies').select('id').where('account_id', '=', suite.accountId).execute()
    ).map((c) => c.id);
    const elsewhere = companyIds.find((id) => id !== debtor!.company_id)!;
    const oneEstablishment = await createTestUser(db(), {
      accountId: suite.accountId,
      role: 'sub_user',
      services: ['customer_account'],
      companyIds: [elsewhere],
    });
    const subUser = (await signInAs(t, oneEstablishment.email)).accessToken;
    const staff = (await signInAs(t, 'support@comptoir.test', DEMO_PASSWORD)).accessToken;
    const viewAs = (await openViewAs(t, staff, suite.accountId)).accessToken;
    const body = { customerId: debtor!.id, companyId: debtor!.company_id, amount: 100 };
    const cases: [string, ReturnType<typeof pay>, number, string][] = [
      ['another account', pay(standard, body), 404, 'CUSTOMER_PAYMENT_COMPANY_NOT_FOUND'],
      ['a sub-user of another establishment', pay(subUser, body), 404, 'CUSTOMER_PAYMENT_COMPANY_NOT_FOUND'],
      ['view-as', pay(viewAs, body), 403, 'VIEW_AS_READ_ONLY'],
      [
        'an establishment the customer has no account in',
        pay(holder, { ...body, companyId: elsewhere }),
        404,
        'CUSTOMER_PAYMENT_CUSTOMER_NOT_FOUND',
      ],
      ['a zero amount', pay(holder, { ...body, amount: 0 }), 400, 'VALIDATION_ERROR'],
      ['cents as a decimal', pay(holder, { ...body, amount: 12.5 }), 400, 'VALIDATION_ERROR'],
      ['a reference too long', pay(holder, { ...body, reference: 'x'.repeat(61) }), 400, 'VALIDATION_ERROR'],
    ];
    for (const [name, request, status, code] of cases) {
      const res = await request;
      expect([res.statusCode, res.json().error?.code], name).toEqual([status, code]);
    }

    await db()
      .insertInto('customer_account_options')
      .values({ account_id: suite.accountId, company_id: null, key: 'ca_no_up_amount', value: '1' })
      .execute();
    try {
      const [current] = (await debtors()).filter((d) => d.id === debtor!.id);
      const over = await pay(holder, { ...body, amount: -current!.balance + 1 });
      expect([over.statusCode, over.json().error.code]).toEqual([422, 'CUSTOMER_PAYMENT_OVER_DEBT']);
      expect(over.json().error.details).toEqual({ field: 'amount', owed: -current!.balance });
    } finally {
      await db()
        .deleteFrom('customer_account_options')
        .where('account_id', '=', suite.accountId)
        .where('key', '=', 'ca_no_up_amount')
        .execute();
    }
    expect(await count()).toBe(before);
  });
});
