import crypto from 'node:crypto';
import type { BatchRequest, BatchResponse, RecordKind, SignedRecord } from '@comptoir/contracts';
import {
  checkChainLink,
  encodeRecordParts,
  publicKeyFromRaw,
  verifyBytesAsync,
  type ChainHead,
} from '@comptoir/fiscal';
import type { Insertable, Transaction } from 'kysely';
import type { DatabaseHandle, Db } from '../../db/database';
import type { Database } from '../../db/schema/index';
import type { RegisterRow } from '../../db/schema/pos';
import { encodeRegisterChainHead } from '../../platform/jet';
import type { ServerKey } from '../../platform/server-key';
import type { IngestedCustomerOperation } from '../customer-accounts/customer-alerts';
import { addCustomerFigures, CustomerFiguresAccumulator } from './customer-figures';
import { batchRateLimited, posError } from './pos.errors';
import { mapRecord, type PosRows } from './pos.mapping';
import * as repo from './pos.repository';
import { dateAhead, recordBusinessDay, recordProblems } from './pos.rules';
import { encodeRecordSeal } from './pos.seal';
import { RollupAccumulator } from './rollups';

/** What a batch newly stored that matters once it has committed (alerts, tickets mailed at closure). */
export interface IngestionEffects {
  customerOperations: IngestedCustomerOperation[];
  dailyClosures: { id: string; startDay: string; endDay: string }[];
}

const where = (index: number, record: SignedRecord) => ({ index, kind: record.kind, seq: record.seq });

/**
 * Stores a batch of signed records, all or nothing. A batch id already stored answers as a replay
 * only for the same records. Dates and signatures are checked before the transaction (signatures on
 * the thread pool); links, sequences, money rules and closed periods inside it.
 */
export async function ingestBatch(
  database: DatabaseHandle,
  register: RegisterRow,
  batch: BatchRequest,
  /**
   * Signs each moved chain head (`chain_heads.server_sig`), so that a deleted tail is detectable, and
   * seals the rows each record derived (`pos.seal.ts`).
   */
  signer: Pick<ServerKey, 'sign' | 'seal'>,
  /** Filled with what the batch newly stored, for the work done once it has committed. */
  effects?: IngestionEffects,
  /** A register's batches per minute (the back office's own register has no limit). */
  rate?: { perMinute: number },
): Promise<BatchResponse> {
  const db = database.db;
  const encoded = batch.records.map((r) => encodeRecordParts(register.id, r));
  const digest = batchDigest(batch.records, encoded);
  const replay = await repo.findBatch(db, register.id, batch.batchId);
  if (replay) return replayAnswer(db, register.id, batch, replay.content_digest, digest);

  refuseFutureDates(batch.records, Date.now());
  await verifySignatures(register, batch.records, encoded);

  return db.transaction().execute(async (trx) => {
    const locked = await repo.lockRegister(trx, register.id);
    // The same batch id may have been stored while this one was verified.
    const storedBatch = await repo.findBatch(trx, register.id, batch.batchId);
    if (storedBatch) return replayAnswer(trx, register.id, batch, storedBatch.content_digest, digest);
    // Counted in the transaction: a refused batch counts nothing, and one over the limit is rolled back.
    const count = rate ? await repo.countBatch(trx, register.id, Date.now()) : null;
    if (rate && count && count.hits > rate.perMinute) throw batchRateLimited(rate.perMinute, count.ttlMs);
    const chain = await readChain(trx, register, locked.closed_through, batch.records);
    const checked = checkRecords(batch.records, chain);
    const mapped = mapRecords(register, batch, encoded, checked.accepted);
    await storeRows(database, trx, register, mapped, signer);
    await moveHeads(trx, register, checked, locked.closed_through, signer);
    await repo.insertBatch(trx, {
      batch_id: batch.batchId,
      register_id: register.id,
      account_id: register.account_id,
      records: checked.accepted.length,
      content_digest: digest,
    });
    if (effects) {
      effects.customerOperations.push(...mapped.newlyStored.customerOperations);
      effects.dailyClosures.push(...mapped.newlyStored.dailyClosures);
    }
    return {
      batchId: batch.batchId,
      accepted: checked.accepted.length,
      duplicates: checked.duplicates,
      heads: [...checked.heads].map(([kind, h]) => ({ kind: kind as RecordKind, seq: h.seq })),
    };
  });
}

