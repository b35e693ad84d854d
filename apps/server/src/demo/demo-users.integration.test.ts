import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, signInAs, type TestApp } from '../test-helpers';
import { DEMO_PASSWORD, seedDemoUsers, type DemoAccountIds } from './demo-users';

let t: TestApp;
let ids: DemoAccountIds;

beforeAll(async () => {
  t = await buildTestApp();
  const suite = await createAccount(t.database.db, {
    edition: 'suite',
    companies: [{ name: 'Le Comptoir Bastille' }, { name: 'Le Comptoir Oberkampf' }],
  });
  const standard = await createAccount(t.database.db, { companies: [{ name: 'Bistrot Standard' }] });
  ids = {
    suiteAccountId: suite.accountId,
    suiteCompanyIds: suite.companyIds,
    standardAccountId: standard.accountId,
    standardCompanyId: standard.companyIds[0] ?? '',
  };
});
afterAll(() => t.close());

describe('seedDemoUsers', () => {
  it('creates the five demo users once, each able to sign in with the demo password', async () => {
    const listed = await seedDemoUsers(t.database.db, ids);
    expect(await seedDemoUsers(t.database.db, ids)).toEqual(listed);
    expect(listed.map((u) => [u.email, u.role])).toEqual([
      ['demo@comptoir.test', 'holder'],
      ['standard@comptoir.test', 'holder'],
      ['serveur@comptoir.test', 'sub_user'],
      ['client@comptoir.test', 'holder'],
      ['support@comptoir.test', 'staff'],
    ]);
    const count = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5);

    const me = async (email: string) => {
      const { accessToken } = await signInAs(t, email, DEMO_PASSWORD);
      const res = await t.as(accessToken).get('/api/user/me');
      return res.json();
    };
    expect(await me('demo@comptoir.test')).toMatchObject({
      firstname: 'Camille',
      lastname: 'Dupont',
      groups: [{ name: 'comptoir-suite' }, { name: 'export_product_lines' }],
      companies: [{ id: ids.suiteCompanyIds[0] }, { id: ids.suiteCompanyIds[1] }],
    });
    expect(await me('standard@comptoir.test')).toMatchObject({
      groups: [],
      companies: [{ id: ids.standardCompanyId }],
    });
    expect(await me('serveur@comptoir.test')).toMatchObject({ companies: [{ id: ids.suiteCompanyIds[0] }] });
    expect(await me('client@comptoir.test')).toMatchObject({ groups: [{ name: 'espace_client' }] });
    expect(await me('support@comptoir.test')).toMatchObject({ type: 'staff', companies: [] });

    const { refreshToken } = await signInAs(t, 'serveur@comptoir.test', DEMO_PASSWORD);
    const services = await t
      .as(null)
      .get('/api/auth/accessToken/subuser/services', { headers: { refreshToken } });
    expect(services.json()).toEqual({ services: ['customer_account', 'sales_reporting'] });
  });
});
