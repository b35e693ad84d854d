import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClosureData,
  CustomerAccountChangesResponse,
  CustomerAccountData,
  CustomerOperationData,
  SignedRecord,
} from '@comptoir/contracts';
import { ChainWriter, keyPairFromSeed } from '@comptoir/fiscal';
import { insertUserGroups } from '../auth/auth.repository';
import {
  buildTestApp,
  createTestTenant,
  enrolRegister,
  signInAs,
  startSmtpPeer,
  TEST_STAFF,
  waitFor,
  type TestApp,
  type TestTenant,
} from '../../test-helpers';

const keys = keyPairFromSeed(Buffer.alloc(32, 16));
const DAY = '2026-03-10';

function customer(lastname: string, email: string | null, uniqId: number): CustomerAccountData {
  return {
    id: crypto.randomUUID(),
    uniqId,
    type: 0,
    lastname,
    firstname: 'Anne',
    cardNumber: `C-${uniqId}`,
    email,
    phone: null,
    addressStreet: null,
    addressZipcode: null,
    addressCity: null,
    note: null,
    isCompany: false,
    companyName: null,
    companySiren: null,
    companyVat: null,
    at: `${DAY}T09:00:00.000Z`,
    tracking: [],
  };
}

function charge(customerId: string, amount: number, balanceAfter: number, at: string): CustomerOperationData {
  return {
    id: crypto.randomUUID(),
    customerAccountId: customerId,
    businessDay: DAY,
    at,
    operation: 'charge',
    amount: -amount,
    balanceAfter,
    orderId: null,
    paymentTypeId: null,
    paymentName: null,
    user: TEST_STAFF,
  };
}

function dailyClosure(): ClosureData {
  return {
    id: crypto.randomUUID(),
    type: 1,
    startDay: DAY,
    endDay: DAY,
    openingDate: `${DAY}T08:00:00.000Z`,
    closingDate: `${DAY}T23:00:00.000Z`,
    amountTotalIvat: 0,
    amountTotalEvat: 0,
    amountTax: 0,
    amountDiscountIvat: 0,
    amountOfferedIvat: 0,
    amountTotalWoDiscountIvat: 0,
    amountPaymentShift: 0,
    grandTotalIvat: 0,
    payments: [],
    taxes: [],
    serviceIds: [],
    comment: null,
  };
}

