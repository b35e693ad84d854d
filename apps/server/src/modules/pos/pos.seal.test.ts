import { describe, expect, it } from 'vitest';
import { recordKinds, type RecordKind } from '@comptoir/contracts';
import { simulateBatches } from '@comptoir/pos-sim';
import { mapRecord, type PosRows } from './pos.mapping';
import { encodeRecordSeal, SEALED_TABLES } from './pos.seal';

/** Columns of derived rows that are bookkeeping of the batch, not content the register signed. */
const UNSEALED_COLUMNS = new Set(['batch_id', 'received_at']);
/** Tables a record derives that the back office edits afterwards (customer accounts and their links). */
const MUTABLE_TABLES = new Set(['customer_accounts', 'customer_account_companies']);

describe('the seal layout', () => {
  it('covers every column of every row each record kind derives, so none escapes the seal', () => {
    const seen = new Map<RecordKind, Map<string, Set<string>>>();
    // Sixty days of the demo hold every kind, the rare ones (credits, technical interventions) too.
    for (const { batch, accountKey: accountId, companyId, registerId } of simulateBatches({
      endDay: '2026-03-31',
      days: 60,
    })) {
      for (const record of batch.records) {
        const rows: PosRows = {};
        mapRecord(rows, { accountId, companyId, registerId, batchId: batch.batchId }, record, null, '');
        const tables = seen.get(record.kind) ?? new Map<string, Set<string>>();
        seen.set(record.kind, tables);
        for (const [table, list] of Object.entries(rows)) {
          if (table === 'pos_records' || MUTABLE_TABLES.has(table)) continue;
          const columns = tables.get(table) ?? new Set<string>();
          tables.set(table, columns);
          for (const row of list as Record<string, unknown>[]) {
            for (const column of Object.keys(row)) if (!UNSEALED_COLUMNS.has(column)) columns.add(column);
          }
        }
      }
    }
    expect([...seen.keys()].sort()).toEqual([...recordKinds].sort());
    for (const [kind, tables] of seen) {
      const layout = Object.fromEntries(SEALED_TABLES[kind].map((s) => [s.table, [...s.columns].sort()]));
      const derived = Object.fromEntries([...tables].map(([table, columns]) => [table, [...columns].sort()]));
      expect(layout, `layout of ${kind}`).toEqual(derived);
    }
  });

  it('binds the seal to the chain position and the signature of its record', () => {
    const seal = { registerId: 'r', kind: 'order', seq: 7, sig: 'c2ln', digest: 'ab'.repeat(32) };
    const bytes = encodeRecordSeal(seal).toString('utf8');
    expect(bytes).toBe(`comptoir/record-seal/v1\nr\norder\n7\nc2ln\n${'ab'.repeat(32)}`);
    expect(encodeRecordSeal({ ...seal, seq: 8 }).equals(encodeRecordSeal(seal))).toBe(false);
    expect(encodeRecordSeal({ ...seal, sig: 'c2lo' }).equals(encodeRecordSeal(seal))).toBe(false);
  });
});
