import type { FastifyInstance } from 'fastify';
import { demoAccounts, runSimulation, type SimulationStats } from '@comptoir/pos-sim';
import type { Db } from '../db/database';
import { parisDay } from '../platform/dates';
import { DEMO_PASSWORD, seedDemoUsers, type DemoUser } from './demo-users';
import { createInjectPosClient } from './inject-pos-client';

export interface DemoLoadResult {
  users: DemoUser[];
  stats: SimulationStats[];
  seconds: number;
  endDay: string;
}

/** True when the database holds no account yet: the first start of a fresh data directory. */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  return !row;
}

/**
 * Creates the demo accounts, establishments and users, then has the simulated registers push
 * `days` days of activity ending `endDay` through the ingestion API, as real registers would.
 */
export async function loadDemo(
  app: FastifyInstance,
  options: { days: number; endDay?: string; until?: string; onProgress?: (line: string) => void },
): Promise<DemoLoadResult> {
  const started = performance.now();
  const db = app.database.db;
  const endDay = options.endDay ?? parisDay();
  const accounts = demoAccounts();
  for (const account of accounts) {
    await db
      .insertInto('accounts')
      .values({ id: account.accountId, name: account.name, edition: account.edition })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    for (const e of account.establishments) {
      await db
        .insertInto('companies')
        .values({
          id: e.companyId,
          account_id: account.accountId,
          company_name: e.company_name,
          legal_name: e.legal_name,
          siren: e.siren,
          siret: e.siret,
          vat_number: e.vat_number,
          naf_code: e.naf_code,
          address_street: e.address_street,
          address_zipcode: e.address_zipcode,
          address_city: e.address_city,
          activity: e.activity,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  }
  const suite = accounts.find((a) => a.key === 'suite')!;
  const standard = accounts.find((a) => a.key === 'standard')!;
  const users = await seedDemoUsers(db, {
    suiteAccountId: suite.accountId,
    suiteCompanyIds: suite.establishments.map((e) => e.companyId),
    standardAccountId: standard.accountId,
    standardCompanyId: standard.establishments[0]!.companyId,
  });

  const stats: SimulationStats[] = [];
  const holders = [
    { key: 'suite' as const, email: users.find((u) => u.email === 'demo@comptoir.test')!.email },
    { key: 'standard' as const, email: users.find((u) => u.email === 'standard@comptoir.test')!.email },
  ];
  for (const holder of holders) {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: holder.email, password: DEMO_PASSWORD, scope: 'bo-client' },
    });
    if (res.statusCode !== 200) throw new Error(`demo sign-in failed for ${holder.email}: ${res.body}`);
    const { accessToken } = res.json() as { accessToken: string };
    let lastPrinted = 0;
    stats.push(
      await runSimulation(createInjectPosClient(app, accessToken), {
        endDay,
        days: options.days,
        accounts: [holder.key],
        ...(options.until ? { until: options.until } : {}),
        onProgress: ({ day, done, total }) => {
          const pct = Math.floor((done / total) * 100);
          if (pct >= lastPrinted + 10 || done === total) {
            lastPrinted = pct;
            options.onProgress?.(`demo ${holder.key}: ${pct} % (${day})`);
          }
        },
      }),
    );
  }
  return { users, stats, seconds: (performance.now() - started) / 1000, endDay };
}
