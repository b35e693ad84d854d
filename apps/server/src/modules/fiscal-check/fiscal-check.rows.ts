import type { RecordKind, SignatureDefectDetails, SignedRecord } from '@comptoir/contracts';
import { mapRecord, type PosRows } from '../pos/pos.mapping';
import { storedRowDigests } from '../pos/pos.seal.service';
import { encodeRecordSeal, SEALED_TABLES } from '../pos/pos.seal';
import { registerDefectBase, type ChainState, type CheckRun } from './fiscal-check.context';
import { cap, describeRecord, fieldLabel, formatValue, OF_KIND, TABLE_LABELS } from './fiscal-check.messages';
import * as repo from './fiscal-check.repository';
import type { ChainRecord } from './fiscal-check.repository';

/** Why a record's stored rows are compared one by one with what it signed. */
type Recheck = 'unsealed' | 'seal' | 'digest';

/**
 * The stored rows of each record against its seal: the database's digest of them today, the
 * digest sealed at ingestion, and the server's HMAC over it. A record whose seal does not hold, or
 * that was stored before seals, has its rows compared one by one with what it signed.
 */
export async function checkSeals(run: CheckRun, chain: ChainState, rows: ChainRecord[]): Promise<void> {
  if (rows.length === 0) return;
  const kind = chain.kind as RecordKind;
  const sealed = rows.filter((r) => r.rows_seal !== null && r.rows_digest !== null);
  const digests = await storedRowDigests(
    run.db,
    kind,
    sealed.map((r) => r.record_id),
  );
  const recheck: { row: ChainRecord; why: Recheck }[] = [];
  for (const row of rows) {
    if (row.rows_seal === null || row.rows_digest === null) {
      recheck.push({ row, why: 'unsealed' });
      continue;
    }
    const bytes = encodeRecordSeal({
      registerId: row.register_id,
      kind,
      seq: row.seq,
      sig: row.sig,
      digest: row.rows_digest,
    });
    if (!run.serverKey.checkSeal(bytes, row.rows_seal)) recheck.push({ row, why: 'seal' });
    else if (digests.get(row.record_id) !== row.rows_digest) recheck.push({ row, why: 'digest' });
  }
  if (recheck.length > 0) await compareRows(run, chain, recheck);
}

/** Re-maps each record as ingestion did and compares the stored rows with it, row by row. */
async function compareRows(
  run: CheckRun,
  chain: ChainState,
  records: { row: ChainRecord; why: Recheck }[],
): Promise<void> {
  const kind = chain.kind as RecordKind;
  const where = (r: ChainRecord) => `(caisse ${chain.reg.name}, séquence ${r.seq})`;
  const found = new Map<ChainRecord, number>();
  const expected = new Map<string, { row: Record<string, unknown>; source: ChainRecord; label: string }[]>();
  for (const { row: r } of records) {
    const mapped: PosRows = {};
    try {
      const data = JSON.parse(r.data) as SignedRecord['data'];
      const record = {
        kind: r.kind,
        v: r.v,
        seq: r.seq,
        prev: r.prev_sig,
        at: new Date(r.at).toISOString(),
        data,
        sig: r.sig,
      } as SignedRecord;
      mapRecord(
        mapped,
        { accountId: r.account_id, companyId: r.company_id, registerId: r.register_id, batchId: '' },
        record,
        r.business_day,
        r.data,
      );
    } catch {
      continue; // content that no longer maps was edited: its signature says so
    }
    for (const sealed of SEALED_TABLES[kind]) {
      const list = (mapped[sealed.table] ?? []) as Record<string, unknown>[];
      let bucket = expected.get(sealed.table);
      if (!bucket) expected.set(sealed.table, (bucket = []));
      list.forEach((row, i) => {
        const label =
          sealed.link === 'id'
            ? cap(describeRecord(r))
            : `${TABLE_LABELS[sealed.table]} ${i + 1} ${OF_KIND[r.kind] ?? 'de '}${describeRecord(r)}`;
        bucket.push({ row, source: r, label: `${label} ${where(r)}` });
      });
    }
  }
  const byRecordId = new Map(records.map((x) => [x.row.record_id, x.row]));
  for (const sealed of SEALED_TABLES[kind]) {
    const list = expected.get(sealed.table) ?? [];
    const stored = await repo.sealedRows(run.db, sealed, kind, [...byRecordId.keys()]);
    const storedById = new Map(stored.map((s) => [String(s.id), s]));
    const expectedIds = new Set(list.map((e) => String(e.row.id)));
    const report = (source: ChainRecord, details: SignatureDefectDetails, message: string) => {
      run.defects.push({
        ...registerDefectBase(source, source.company_id),
        code: 'ROW_MISMATCH',
        details,
        message,
      });
      found.set(source, (found.get(source) ?? 0) + 1);
    };
    for (const e of list) {
      const row = storedById.get(String(e.row.id));
      if (!row) {
        report(
          e.source,
          { table: sealed.table, field: 'id', expected: String(e.row.id), found: null },
          `${e.label} : ligne signée absente de la table ${sealed.table}`,
        );
        continue;
      }
      for (const field of sealed.columns) {
        const want = norm(e.row[field]);
        const got = norm(row[field]);
        if (want === got) continue;
        report(
          e.source,
          {
            table: sealed.table,
            field,
            expected: want as string | number | boolean | null,
            found: got as string | number | boolean | null,
          },
          `${e.label} : ${fieldLabel(field)} signé ${formatValue(field, want)}, trouvé ${formatValue(field, got)}`,
        );
      }
    }
    for (const row of stored) {
      if (expectedIds.has(String(row.id))) continue;
      const source = byRecordId.get(String(row[sealed.link]));
      if (!source) continue;
      report(
        source,
        { table: sealed.table, field: 'id', expected: null, found: String(row.id) },
        `${cap(describeRecord(source))} ${where(source)} : ligne ${String(row.id)} de la table ` +
          `${sealed.table} absente de l'enregistrement signé`,
      );
    }
  }
  for (const { row, why } of records) {
    if (why === 'unsealed' || found.has(row)) continue;
    run.defects.push({
      ...registerDefectBase(row, chain.reg.companyId),
      code: 'ROW_MISMATCH',
      details: { table: 'pos_records', field: why === 'seal' ? 'rows_seal' : 'rows_digest' },
      message:
        `${cap(describeRecord(row))} ${where(row)} : ` +
        (why === 'seal'
          ? 'le sceau du serveur sur les lignes enregistrées ne correspond pas (empreinte ou sceau modifié)'
          : 'les lignes enregistrées ne correspondent plus à leur empreinte scellée'),
    });
  }
}

/** A value in one comparable form: instants as ISO, numeric strings as numbers, JSON as canonical-ish text. */
function norm(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
      const d = new Date(value);
      if (!Number.isNaN(d.getTime())) return d.toISOString();
    }
    if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
    if (value.startsWith('[') || value.startsWith('{')) {
      try {
        return stable(JSON.parse(value));
      } catch {
        return value;
      }
    }
    return value;
  }
  if (typeof value === 'object') return stable(value);
  return value;
}

/** JSON with keys sorted at every level: jsonb does not keep the signed order of keys. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