/** No date ahead of the server clock by more than `MAX_CLOCK_AHEAD_MS` (`pos.rules.ts`). */
function refuseFutureDates(records: SignedRecord[], now: number): void {
  for (const [index, record] of records.entries()) {
    const ahead = dateAhead(record, now);
    if (ahead) {
      throw posError('RECORD_IN_FUTURE', {
        ...where(index, record),
        at: record.at,
        ...ahead,
        serverTime: new Date(now).toISOString(),
      });
    }
  }
}

/** Every signature against the register's key, on libuv's thread pool; the first forged one is refused. */
async function verifySignatures(
  register: RegisterRow,
  records: SignedRecord[],
  encoded: { bytes: Buffer }[],
): Promise<void> {
  const publicKey = publicKeyFromRaw(register.public_key);
  const verdicts = await Promise.all(
    records.map((r, i) => verifyBytesAsync(publicKey, encoded[i]!.bytes, r.sig)),
  );
  const forged = verdicts.indexOf(false);
  if (forged >= 0) throw posError('BAD_SIGNATURE', where(forged, records[forged]!));
}

/** The register's chain as the transaction holds it: heads per kind, and the periods closed. */
interface ChainState {
  heads: Map<string, ChainHead>;
  /** `kind:seq` → signature, for the records of the batch at or below their kind's head. */
  storedSignatures: Map<string, string>;
  closedThrough: string | null;
  serverClosedThrough: string | null;
}

/** Reads the chain of the register locked by the transaction (the company's closed period shared). */
async function readChain(
  trx: Transaction<Database>,
  register: RegisterRow,
  closedThrough: string | null,
  records: SignedRecord[],
): Promise<ChainState> {
  const serverClosedThrough = await repo.lockCompanyClosedThrough(trx, register.company_id);
  const heads = new Map<string, ChainHead>(
    (await repo.listChainHeads(trx, register.id)).map((h) => [h.kind, { seq: h.last_seq, sig: h.last_sig }]),
  );
  const replayed = records.filter((r) => r.seq <= (heads.get(r.kind)?.seq ?? 0));
  const storedSignatures = await repo.findStoredSignatures(trx, register.id, replayed);
  return { heads, storedSignatures, closedThrough, serverClosedThrough };
}

/** What the checks admitted, and the chain moved past it. */
interface CheckedRecords {
  accepted: { index: number; record: SignedRecord; businessDay: string | null }[];
  duplicates: number;
  heads: Map<string, ChainHead>;
  touched: Set<RecordKind>;
  closedThrough: string | null;
}

/**
 * In order, each record against the chain as the records before it moved it: a duplicate of a stored
 * one is counted, another signature at a stored position is a conflict; then its link, its money
 * rules and the closed periods. A daily closure moves the register's closed period.
 */
function checkRecords(records: SignedRecord[], chain: ChainState): CheckedRecords {
  const { heads, storedSignatures, serverClosedThrough } = chain;
  let closedThrough = chain.closedThrough;
  const accepted: CheckedRecords['accepted'] = [];
  const touched = new Set<RecordKind>();
  let duplicates = 0;
  for (const [index, record] of records.entries()) {
    const head = heads.get(record.kind) ?? null;
    if (head && record.seq <= head.seq) {
      const sig = storedSignatures.get(`${record.kind}:${record.seq}`);
      if (sig === record.sig) {
        duplicates += 1;
        continue;
      }
      throw posError('SEQUENCE_CONFLICT', where(index, record));
    }
    const defect = checkChainLink(head, record);
    if (defect) throw posError(defect.code, { ...where(index, record), ...defect });
    const problems = recordProblems(record);
    if (problems.length > 0) throw posError('INCONSISTENT_RECORD', { ...where(index, record), problems });
    const day = recordBusinessDay(record);
    const isDailyClosure = record.kind === 'closure' && record.data.type === 1;
    const closesNothingNew = record.kind === 'closure' && !isDailyClosure;
    if (day && closedThrough && day <= closedThrough && !closesNothingNew) {
      throw posError('PERIOD_CLOSED', { ...where(index, record), businessDay: day, closedThrough });
    }
    if (day && serverClosedThrough && day <= serverClosedThrough && !closesNothingNew) {
      throw posError('PERIOD_CLOSED', {
        ...where(index, record),
        businessDay: day,
        closedThrough: serverClosedThrough,
        closedBy: 'server',
      });
    }
    if (isDailyClosure && (!closedThrough || record.data.endDay > closedThrough)) {
      closedThrough = record.data.endDay;
    }
    heads.set(record.kind, { seq: record.seq, sig: record.sig });
    touched.add(record.kind);
    accepted.push({ index, record, businessDay: day });
  }
  return { accepted, duplicates, heads, touched, closedThrough };
}