describe('the registers learn of back-office changes (GET /pos/v1/customer-accounts)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let tenant: TestTenant;
  let holderToken: string;
  let registerId: string;
  let registerToken: string;
  let accounts: ChainWriter<'customer_account'>;
  let operations: ChainWriter<'customer_operation'>;
  let closures: ChainWriter<'closure'>;
  const kept = customer('Kerjean', 'anne.kerjean@example.test', 1);
  const edited = customer('Le Bihan', null, 2);
  const removed = customer('Morvan', null, 3);

  /** The register sends the records in a batch of their own. */
  const post = (records: SignedRecord[]) =>
    t
      .asRegister(registerToken)
      .post(`/pos/v1/registers/${registerId}/batches`, { batchId: crypto.randomUUID(), records });
  const changes = (since?: string) =>
    t
      .asRegister(registerToken)
      .get(`/pos/v1/customer-accounts?registerId=${registerId}${since ? `&since=${since}` : ''}`);
  /** The holder, in the back office. */
  const backOffice = () => t.as(holderToken);
  const setOption = async (key: string, value: string) => {
    const res = await backOffice().put('/api/customer-account/upsertOption', { key, value });
    expect(res.statusCode, res.body).toBe(200);
  };
  const notifications = () =>
    t.database.db
      .selectFrom('notifications')
      .select('text')
      .where('account_id', '=', tenant.accountId)
      .execute();

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await buildTestApp({ smtpUrl: smtp.url });
    tenant = await createTestTenant(t);
    const holder = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', tenant.holderEmail)
      .executeTakeFirstOrThrow();
    await insertUserGroups(t.database.db, holder.id, ['comptoir-suite']);
    holderToken = (await signInAs(t, tenant.holderEmail, tenant.password)).accessToken;
    ({ registerId, registerToken } = await enrolRegister(t, holderToken, tenant.companyIds[0]!, {
      serial: 'SN-CA-1',
      keys,
    }));
    accounts = new ChainWriter(keys.privateKey, registerId, 'customer_account');
    operations = new ChainWriter(keys.privateKey, registerId, 'customer_operation');
    closures = new ChainWriter(keys.privateKey, registerId, 'closure');
    const created = await post([kept, edited, removed].map((c) => accounts.append(c.at, c) as SignedRecord));
    expect(created.statusCode, created.body).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('gives every account of the establishment and the options on the first call', async () => {
    const res = await changes();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CustomerAccountChangesResponse;
    expect(body.accounts.map((a) => a.lastname).sort()).toEqual(['Kerjean', 'Le Bihan', 'Morvan']);
    expect(body.accounts.find((a) => a.id === kept.id)).toEqual({
      id: kept.id,
      lastname: 'Kerjean',
      firstname: 'Anne',
      cardNumber: 'C-1',
      email: 'anne.kerjean@example.test',
      phone: null,
      type: 0,
      creditLimit: null,
      balance: 0,
    });
    expect(body.removedIds).toEqual([]);
    // A first call carries no back-office operation: the balances already hold them.
    expect(body.operations).toEqual([]);
    expect(body.options.ca_no_negative).toBe('0');
    expect(body.options.ca_alert_default_balance).toBe('0');
    const again = (await changes(body.cursor)).json() as CustomerAccountChangesResponse;
    expect(again.accounts).toEqual([]);
  });

  it('sends what the back office edited, removed and set since the cursor', async () => {
    const { cursor } = (await changes()).json() as CustomerAccountChangesResponse;
    const edit = await backOffice().put('/api/customer-account/customer/updateData', {
      customerId: edited.id,
      formData: {
        lastname: 'Le Bihan-Guégan',
        firstname: 'Anne',
        email: 'anne@lebihan.test',
        creditLimit: 3000,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const removal = await backOffice().post('/api/customer-account/customers/removed', {
      customerIds: [removed.id],
    });
    expect(removal.statusCode, removal.body).toBeLessThan(300);
    await setOption('ca_no_negative', '1');
    await setOption('ca_no_up_amount', '1');

    const res = await changes(cursor);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CustomerAccountChangesResponse;
    expect(body.accounts).toEqual([
      expect.objectContaining({
        id: edited.id,
        lastname: 'Le Bihan-Guégan',
        email: 'anne@lebihan.test',
        creditLimit: 3000,
      }),
    ]);
    expect(body.removedIds).toEqual([removed.id]);
    expect(body.options).toMatchObject({
      ca_no_negative: '1',
      ca_no_up_amount: '1',
      ca_auto_email_new_tk: '0',
    });
    expect(body.cursor).not.toBe(cursor);
  });

  it('refuses a cursor it did not make', async () => {
    const forged = (at: string) => Buffer.from(JSON.stringify({ v: 1, at })).toString('base64url');
    for (const cursor of ['not-a-cursor', forged('2026-02-31T00:00:00.000000Z'), forged('yesterday')]) {
      const res = await changes(cursor);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CURSOR');
    }
  });

  it('notifies and mails the alert address once when a balance crosses the alert balance', async () => {
    await setOption('ca_alert_default_balance', '-50');
    await setOption('ca_alert_email', 'alertes@example.test');
    const before = smtp.received.length;
    const above = await post([
      operations.append(
        `${DAY}T12:00:00.000Z`,
        charge(kept.id, 3000, -3000, `${DAY}T12:00:00.000Z`),
      ) as SignedRecord,
    ]);
    expect(above.statusCode, above.body).toBe(200);
    expect(await notifications()).toEqual([]);

    const crossing = await post([
      operations.append(
        `${DAY}T12:30:00.000Z`,
        charge(kept.id, 2500, -5500, `${DAY}T12:30:00.000Z`),
      ) as SignedRecord,
      operations.append(
        `${DAY}T13:00:00.000Z`,
        charge(kept.id, 1000, -6500, `${DAY}T13:00:00.000Z`),
      ) as SignedRecord,
    ]);
    expect(crossing.statusCode, crossing.body).toBe(200);
    const texts = (await notifications()).map((n) => n.text);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Anne Kerjean');
    expect(texts[0]).toContain('-55,00');
    const mail = await waitFor(async () =>
      smtp.received.slice(before).find((m) => m.to.includes('alertes@example.test')),
    );
    expect(mail.raw).toContain('Kerjean');
    expect(smtp.received.slice(before).filter((m) => m.to.includes('alertes@example.test'))).toHaveLength(1);
  });

  it("mails the tab ticket of the day's charges to the customer at the register's closure when asked", async () => {
    await setOption('ca_alert_default_balance', '0');
    await setOption('ca_auto_email_new_tk', '1');
    const before = smtp.received.length;
    const closed = await post([closures.append(`${DAY}T23:00:00.000Z`, dailyClosure()) as SignedRecord]);
    expect(closed.statusCode, closed.body).toBe(200);
    const mail = await waitFor(async () =>
      smtp.received.slice(before).find((m) => m.to.includes('anne.kerjean@example.test')),
    );
    expect(mail.raw).toMatch(/application\/pdf/);
    // Le Bihan was edited to have an e-mail but was never charged: no ticket for her.
    expect(smtp.received.slice(before).some((m) => m.to.includes('anne@lebihan.test'))).toBe(false);
  });
});
