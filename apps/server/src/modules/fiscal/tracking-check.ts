import type { SignedRecord, TrackingEntry } from '@comptoir/contracts';
import { encodeRecord, publicKeyFromRaw, verifyBytesAsync } from '@comptoir/fiscal';
import type { Db } from '../../db/database';
import {
  listOrderLines,
  listPaymentLines,
  type OrderLineListRow,
  type PaymentLineListRow,
} from './fiscal-orders.repository';
import {
  CHAINED_RECORD_TABLES,
  findSignedRecords,
  type ChainedRecordKind,
  type SignedRecordRow,
  type TrackingListRow,
} from './fiscal-tracking.repository';
import type { FiscalScope } from './fiscal.repository';

const isChainedKind = (kind: string): kind is ChainedRecordKind => kind in CHAINED_RECORD_TABLES;

interface CheckedRecord {
  isValid: boolean;
  entries: Map<string, TrackingEntry>;
}

/**
 * Re-verifies a stored record against its register's key. The envelope's `at` is rebuilt from the
 * stored instant in the ISO form registers send (milliseconds, Z).
 */
async function checkSignedRecord(row: SignedRecordRow, kind: ChainedRecordKind): Promise<CheckedRecord> {
  try {
    const data = JSON.parse(row.data) as { tracking?: TrackingEntry[] };
    const record = {
      kind,
      v: row.v,
      seq: Number(row.seq),
      prev: row.prev_sig,
      at: row.at.toISOString(),
      data,
      sig: row.sig,
    } as unknown as SignedRecord;
    const isValid = await verifyBytesAsync(
      publicKeyFromRaw(row.public_key),
      encodeRecord(row.register_id, record),
      row.sig,
    );
    return { isValid, entries: new Map((data.tracking ?? []).map((e) => [e.id, e])) };
  } catch {
    return { isValid: false, entries: new Map() };
  }
}

function sameEntry(row: TrackingListRow, entry: TrackingEntry | undefined): boolean {
  return (
    entry !== undefined &&
    entry.action === row.action &&
    entry.tableName === row.table_name &&
    entry.tableId === row.table_id &&
    entry.key === row.key_ &&
    entry.value === row.value &&
    entry.comment === row.comment &&
    Date.parse(entry.at) === row.at.getTime()
  );
}

/** The line fields an 'update' entry may set, as the entry's value text. */
const LINE_FIELDS: Record<string, (line: OrderLineListRow) => string> = {
  quantity: (l) => String(l.quantity),
  price: (l) => String(l.price),
  discount: (l) => String(l.discount),
  offered: (l) => String(l.offered),
};

/** The id of the last 'update' entry per line and field in a signed record: the value the line must hold. */
function lastUpdates(entries: Iterable<TrackingEntry>): Set<string> {
  const last = new Map<string, TrackingEntry>();
  for (const e of entries) {
    if (e.action !== 'update' || e.key === null) continue;
    const key = `${e.tableId}|${e.key}`;
    const known = last.get(key);
    if (!known || Date.parse(known.at) <= Date.parse(e.at)) last.set(key, e);
  }
  return new Set([...last.values()].map((e) => e.id));
}

function lineRowHolds(
  row: TrackingListRow,
  line: OrderLineListRow | undefined,
  isLastUpdate: boolean,
): boolean {
  if (!line || line.order_id !== row.record_id) return false;
  if (row.action === 'delete') return line.removed;
  if (row.action !== 'update' || !isLastUpdate || row.key_ === null) return true;
  if (row.key_ === 'price' && line.order_global_discount > 0) {
    // A global discount taken after the correction is spread onto the lines: the price may only go down, by its share.
    const corrected = Number(row.value);
    return line.price <= corrected && corrected - line.price <= line.order_global_discount;
  }
  const field = LINE_FIELDS[row.key_];
  return !field || field(line) === row.value;
}

function paymentRowHolds(row: TrackingListRow, payment: PaymentLineListRow | undefined): boolean {
  if (!payment || payment.order_id !== row.record_id) return false;
  return row.action !== 'delete' || payment.removed;
}

/**
 * The ids of tracking rows that do not hold against the stored records: the signed record that
 * carries the row is missing or no longer verifies, the record holds no such entry (or another
 * one), or an order-line / payment-line row disagrees with the line (a deletion of a line that is
 * not removed, a last correction whose value the line does not hold). Rows of records without a
 * chain position (server rows, customer accounts) are not checked here.
 */
export async function findErroneousTrackingRows(
  db: Db,
  scope: FiscalScope,
  rows: TrackingListRow[],
): Promise<Set<string>> {
  const idsByKind = new Map<ChainedRecordKind, Set<string>>();
  for (const row of rows) {
    if (row.source !== 'pos' || !isChainedKind(row.record_kind)) continue;
    const ids = idsByKind.get(row.record_kind) ?? new Set<string>();
    ids.add(row.record_id);
    idsByKind.set(row.record_kind, ids);
  }
  const checked = new Map<string, CheckedRecord>();
  for (const [kind, ids] of idsByKind) {
    const signed = await findSignedRecords(db, scope, kind, [...ids]);
    const results = await Promise.all(signed.map((s) => checkSignedRecord(s, kind)));
    signed.forEach((s, i) => checked.set(`${kind}|${s.record_id}`, results[i]!));
  }

  const orderIds = [...(idsByKind.get('order') ?? [])];
  const hasLineRows = rows.some((r) => r.table_name === 'order_line' || r.table_name === 'payment_line');
  const [lines, payments] =
    orderIds.length > 0 && hasLineRows
      ? await Promise.all([
          listOrderLines(db, scope, { orderIds }),
          listPaymentLines(db, scope, { orderIds }),
        ])
      : [[], []];
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const paymentById = new Map(payments.map((p) => [p.id, p]));
  const latest = new Set<string>();
  for (const record of checked.values())
    for (const id of lastUpdates(record.entries.values())) latest.add(id);

  const erroneous = new Set<string>();
  for (const row of rows) {
    if (row.source !== 'pos' || !isChainedKind(row.record_kind)) continue;
    const record = checked.get(`${row.record_kind}|${row.record_id}`);
    let holds = record !== undefined && record.isValid && sameEntry(row, record.entries.get(row.id));
    if (holds && row.record_kind === 'order' && row.table_name === 'order_line') {
      holds = lineRowHolds(row, lineById.get(row.table_id), latest.has(row.id));
    }
    if (holds && row.record_kind === 'order' && row.table_name === 'payment_line') {
      holds = paymentRowHolds(row, paymentById.get(row.table_id));
    }
    if (!holds) erroneous.add(row.id);
  }
  return erroneous;
}
