import type { Notification, PublishedNotification, PublishNotificationRequest } from '@comptoir/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, createTestUser, signInAs, type TestApp } from '../../test-helpers';

let t: TestApp;
let staffToken: string;
let suiteAccountId: string;
let standardAccountId: string;
let otherStandardAccountId: string;
let suiteToken: string;
let standardToken: string;
let otherStandardToken: string;
let subUserToken: string;
let customerSpaceToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  ({ accountId: suiteAccountId } = await createAccount(db, { edition: 'suite' }));
  ({ accountId: standardAccountId } = await createAccount(db));
  ({ accountId: otherStandardAccountId } = await createAccount(db));
  const token = async (user: { email: string }) => (await signInAs(t, user.email)).accessToken;
  staffToken = await token(await createTestUser(db, { accountId: null, role: 'staff' }));
  suiteToken = await token(
    await createTestUser(db, { accountId: suiteAccountId, groups: ['comptoir-suite'] }),
  );
  standardToken = await token(await createTestUser(db, { accountId: standardAccountId }));
  otherStandardToken = await token(await createTestUser(db, { accountId: otherStandardAccountId }));
  subUserToken = await token(await createTestUser(db, { accountId: standardAccountId, role: 'sub_user' }));
  customerSpaceToken = await token(
    await createTestUser(db, { accountId: standardAccountId, groups: ['espace_client'] }),
  );
});
beforeEach(async () => {
  await t.database.db.deleteFrom('notifications').execute();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR).toISOString();

function request(overrides: Partial<PublishNotificationRequest> = {}): PublishNotificationRequest {
  return {
    type: 'info',
    texts: { fr: 'Maintenance dimanche à 6 h' },
    audience: 'all',
    startsAt: at(-1),
    endsAt: at(24),
    ...overrides,
  };
}

async function publish(overrides: Partial<PublishNotificationRequest> = {}): Promise<PublishedNotification> {
  const res = await t.as(staffToken).post('/api/support/notifications', request(overrides));
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function centre(token: string, locale = 'fr'): Promise<Notification[]> {
  const res = await t.as(token).get(`/api/notifications?locale=${locale}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { notifications: Notification[] }).notifications;
}

const texts = (list: Notification[]) => list.map((n) => n.text);

describe('POST /api/support/notifications', () => {
  it('publishes to everyone: each user reads it in their notification centre', async () => {
    const published = await publish({ type: 'warning' });
    expect(published).toMatchObject({
      type: 'warning',
      texts: { fr: 'Maintenance dimanche à 6 h' },
      audience: 'all',
      account: null,
      state: 'current',
    });
    for (const token of [suiteToken, standardToken, otherStandardToken, subUserToken]) {
      expect(await centre(token)).toEqual([
        { id: published.id, type: 'warning', text: 'Maintenance dimanche à 6 h' },
      ]);
    }
  });

  it('never shows it to customer-space users', async () => {
    await publish();
    expect(await centre(customerSpaceToken)).toEqual([]);
  });

  it('reaches only the suite accounts, or only the standard ones, as chosen', async () => {
    await publish({ audience: 'suite', texts: { fr: 'Pour la suite' } });
    await publish({ audience: 'standard', texts: { fr: 'Pour le standard' } });
    expect(texts(await centre(suiteToken))).toEqual(['Pour la suite']);
    expect(texts(await centre(standardToken))).toEqual(['Pour le standard']);
    expect(texts(await centre(otherStandardToken))).toEqual(['Pour le standard']);
  });

  it('reaches one chosen account only', async () => {
    const published = await publish({
      audience: 'account',
      accountId: standardAccountId,
      texts: { fr: 'Votre terminal sera remplacé' },
    });
    expect(published.account).toEqual({ id: standardAccountId, name: expect.any(String) });
    expect(texts(await centre(standardToken))).toEqual(['Votre terminal sera remplacé']);
    expect(texts(await centre(subUserToken))).toEqual(['Votre terminal sera remplacé']);
    expect(await centre(otherStandardToken)).toEqual([]);
    expect(await centre(suiteToken)).toEqual([]);
  });

  it("shows each language's text, and the French one when a language was left empty", async () => {
    await publish({ texts: { fr: 'Nouveau rapport', en: 'New report', es: '', ca: 'Nou informe' } });
    expect(texts(await centre(standardToken, 'fr'))).toEqual(['Nouveau rapport']);
    expect(texts(await centre(standardToken, 'en'))).toEqual(['New report']);
    expect(texts(await centre(standardToken, 'es'))).toEqual(['Nouveau rapport']);
    expect(texts(await centre(standardToken, 'ca'))).toEqual(['Nou informe']);
  });

  it('shows it only between its start and end dates, with its state in the staff list', async () => {
    await publish({ texts: { fr: 'À venir' }, startsAt: at(2), endsAt: at(5) });
    await publish({ texts: { fr: 'En cours' }, startsAt: at(-2), endsAt: at(5) });
    await publish({ texts: { fr: 'Terminée' }, startsAt: at(-5), endsAt: at(-2) });
    expect(texts(await centre(standardToken))).toEqual(['En cours']);
    const res = await t.as(staffToken).get('/api/support/notifications');
    expect(res.statusCode).toBe(200);
    const list = (res.json() as { notifications: PublishedNotification[] }).notifications;
    expect(list.map((n) => [n.texts.fr, n.state])).toEqual([
      ['Terminée', 'ended'],
      ['En cours', 'current'],
      ['À venir', 'scheduled'],
    ]);
  });

  it.each([
    [
      'an end equal to the start',
      { startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T11:00:00+01:00' },
      'END_NOT_AFTER_START',
    ],
    [
      'an end before the start',
      { startsAt: '2030-01-02T10:00:00Z', endsAt: '2030-01-01T10:00:00Z' },
      'END_NOT_AFTER_START',
    ],
    ['the audience « one account » without its account', { audience: 'account' }, 'ACCOUNT_REQUIRED'],
    [
      'an account with another audience',
      { audience: 'all', accountId: '00000000-0000-4000-8000-000000000000' },
      'ACCOUNT_NOT_EXPECTED',
    ],
    ['no French text', { texts: { fr: '  ', en: 'English only' } }, 'VALIDATION_ERROR'],
    ['an unknown type', { type: 'danger' }, 'VALIDATION_ERROR'],
    ['an unknown audience', { audience: 'premium' }, 'VALIDATION_ERROR'],
  ] as const)('refuses %s with 400 %s', async (_label, overrides, code) => {
    const res = await t.as(staffToken).post('/api/support/notifications', {
      ...request(),
      ...(overrides as object),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect(await centre(standardToken)).toEqual([]);
  });

  it('answers 404 ACCOUNT_NOT_FOUND for an unknown account', async () => {
    const res = await t
      .as(staffToken)
      .post(
        '/api/support/notifications',
        request({ audience: 'account', accountId: '00000000-0000-4000-8000-000000000000' }),
      );
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('ACCOUNT_NOT_FOUND');
  });

  it('is for support staff only', async () => {
    for (const token of [standardToken, suiteToken, subUserToken, customerSpaceToken]) {
      const post = await t.as(token).post('/api/support/notifications', request());
      expect(post.statusCode).toBe(403);
      expect((await t.as(token).get('/api/support/notifications')).statusCode).toBe(403);
    }
    expect(await centre(standardToken)).toEqual([]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/support/notifications', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/support/notifications/:id/end', () => {
  it('ends a current notification now: users no longer see it', async () => {
    const published = await publish();
    expect(await centre(standardToken)).toHaveLength(1);
    const res = await t.as(staffToken).post(`/api/support/notifications/${published.id}/end`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: published.id, state: 'ended' });
    expect(await centre(standardToken)).toEqual([]);
  });

  it('answers 409 ALREADY_ENDED for an ended one and 404 for an unknown one', async () => {
    const published = await publish({ startsAt: at(-5), endsAt: at(-2) });
    const again = await t.as(staffToken).post(`/api/support/notifications/${published.id}/end`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_ENDED');
    const unknown = await t
      .as(staffToken)
      .post('/api/support/notifications/00000000-0000-4000-8000-000000000000/end');
    expect(unknown.statusCode).toBe(404);
  });

  it('is for support staff only', async () => {
    const published = await publish();
    const res = await t.as(standardToken).post(`/api/support/notifications/${published.id}/end`);
    expect(res.statusCode).toBe(403);
    expect(await centre(standardToken)).toHaveLength(1);
  });
});
