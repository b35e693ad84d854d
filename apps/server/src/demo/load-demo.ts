import { parisToday } from '@comptoir/contracts';
import type { FastifyInstance } from 'fastify';
import { DEMO_LOADER_HEADER } from '../app';
import { Worker } from 'node:worker_threads';
import { demoAccounts, Simulator, type SimulationStats, type SimulatorOptions } from '@comptoir/pos-sim';
import type { Db } from '../db/database';
import { seedDemoAccounting } from './demo-accounting';
import { seedDemoFeed } from './demo-feed';
import { seedDemoNotifications } from './demo-notifications';
import { DemoDispensers } from './demo-wares';
import { seedDemoPartnerStates } from './partner-sim';
import { DEMO_PASSWORD, seedDemoUsers, type DemoUser } from './demo-users';
import { createInjectPosClient } from './inject-pos-client';
import type { SimWorkerBatch, SimWorkerInput, SimWorkerMessage } from './sim-worker';

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
  options: {
    days: number;
    endDay?: string;
    until?: string;
    onProgress?: (line: string) => void;
    /** The benches' variants: only some accounts or establishments, a larger volume. */
    simulation?: Pick<SimulatorOptions, 'accounts' | 'establishments' | 'volume'>;
  },
): Promise<DemoLoadResult> {
  const started = performance.now();
  const db = app.database.db;
  const endDay = options.endDay ?? parisToday();
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
  await seedDemoNotifications(db, { accountIds: [suite.accountId, standard.accountId], endDay });
  await seedDemoFeed(db, { endDay });

  const stats: SimulationStats[] = [];
  const holders = [
    { key: 'suite' as const, email: 'demo@comptoir.test' },
    { key: 'standard' as const, email: 'standard@comptoir.test' },
  ];
  for (const holder of holders) {
    if (options.simulation?.accounts && !options.simulation.accounts.includes(holder.key)) continue;
    const res = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: holder.email, password: DEMO_PASSWORD, scope: 'bo-client' },
    });
    if (res.statusCode !== 200) throw new Error(`demo sign-in failed for ${holder.email}: ${res.body}`);
    const { accessToken } = res.json() as { accessToken: string };
    let lastPrinted = 0;
    stats.push(
      await simulateInWorker(app, accessToken, {
        options: {
          endDay,
          days: options.days,
          accounts: [holder.key],
          ...(options.until ? { until: options.until } : {}),
          ...(options.simulation?.establishments
            ? { establishments: options.simulation.establishments }
            : {}),
          ...(options.simulation?.volume ? { volume: options.simulation.volume } : {}),
        },
        // A week per batch: the registers' records are the same, the server's per-batch work is shared.
        daysPerBatch: 7,
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
  await seedDemoAccounting(db, {
    accountId: suite.accountId,
    companyIds: suite.establishments.map((e) => e.companyId),
  });
  await seedDemoPartnerStates(app);
  return { users, stats, seconds: (performance.now() - started) / 1000, endDay };
}

/**
 * Enrols the simulated registers through the API, then lets a worker thread generate and sign
 * their records while this thread stores them: the simulator's work uses the second core.
 */
async function simulateInWorker(
  app: FastifyInstance,
  holderAccessToken: string,
  input: {
    options: SimulatorOptions;
    daysPerBatch: number;
    onProgress: (p: { day: string; done: number; total: number }) => void;
  },
): Promise<SimulationStats> {
  const client = createInjectPosClient(app, holderAccessToken);
  const registerIds: Record<string, string> = {};
  const tokens = new Map<string, string>();
  for (const register of new Simulator(input.options).registers) {
    const enrolled = await client.enrollRegister({
      companyId: register.companyId,
      name: register.name,
      serial: register.serial,
      publicKey: register.publicKey,
    });
    registerIds[register.key] = enrolled.registerId;
    tokens.set(register.key, enrolled.registerToken);
    await client.putCatalog(enrolled.registerId, enrolled.registerToken, register.catalog);
  }
  const dispensers = new DemoDispensers(app, { options: input.options, registerIds, tokens });
  const workerData: SimWorkerInput = {
    options: { ...input.options, registerIds },
    daysPerBatch: input.daysPerBatch,
  };
  const worker = new Worker(new URL('./sim-worker-entry.mjs', import.meta.url), { workerData });
  try {
    return await new Promise<SimulationStats>((resolve, reject) => {
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (code !== 0) reject(new Error(`the simulator worker stopped (exit ${code})`));
      });
      // Batches are stored in the order they come; 'done' resolves once the last ones are stored.
      let stored = Promise.resolve();
      worker.on('message', (message: SimWorkerMessage) => {
        if (message.type === 'done') {
          stored.then(() => dispensers.flush()).then(() => resolve(message.stats), reject);
          return;
        }
        stored = stored.then(async () => {
          await Promise.all(message.batches.map((b) => postBatch(app, b, tokens.get(b.registerKey)!)));
          await dispensers.push(message.batches);
          input.onProgress(message);
          worker.postMessage('stored');
        });
        stored.catch(reject);
      });
    });
  } finally {
    await worker.terminate();
  }
}

async function postBatch(app: FastifyInstance, batch: SimWorkerBatch, registerToken: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: `/pos/v1/registers/${batch.registerId}/batches`,
    headers: {
      authorization: `Register ${registerToken}`,
      'content-type': 'application/json',
      [DEMO_LOADER_HEADER]: '1',
    },
    payload: batch.body,
  });
  if (res.statusCode !== 200)
    throw new Error(`batch of ${batch.registerKey} refused: ${res.body.slice(0, 500)}`);
  const answer = res.json() as { accepted: number; duplicates: number };
  if (answer.accepted + answer.duplicates !== batch.records) {
    throw new Error(
      `batch of ${batch.registerKey}: the server took ${answer.accepted + answer.duplicates} of ${batch.records}`,
    );
  }
}
