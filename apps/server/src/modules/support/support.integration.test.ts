import crypto from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewAsResponse } from '@comptoir/contracts';
import {
  buildTestApp,
  createAccount,
  createTestUser,
  openViewAs,
  signInAs,
  type TestApp,
} from '../../test-helpers';
import { notifyStaff } from '../../platform/account-notices';
import { deadMailNotice } from '../../platform/mail-outbox';

let t: TestApp;
let viewed: { accountId: string; companyIds: string[] };
let other: { accountId: string; companyIds: string[] };
let holderEmail: string;
let holderToken: string;
let staffToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  viewed = await createAccount(db, {
    edition: 'suite',
    companies: [{ name: 'Brasserie du Port' }, { name: 'Café de la Gare' }],
  });
  other = await createAccount(db, { companies: [{ name: 'Crêperie Autrui' }] });
  // The customer-space user is created first: the holder shown is still the account's own holder.
  await createTestUser(db, {
    accountId: viewed.accountId,
    firstname: 'Hugo',
    lastname: 'Petit',
    groups: ['espace_client'],
  });
  const holder = await createTestUser(db, {
    accountId: viewed.accountId,
    firstname: 'Camille',
    lastname: 'Dupont',
  });
  holderEmail = holder.email;
  holderToken = (await signInAs(t, holder.email)).accessToken;
  const staff = await createTestUser(db, { accountId: null, role: 'staff' });
  staffToken = (await signInAs(t, staff.email)).accessToken;
});
afterAll(() => t.close());

describe('GET /api/support/accounts', () => {
  it('lists the customer accounts with their holder and number of establishments for support staff', async () => {
    const res = await t.as(staffToken).get('/api/support/accounts');
    expect(res.statusCode).toBe(200);
    const accounts = res.json().accounts as { id: string }[];
    expect(accounts.find((a) => a.id === viewed.accountId)).toEqual({
      id: viewed.accountId,
      name: expect.any(String),
      edition: 'suite',
      holderName: 'Camille Dupont',
      holderEmail,
      establishmentCount: 2,
    });
    expect(accounts.find((a) => a.id === other.accountId)).toMatchObject({
      edition: 'standard',
      holderName: null,
      holderEmail: null,
      establishmentCount: 1,
    });
  });

  it('refuses anyone but support staff with 403 STAFF_ONLY', async () => {
    const subUser = await createTestUser(t.database.db, {
      accountId: viewed.accountId,
      role: 'sub_user',
      services: ['sales_reporting'],
    });
    for (const token of [holderToken, (await signInAs(t, subUser.email)).accessToken]) {
      const res = await t.as(token).get('/api/support/accounts');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('STAFF_ONLY');
    }
    expect((await t.as(null).get('/api/support/accounts')).statusCode).toBe(401);
  });
});

