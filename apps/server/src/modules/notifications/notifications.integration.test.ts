import crypto from 'node:crypto';
import type { Notification } from '@comptoir/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationType } from '../../db/schema/notifications';
import { seedDemoNotifications } from '../../demo/demo-notifications';
import { buildTestApp, createAccount, createTestUser, signInAs, type TestApp } from '../../test-helpers';

let t: TestApp;
let accountId: string;
let otherAccountId: string;
let holderToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ accountId } = await createAccount(t.database.db));
  ({ accountId: otherAccountId } = await createAccount(t.database.db));
  const holder = await createTestUser(t.database.db, { accountId });
  holderToken = (await signInAs(t, holder.email)).accessToken;
});
beforeEach(async () => {
  await t.database.db.deleteFrom('notifications').execute();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);

async function insertNotification(values: {
  text: string;
  accountId?: string | null;
  type?: NotificationType;
  locale?: string | null;
  startsAt?: Date;
  endsAt?: Date | null;
}): Promise<string> {
  const id = crypto.randomUUID();
  await t.database.db
    .insertInto('notifications')
    .values({
      id,
      account_id: values.accountId === undefined ? accountId : values.accountId,
      type: values.type ?? 'info',
      text: values.text,
      locale: values.locale === undefined ? 'fr-FR' : values.locale,
      starts_at: values.startsAt ?? hoursAgo(1),
      ends_at: values.endsAt ?? null,
    })
    .execute();
  return id;
}

async function notifications(accessToken: string, locale?: string): Promise<Notification[]> {
  const res = await t.as(accessToken).get(`/api/notifications${locale ? `?locale=${locale}` : ''}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { notifications: Notification[] }).notifications;
}

const texts = (list: Notification[]) => list.map((n) => n.text);

describe('GET /api/notifications', () => {
  it("lists the account's current notifications and the global ones, newest first", async () => {
    const closure = await insertNotification({
      text: 'Clôture mensuelle disponible',
      type: 'success',
      startsAt: hoursAgo(2),
    });
    await insertNotification({ text: 'Nouveau rapport', accountId: null, startsAt: hoursAgo(5) });
    await insertNotification({ text: 'Rappel TVA', accountId: null, type: 'warning', startsAt: hoursAgo(1) });
    const list = await notifications(holderToken);
    expect(texts(list)).toEqual(['Rappel TVA', 'Clôture mensuelle disponible', 'Nouveau rapport']);
    expect(list[1]).toEqual({ id: closure, type: 'success', text: 'Clôture mensuelle disponible' });
  });

  it("never shows another account's notifications", async () => {
    await insertNotification({ text: 'Pour un autre compte', accountId: otherAccountId });
    await insertNotification({ text: 'Pour ce compte' });
    expect(texts(await notifications(holderToken))).toEqual(['Pour ce compte']);
  });

  it('hides expired notifications and those not started yet', async () => {
    await insertNotification({ text: 'Expirée', startsAt: hoursAgo(48), endsAt: hoursAgo(1) });
    await insertNotification({ text: 'À venir', startsAt: new Date(Date.now() + HOUR) });
    await insertNotification({
      text: 'En cours',
      startsAt: hoursAgo(48),
      endsAt: new Date(Date.now() + HOUR),
    });
    expect(texts(await notifications(holderToken))).toEqual(['En cours']);
  });

  it('keeps the requested language and the notifications for every language, French by default', async () => {
    await insertNotification({ text: 'Rapport disponible', locale: 'fr-FR', startsAt: hoursAgo(3) });
    await insertNotification({ text: 'Report available', locale: 'en-GB', startsAt: hoursAgo(3) });
    await insertNotification({ text: 'Informe disponible', locale: 'es-ES', startsAt: hoursAgo(3) });
    await insertNotification({ text: 'Informe disponible (ca)', locale: 'ca-ES', startsAt: hoursAgo(3) });
    await insertNotification({ text: 'Comptoir 4.0', locale: null, startsAt: hoursAgo(4) });
    expect(texts(await notifications(holderToken))).toEqual(['Rapport disponible', 'Comptoir 4.0']);
    expect(texts(await notifications(holderToken, 'en'))).toEqual(['Report available', 'Comptoir 4.0']);
    expect(texts(await notifications(holderToken, 'es'))).toEqual(['Informe disponible', 'Comptoir 4.0']);
    expect(texts(await notifications(holderToken, 'ca'))).toEqual([
      'Informe disponible (ca)',
      'Comptoir 4.0',
    ]);
  });

  it('gives customer-space users no notification', async () => {
    await insertNotification({ text: 'Pour ce compte' });
    await insertNotification({ text: 'Pour tous', accountId: null });
    const client = await createTestUser(t.database.db, { accountId, groups: ['espace_client'] });
    expect(await notifications((await signInAs(t, client.email)).accessToken)).toEqual([]);
  });

  it('answers the 50 newest at most', async () => {
    for (let i = 0; i < 55; i++) {
      await insertNotification({ text: `Notification ${i}`, startsAt: hoursAgo(i + 1) });
    }
    const list = await notifications(holderToken);
    expect(list).toHaveLength(50);
    expect(list[0]!.text).toBe('Notification 0');
    expect(list[49]!.text).toBe('Notification 49');
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(401);
  });
});

describe('demo notifications', () => {
  it('are seeded once, one row per language, and reach the demo account in its language', async () => {
    const endDay = new Date().toISOString().slice(0, 10);
    const ids = { accountIds: [accountId, otherAccountId], endDay };
    expect(await seedDemoNotifications(t.database.db, ids)).toBe(16);
    expect(await seedDemoNotifications(t.database.db, ids)).toBe(0);
    const french = await notifications(holderToken);
    expect(french.map((n) => n.type)).toEqual(['warning', 'success', 'info']);
    expect(french[1]!.text).toMatch(/^Clôture mensuelle disponible : \p{L}+ \d{4}\./u);
    const catalan = await notifications(holderToken, 'ca');
    expect(catalan[0]!.text).toMatch(/^Recordatori d'IVA/);
  });
});
