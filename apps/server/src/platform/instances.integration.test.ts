import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@comptoir/pos-sim';
import { migrations } from '../db/migrations/index';
import { loadDemoOnFirstStart } from '../demo/first-start';
import { salesLinesLink } from '../modules/data-export/sales-lines.link';
import { buildTestAppOn, createTestTenant, type TestApp } from '../test-helpers';
import { loadConfig } from './config';
import { defaultServerKeyFile } from './server-key';
import { sharedTestDatabase, type SharedTestDatabase } from '../testing/instances';

/** Two instances on one PostgreSQL database, each with a data directory of its own (issue 33, part 2). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let shared: SharedTestDatabase;
  let first: TestApp;
  let second: TestApp;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    shared = (await sharedTestDatabase())!;
    // One signing identity (part 1), a data directory each.
    const serverSigningKeyFile = defaultServerKeyFile(loadConfig({}).dataDir);
    const instance = async () => {
      dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-instance-')));
      return buildTestAppOn(await shared.open(), { dataDir: dataDirs.at(-1)!, serverSigningKeyFile });
    };
    first = await instance();
    second = await instance();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await shared?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("serves through one instance the export file another one wrote, at the mail's PUBLIC_URL link", async () => {
    const tenant = await createTestTenant(first);
    const exportId = crypto.randomUUID();
    const fileKey = `exports/sales-lines/${exportId}.csv`;
    const content = `"Établissement","Ligne"\r\n${'"Le Petit Zinc","1"\r\n'.repeat(50_000)}`;
    await first.app.files.put(fileKey, content);
    await first.database.db
      .insertInto('exports')
      .values({
        id: exportId,
        account_id: tenant.accountId,
        company_ids: JSON.stringify(tenant.companyIds),
        kind: 'sales_lines',
        status: 'done',
        email: 'compta@example.test',
        period_start: new Date('2026-03-13T23:00:00Z'),
        period_end: new Date('2026-03-14T22:59:59Z'),
        file_key: fileKey,
        row_count: 50_000,
        finished_at: new Date(),
      })
      .execute();

    const link = new URL(salesLinesLink(second.config, exportId));
    const downloaded = await second.as(null).get(link.pathname + link.search);

    expect(link.origin).toBe(new URL(second.config.publicUrl).origin);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toContain('text/csv');
    expect(downloaded.body).toBe(content);
    expect(fs.readdirSync(dataDirs[1]!)).not.toContain('files');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances starting together on a fresh database', () => {
  it('both come up, the migrations run once and one of them loads the demo', async () => {
    const fresh = (await sharedTestDatabase({ empty: true }))!;
    const serverSigningKeyFile = defaultServerKeyFile(loadConfig({}).dataDir);
    const instances: TestApp[] = [];
    try {
      const databases = await Promise.all([fresh.open(), fresh.open()]);
      instances.push(
        ...(await Promise.all(
          databases.map((database) => buildTestAppOn(database, { serverSigningKeyFile })),
        )),
      );
      const demos = await Promise.all(
        instances.map((t) => loadDemoOnFirstStart(t.app, { days: 1, endDay: '2026-03-14' })),
      );

      for (const t of instances) expect((await t.as(null).get('/api/health')).statusCode).toBe(200);
      const applied = await instances[0]!.database.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(applied.map((row) => (row as { name: string }).name).sort()).toEqual(
        Object.keys(migrations).sort(),
      );
      const loaded = demos.filter((demo) => demo !== null);
      expect(loaded).toHaveLength(1);
      const accounts = await instances[1]!.database.db.selectFrom('accounts').select('id').execute();
      expect(accounts).toHaveLength(demoAccounts().length);
      expect(await loadDemoOnFirstStart(instances[1]!.app, { days: 1, endDay: '2026-03-14' })).toBeNull();
    } finally {
      for (const t of instances) await t.close();
      await fresh.drop();
    }
  });
});