describe('POST /api/support/view-as', () => {
  it('opens an eight-hour view-as session whose path is /connect-as/{token}', async () => {
    const res = await t.as(staffToken).post('/api/support/view-as', { accountId: viewed.accountId });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.path).toBe(`/connect-as/${body.viewAsCustomerToken}`);
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeGreaterThan(8 * 3_600_000 - 60_000);
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(8 * 3_600_000);
    const rows = await t.database.db
      .selectFrom('refresh_tokens')
      .select(['kind', 'account_id', 'user_id'])
      .where('kind', '=', 'view_as')
      .execute();
    expect(rows).toContainEqual({
      kind: 'view_as',
      account_id: viewed.accountId,
      user_id: decodeJwt(staffToken).sub,
    });
  });

  it('gives read-only access tokens that read the viewed account', async () => {
    const opened = await t.as(staffToken).post('/api/support/view-as', { accountId: viewed.accountId });
    expect(opened.statusCode).toBe(201);
    const { viewAsCustomerToken } = opened.json<ViewAsResponse>();
    // What the portal does on /connect-as/{token}: exchange the view-as token for an access token.
    const renewed = await t
      .as(null)
      .get(`/api/auth/accessToken/?refreshToken=${encodeURIComponent(viewAsCustomerToken)}`);
    expect(renewed.statusCode).toBe(200);
    // The view-as token never replaces the support user's own session cookie.
    expect(renewed.headers['set-cookie']).toBeUndefined();
    const { accessToken, refreshToken } = renewed.json();
    expect(refreshToken).not.toBe(viewAsCustomerToken);
    expect(decodeJwt(accessToken)).toMatchObject({ kind: 'view_as', acc: viewed.accountId });

    const me = await t.as(accessToken).get('/api/user/me');
    expect(me.statusCode).toBe(200);
    expect(
      me
        .json()
        .companies.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([...viewed.companyIds].sort());
    expect(me.json().connected_as).toBe(`Camille Dupont (${holderEmail})`);
    // The portal greets and names the viewed account's holder, never the support user.
    expect(me.json()).toMatchObject({ firstname: 'Camille', lastname: 'Dupont', email: holderEmail });

    expect((await t.as(accessToken).get('/api/categories')).statusCode).toBe(200);
    const foreign = await t
      .as(accessToken)
      .get('/api/categories', { headers: { 'x-id-company': other.companyIds[0]! } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('COMPANY_FORBIDDEN');
  });

  it('refuses writes in a view-as session', async () => {
    const { accessToken } = await openViewAs(t, staffToken, viewed.accountId);
    const res = await t.as(accessToken).put('/api/user/local', { local: 'es-ES' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('VIEW_AS_READ_ONLY');
    const nested = await t.as(accessToken).post('/api/support/view-as', { accountId: other.accountId });
    expect(nested.statusCode).toBe(403);
    // Nor may a view-as session list the accounts, although that is a read.
    expect((await t.as(accessToken).get('/api/support/accounts')).json().error.code).toBe('STAFF_ONLY');
  });

  it('keeps connected_as null outside a view-as session', async () => {
    expect((await t.as(holderToken).get('/api/user/me')).json().connected_as).toBeNull();
    expect((await t.as(staffToken).get('/api/user/me')).json()).toMatchObject({
      connected_as: null,
      companies: [],
    });
  });

  it('refuses a holder with 403 STAFF_ONLY', async () => {
    const res = await t.as(holderToken).post('/api/support/view-as', { accountId: other.accountId });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('STAFF_ONLY');
  });

  it('answers 404 ACCOUNT_NOT_FOUND for an unknown account and 400 for a malformed id', async () => {
    const unknown = await t.as(staffToken).post('/api/support/view-as', { accountId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('ACCOUNT_NOT_FOUND');
    const malformed = await t.as(staffToken).post('/api/support/view-as', { accountId: 'x' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('the mail outbox for support staff', () => {
  async function outboxMail(values: { status: 'sent' | 'failed' | 'dead'; subject: string }) {
    return t.database.db
      .insertInto('mail_outbox')
      .values({
        account_id: viewed.accountId,
        to_address: 'compta@brasserie-du-port.test',
        subject: values.subject,
        text: 'Bonjour',
        status: values.status,
        attempts: values.status === 'sent' ? 1 : 9,
        error: values.status === 'sent' ? null : 'connect ECONNREFUSED 127.0.0.1:25',
        last_attempt_at: new Date(),
        next_attempt_at: values.status === 'failed' ? new Date(Date.now() + 3600_000) : null,
        ...(values.status === 'dead' ? { dead_at: new Date() } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('lists recipient, subject, status, tries, last error and next try; only what did not leave on demand', async () => {
    const sent = await outboxMail({ status: 'sent', subject: 'Export des ventes' });
    const failed = await outboxMail({ status: 'failed', subject: 'FEC de Brasserie du Port' });
    const dead = await outboxMail({ status: 'dead', subject: 'Archive fiscale' });

    const all = await t.as(staffToken).get('/api/support/mail-outbox');
    const undelivered = await t.as(staffToken).get('/api/support/mail-outbox', {
      query: { filter: 'undelivered' },
    });

    expect(all.statusCode).toBe(200);
    const byId = new Map(all.json().messages.map((m: { id: string }) => [m.id, m]));
    expect(byId.get(failed.id)).toMatchObject({
      to: 'compta@brasserie-du-port.test',
      subject: 'FEC de Brasserie du Port',
      status: 'failed',
      attempts: 9,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      isResendable: true,
    });
    expect(byId.get(failed.id)).toHaveProperty('nextAttemptAt', expect.any(String));
    expect(byId.get(sent.id)).toMatchObject({ status: 'sent', isResendable: false, nextAttemptAt: null });
    expect(byId.get(dead.id)).toMatchObject({ status: 'dead', isResendable: true });
    const undeliveredIds = undelivered.json().messages.map((m: { id: string }) => m.id);
    expect(undeliveredIds).toContain(failed.id);
    expect(undeliveredIds).toContain(dead.id);
    expect(undeliveredIds).not.toContain(sent.id);
    expect(all.json().messages[0]).not.toHaveProperty('text');
  });

  it('sends a dead mail again at once, and refuses one already sent with 409 MAIL_NOT_RESENDABLE', async () => {
    const dead = await outboxMail({ status: 'dead', subject: 'Archive fiscale' });
    const sent = await outboxMail({ status: 'sent', subject: 'Export des ventes' });

    const res = await t.as(staffToken).post(`/api/support/mail-outbox/${dead.id}/resend`);

    expect(res.statusCode).toBe(200);
    // No SMTP server in this test: the mail waits, due now.
    expect(res.json()).toMatchObject({ id: dead.id, status: 'queued', isResendable: false });
    expect(new Date(res.json().nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now());
    const again = await t.as(staffToken).post(`/api/support/mail-outbox/${sent.id}/resend`);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'MAIL_NOT_RESENDABLE']);
    const missing = await t.as(staffToken).post(`/api/support/mail-outbox/${crypto.randomUUID()}/resend`);
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'MAIL_NOT_FOUND']);
  });

  it('is for support staff only', async () => {
    const dead = await outboxMail({ status: 'dead', subject: 'Archive fiscale' });
    const list = await t.as(holderToken).get('/api/support/mail-outbox');
    const resend = await t.as(holderToken).post(`/api/support/mail-outbox/${dead.id}/resend`);
    expect([list.statusCode, list.json().error.code]).toEqual([403, 'STAFF_ONLY']);
    expect([resend.statusCode, resend.json().error.code]).toEqual([403, 'STAFF_ONLY']);
  });

  it('tells support staff, and no account, that mail was given up on', async () => {
    await notifyStaff(t.database.db, deadMailNotice(2));

    const staff = await t.as(staffToken).get('/api/notifications', { query: { locale: 'fr' } });
    const holder = await t.as(holderToken).get('/api/notifications', { query: { locale: 'fr' } });

    const texts = (res: typeof staff) => res.json().notifications.map((n: { text: string }) => n.text);
    expect(texts(staff)).toContain(
      '2 e-mails n’ont pas pu être envoyés après un jour d’essais : voir Support › File des e-mails.',
    );
    expect(texts(holder).some((text: string) => text.includes('e-mails'))).toBe(false);
  });
});
