import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { RecordKind } from '@comptoir/contracts';
import { buildDemoTestApp, type TestApp } from '../../test-helpers';
import { storedRowDigests } from './pos.repository';
import { encodeRecordSeal } from './pos.seal';

let t: TestApp;

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 2, endDay: '2026-03-07' });
}, 120_000);
afterAll(() => t.close());

describe('record seals at ingestion', () => {
  it('seal every record with the digest of the rows it derived, which the database computes again', async () => {
    const records = await t.database.db
      .selectFrom('pos_records')
      .select(['register_id', 'kind', 'seq', 'sig', 'record_id', 'rows_digest', 'rows_seal'])
      .execute();
    expect(new Set(records.map((r) => r.kind)).size).toBeGreaterThanOrEqual(8);
    for (const kind of new Set(records.map((r) => r.kind as RecordKind))) {
      const ofKind = records.filter((r) => r.kind === kind);
      const now = await storedRowDigests(
        t.database.db,
        kind,
        ofKind.map((r) => r.record_id),
      );
      for (const r of ofKind) {
        expect(r.rows_digest, `${kind} ${r.seq}`).toMatch(/^[0-9a-f]{64}$/);
        expect(now.get(r.record_id), `${kind} ${r.seq}`).toBe(r.rows_digest);
        const bytes = encodeRecordSeal({
          registerId: r.register_id,
          kind,
          seq: r.seq,
          sig: r.sig,
          digest: r.rows_digest!,
        });
        expect(t.app.serverKey.checkSeal(bytes, r.rows_seal!), `${kind} ${r.seq}`).toBe(true);
      }
    }
  });

  it('gives another digest when a derived row changes, and the seal refuses a digest it did not make', async () => {
    const line = await t.database.db.selectFrom('order_lines').select(['order_id']).executeTakeFirstOrThrow();
    const record = await t.database.db
      .selectFrom('pos_records')
      .select(['register_id', 'seq', 'sig', 'rows_digest', 'rows_seal'])
      .where('record_id', '=', line.order_id)
      .executeTakeFirstOrThrow();
    const before = (await storedRowDigests(t.database.db, 'order', [line.order_id])).get(line.order_id);
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        // As a superuser could, with the append-only triggers off; rolled back at the end.
        await sql`set local session_replication_role = replica`.execute(trx);
        await trx
          .updateTable('order_lines')
          .set({ quantity: 7 })
          .where('order_id', '=', line.order_id)
          .execute();
        const after = (await storedRowDigests(trx, 'order', [line.order_id])).get(line.order_id);
        expect(after).not.toBe(before);
        const forged = { registerId: record.register_id, kind: 'order', seq: record.seq, sig: record.sig };
        expect(
          t.app.serverKey.checkSeal(encodeRecordSeal({ ...forged, digest: after! }), record.rows_seal!),
        ).toBe(false);
        throw new Error('rollback');
      })
      .catch((error: Error) => {
        if (error.message !== 'rollback') throw error;
      });
    expect((await storedRowDigests(t.database.db, 'order', [line.order_id])).get(line.order_id)).toBe(before);
  });
});
