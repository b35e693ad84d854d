import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, type TestApp, waitFor } from '../../test-helpers';
import { startWorker, type Worker } from '../jobs';
import { exportProgressOf } from './export-progress';
import { queueExport, runExportJob } from './mailed-export';

const QUEUE = 'test.resumed-export';

describe('an export whose worker died', () => {
  let t: TestApp;
  let accountId: string;
  let worker: Worker | null = null;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ accountId } = await createAccount(t.database.db, { companies: [{ name: 'Brasserie du Port' }] }));
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
  });

  it('shows interrupted, then resumes as itself: the same row ends done, notified once', async () => {
    const db = t.database.db;
    const { exportId } = await db.transaction().execute((trx) =>
      queueExport(trx, t.app.jobs, QUEUE, {
        account_id: accountId,
        kind: 'fec',
        email: 'compta@brasserie-du-port.test',
        period_start: new Date('2026-03-01T00:00:00Z'),
        period_end: new Date('2026-03-31T21:59:59Z'),
      }),
    );
    // The worker that ran it was killed mid-way: the row says running, its lease has run out.
    await db.updateTable('exports').set({ status: 'running' }).where('id', '=', exportId).execute();
    await db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: 1,
        locked_by: `${os.hostname()}:${process.pid}:killed`,
        lease_expires_at: new Date(Date.now() - 1000),
      })
      .where('queue', '=', QUEUE)
      .execute();
    expect((await exportProgressOf(db, [exportId])).get(exportId)).toEqual({
      isInterrupted: true,
      mail: null,
    });

    const runs: string[] = [];
    worker = startWorker({
      db,
      pollMs: 50,
      handlers: {
        [QUEUE]: (job) =>
          runExportJob(db, job, {
            alreadyDone: (exported) => (exported.status === 'done' ? exported.id : undefined),
            work: async (exported) => {
              runs.push(exported.id);
              return { rows: 12 };
            },
            finished: (result) => ({ row_count: result.rows }),
            notice: {
              done: () => ({ type: 'success', text: 'FEC prêt' }),
              failed: () => ({ type: 'error', text: 'FEC en échec' }),
            },
          }),
      },
    });

    const done = await waitFor(async () => {
      const row = await db
        .selectFrom('exports')
        .selectAll()
        .where('id', '=', exportId)
        .executeTakeFirstOrThrow();
      return row.status === 'done' && row;
    });
    expect(done.row_count).toBe(12);
    expect(runs).toEqual([exportId]);
    expect(
      await db.selectFrom('exports').select('id').where('account_id', '=', accountId).execute(),
    ).toHaveLength(1);
    const notices = await db
      .selectFrom('notifications')
      .select('text')
      .where('account_id', '=', accountId)
      .execute();
    expect(notices).toEqual([{ text: 'FEC prêt' }]);
    expect((await exportProgressOf(db, [exportId])).get(exportId)?.isInterrupted).toBe(false);
  });
});