/** The rows the accepted records derive, and what they add to rollups, customer figures and balances. */
interface MappedRecords {
  rows: PosRows;
  rollups: RollupAccumulator;
  customerFigures: CustomerFiguresAccumulator;
  balances: Map<string, { id: string; balance: number; visits: number }>;
  newlyStored: IngestionEffects;
}

function mapRecords(
  register: RegisterRow,
  batch: BatchRequest,
  encoded: { dataText: string }[],
  accepted: CheckedRecords['accepted'],
): MappedRecords {
  const ctx = {
    accountId: register.account_id,
    companyId: register.company_id,
    registerId: register.id,
    batchId: batch.batchId,
  };
  const rows: PosRows = {};
  const rollups = new RollupAccumulator();
  const customerFigures = new CustomerFiguresAccumulator();
  const balances = new Map<string, { id: string; balance: number; visits: number }>();
  const newlyStored: IngestionEffects = { customerOperations: [], dailyClosures: [] };
  for (const { index, record, businessDay } of accepted) {
    mapRecord(rows, ctx, record, businessDay, encoded[index]!.dataText);
    if (record.kind === 'order') {
      rollups.addOrder(ctx, record.data);
      customerFigures.addOrder(ctx, record.data);
    }
    if (record.kind === 'customer_operation') {
      const d = record.data;
      const b = balances.get(d.customerAccountId) ?? { id: d.customerAccountId, balance: 0, visits: 0 };
      b.balance = d.balanceAfter;
      if (d.operation === 'charge') b.visits += 1;
      balances.set(d.customerAccountId, b);
      newlyStored.customerOperations.push({
        id: d.id,
        customerAccountId: d.customerAccountId,
        amount: d.amount,
        balanceAfter: d.balanceAfter,
      });
    }
    if (record.kind === 'closure' && record.data.type === 1) {
      newlyStored.dailyClosures.push({
        id: record.data.id,
        startDay: record.data.startDay,
        endDay: record.data.endDay,
      });
    }
  }
  return { rows, rollups, customerFigures, balances, newlyStored };
}

/**
 * Writes the mapped rows: customer accounts (none of another account), the normalised rows, the raw
 * records sealed with the rows they derived, balances, rollups and customer figures.
 */
async function storeRows(
  database: DatabaseHandle,
  trx: Transaction<Database>,
  register: RegisterRow,
  mapped: MappedRecords,
  signer: Pick<ServerKey, 'seal'>,
): Promise<void> {
  const { rows, rollups, customerFigures, balances } = mapped;
  const customers = rows.customer_accounts ?? [];
  const foreign = await repo.foreignCustomerIds(trx, register.account_id, [
    ...customers.map((c) => c.id),
    ...balances.keys(),
  ]);
  if (foreign.length > 0) throw posError('FOREIGN_REFERENCE', { customerAccountIds: foreign });
  await repo.upsertCustomerAccounts(trx, customers);
  await repo.linkCustomerAccounts(trx, rows.customer_account_companies ?? []);
  delete rows.customer_accounts;
  delete rows.customer_account_companies;
  const records = rows.pos_records ?? [];
  delete rows.pos_records;
  for (const [table, list] of Object.entries(rows)) {
    await database.bulkInsert(trx, table as keyof PosRows, list as never);
  }
  await sealRecords(trx, records, signer);
  await database.bulkInsert(trx, 'pos_records', records);
  await repo.applyCustomerBalances(trx, register.account_id, [...balances.values()]);
  await repo.addRollups(trx, rollups.result(), rollups.monthlyResult());
  await addCustomerFigures(trx, customerFigures.result());
}

/** Moves each touched kind's chain head, signed by the server, and the register's closed period. */
async function moveHeads(
  trx: Transaction<Database>,
  register: RegisterRow,
  checked: CheckedRecords,
  lockedClosedThrough: string | null,
  signer: Pick<ServerKey, 'sign'>,
): Promise<void> {
  await repo.upsertChainHeads(
    trx,
    [...checked.touched].map((kind) => {
      const head = checked.heads.get(kind)!;
      return {
        register_id: register.id,
        kind,
        account_id: register.account_id,
        company_id: register.company_id,
        last_seq: head.seq,
        last_sig: head.sig,
        server_sig: signer.sign(
          encodeRegisterChainHead({
            accountId: register.account_id,
            companyId: register.company_id,
            registerId: register.id,
            kind,
            lastSeq: head.seq,
            lastSig: head.sig,
          }),
        ),
      };
    }),
  );
  const { closedThrough } = checked;
  if (closedThrough && closedThrough !== lockedClosedThrough) {
    await repo.setClosedThrough(trx, register.id, closedThrough);
  }
}

/**
 * What a batch is known by: SHA-256 over its record count, then each record's signed bytes and
 * signature in order (canonical JSON and signatures hold no line break, so the text reads one way).
 */
function batchDigest(records: SignedRecord[], encoded: { bytes: Buffer }[]): string {
  const hash = crypto.createHash('sha256').update(`comptoir/pos-batch/v1\n${records.length}\n`);
  records.forEach((r, i) => hash.update(encoded[i]!.bytes).update(`\n${r.sig}\n`));
  return hash.digest('hex');
}

/** The answer to a batch id already stored: the stored answer for the same records, else refused. */
async function replayAnswer(
  db: Db | Transaction<Database>,
  registerId: string,
  batch: BatchRequest,
  storedDigest: string | null,
  digest: string,
): Promise<BatchResponse> {
  // Batches stored before digests (migration 012) are taken as replays, as they were then.
  if (storedDigest !== null && storedDigest !== digest) {
    throw posError('BATCH_ID_REUSED', { batchId: batch.batchId });
  }
  const heads = await repo.listChainHeads(db, registerId);
  return { batchId: batch.batchId, accepted: 0, duplicates: batch.records.length, heads: headsOf(heads) };
}

/**
 * Seals each record with the digest of the rows it derived, read back from the database after they
 * were written in this transaction (the text every later check recomputes), and the server's HMAC.
 */
async function sealRecords(
  trx: Transaction<Database>,
  records: Insertable<Database['pos_records']>[],
  signer: Pick<ServerKey, 'seal'>,
): Promise<void> {
  const byKind = new Map<RecordKind, Insertable<Database['pos_records']>[]>();
  for (const r of records) {
    const kind = r.kind as RecordKind;
    const list = byKind.get(kind);
    if (list) list.push(r);
    else byKind.set(kind, [r]);
  }
  for (const [kind, list] of byKind) {
    const digests = await repo.storedRowDigests(
      trx,
      kind,
      list.map((r) => r.record_id),
    );
    for (const r of list) {
      const digest = digests.get(r.record_id)!;
      r.rows_digest = digest;
      r.rows_seal = signer.seal(
        encodeRecordSeal({ registerId: r.register_id, kind, seq: r.seq, sig: r.sig, digest }),
      );
    }
  }
}

function headsOf(rows: { kind: string; last_seq: number }[]): BatchResponse['heads'] {
  return rows.map((h) => ({ kind: h.kind as RecordKind, seq: h.last_seq }));
}
