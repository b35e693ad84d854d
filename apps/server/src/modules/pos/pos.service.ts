import crypto from 'node:crypto';
import {
  CUSTOMER_OPTION_SWITCH_KEYS,
  customerOptionKey,
  type BatchRequest,
  type BatchResponse,
  type CatalogRequest,
  type CustomerAccountChangesQuery,
  type CustomerAccountChangesResponse,
  type CustomerOptionKey,
  type PosBackOfficeOperation,
  type RecordKind,
  type SignedRecord,
} from '@comptoir/contracts';
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
import { encodeRegisterChainHead, JET_EVENTS, recordJetEvent, recordJetRefusal } from '../../platform/jet';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import type { IngestedCustomerOperation } from '../customer-accounts/customer-alerts';
import { keyFingerprint } from '../fiscal-keys/fiscal-keys.format';
import { posError } from './pos.errors';
import { mapRecord, type PosRows } from './pos.mapping';
import * as repo from './pos.repository';
import { dateAhead, recordBusinessDay, recordProblems } from './pos.rules';
import { encodeRecordSeal } from './pos.seal';
import { addCustomerFigures, CustomerFiguresAccumulator } from './customer-figures';
import { RollupAccumulator } from './rollups';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function enrollRegister(
  db: Db,
  ctx: RequestContext,
  req: { companyId: string; name: string; serial: string; publicKey: string },
  /** Signs the JET events of the enrolment (71 enrolled, 72 re-enrolled, 73 key refused). */
  signer: ServerKey,
): Promise<{ registerId: string; companyId: string; registerToken: string }> {
  if (ctx.kind !== 'user' || ctx.role !== 'holder') throw posError('ENROLL_FORBIDDEN');
  const company = await repo.findCompany(db, req.companyId);
  if (!company || company.account_id !== ctx.accountId || !ctx.companyIds.includes(req.companyId)) {
    throw posError('COMPANY_FORBIDDEN');
  }
  // A refused key is journaled once per holder, reason and hour; the others are counted.
  const journalRefusal = (details: {
    reason: string;
    fingerprint: string | null;
    registerId: string | null;
  }) =>
    recordJetRefusal(db, signer, {
      ...JET_EVENTS.registerKeyRefused,
      accountId: ctx.accountId,
      companyId: req.companyId,
      userId: ctx.userId,
      details: { serial: req.serial, name: req.name, ...details },
      caller: ctx.userId,
      reason: details.reason,
    });
  try {
    publicKeyFromRaw(req.publicKey);
  } catch {
    await journalRefusal({
      reason: 'INVALID_PUBLIC_KEY',
      fingerprint: null,
      registerId: null,
    });
    throw posError('INVALID_PUBLIC_KEY');
  }
  const fingerprint = keyFingerprint(req.publicKey);
  const registerToken = crypto.randomBytes(32).toString('base64url');
  const existing = await repo.findRegisterBySerial(db, req.companyId, req.serial);
  if (existing) {
    // Re-enrolling the same device (same key) issues a new credential; another key is refused.
    if (existing.public_key !== req.publicKey) {
      await journalRefusal({
        reason: 'REGISTER_ALREADY_ENROLLED',
        fingerprint,
        registerId: existing.id,
      });
      throw posError('REGISTER_ALREADY_ENROLLED');
    }
    await db.transaction().execute(async (trx) => {
      await repo.updateRegisterToken(trx, existing.id, hashToken(registerToken));
      await recordJetEvent(trx, signer, {
        ...JET_EVENTS.registerReEnrolled,
        accountId: ctx.accountId,
        companyId: req.companyId,
        userId: ctx.userId,
        details: { registerId: existing.id, serial: existing.serial, name: existing.name, fingerprint },
      });
    });
    return { registerId: existing.id, companyId: req.companyId, registerToken };
  }
  const registerId = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await repo.insertRegister(trx, {
      id: registerId,
      account_id: ctx.accountId,
      company_id: req.companyId,
      name: req.name,
      serial: req.serial,
      public_key: req.publicKey,
      token_hash: hashToken(registerToken),
      enrolled_by: ctx.userId,
    });
    await recordJetEvent(trx, signer, {
      ...JET_EVENTS.registerEnrolled,
      accountId: ctx.accountId,
      companyId: req.companyId,
      userId: ctx.userId,
      details: { registerId, serial: req.serial, name: req.name, fingerprint },
    });
  });
  return { registerId, companyId: req.companyId, registerToken };
}

/** The register behind `Authorization: Register <token>`, which must be the one in the path. */
export async function authenticateRegister(
  db: Db,
  authorization: string | undefined,
  registerId: string,
): Promise<RegisterRow> {
  const token = /^Register\s+(\S+)$/.exec(authorization ?? '')?.[1];
  if (!token) throw posError('REGISTER_UNAUTHENTICATED');
  const register = await repo.findRegisterByTokenHash(db, hashToken(token));
  if (!register || !register.is_active) throw posError('REGISTER_UNAUTHENTICATED');
  if (register.id !== registerId) throw posError('REGISTER_MISMATCH');
  return register;
}

export async function putCatalog(db: Db, register: RegisterRow, catalog: CatalogRequest): Promise<void> {
  await db
    .transaction()
    .execute((trx) =>
      repo.upsertCatalog(trx, { account_id: register.account_id, company_id: register.company_id }, catalog),
    );
}

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
): Promise<BatchResponse> {
  const db = database.db;
  const encoded = batch.records.map((r) => encodeRecordParts(register.id, r));
  const digest = batchDigest(batch.records, encoded);
  const replay = await repo.findBatch(db, register.id, batch.batchId);
  if (replay) return replayAnswer(db, register.id, batch, replay.content_digest, digest);

  const now = Date.now();
  for (const [index, record] of batch.records.entries()) {
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

  const publicKey = publicKeyFromRaw(register.public_key);
  const verdicts = await Promise.all(
    batch.records.map((r, i) => verifyBytesAsync(publicKey, encoded[i]!.bytes, r.sig)),
  );
  const forged = verdicts.indexOf(false);
  if (forged >= 0) throw posError('BAD_SIGNATURE', where(forged, batch.records[forged]!));

  return db.transaction().execute(async (trx) => {
    const locked = await repo.lockRegister(trx, register.id);
    // The same batch id may have been stored while this one was verified.
    const storedBatch = await repo.findBatch(trx, register.id, batch.batchId);
    if (storedBatch) return replayAnswer(trx, register.id, batch, storedBatch.content_digest, digest);
    let closedThrough = locked.closed_through;
    const serverClosedThrough = await repo.lockCompanyClosedThrough(trx, register.company_id);
    const heads = new Map<string, ChainHead>(
      (await repo.listChainHeads(trx, register.id)).map((h) => [
        h.kind,
        { seq: h.last_seq, sig: h.last_sig },
      ]),
    );
    const replayed = batch.records.filter((r) => r.seq <= (heads.get(r.kind)?.seq ?? 0));
    const stored = await repo.findStoredSignatures(trx, register.id, replayed);

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
    const touched = new Set<RecordKind>();
    let accepted = 0;
    let duplicates = 0;
    const newlyStored: IngestionEffects = { customerOperations: [], dailyClosures: [] };

    for (const [index, record] of batch.records.entries()) {
      const head = heads.get(record.kind) ?? null;
      if (head && record.seq <= head.seq) {
        const sig = stored.get(`${record.kind}:${record.seq}`);
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

      mapRecord(rows, ctx, record, day, encoded[index]!.dataText);
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
      if (isDailyClosure) {
        newlyStored.dailyClosures.push({
          id: record.data.id,
          startDay: record.data.startDay,
          endDay: record.data.endDay,
        });
      }
      if (isDailyClosure && (!closedThrough || record.data.endDay > closedThrough)) {
        closedThrough = record.data.endDay;
      }
      heads.set(record.kind, { seq: record.seq, sig: record.sig });
      touched.add(record.kind);
      accepted += 1;
    }

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
    await repo.upsertChainHeads(
      trx,
      [...touched].map((kind) => {
        const head = heads.get(kind)!;
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
    if (closedThrough && closedThrough !== locked.closed_through) {
      await repo.setClosedThrough(trx, register.id, closedThrough);
    }
    await repo.insertBatch(trx, {
      batch_id: batch.batchId,
      register_id: register.id,
      account_id: register.account_id,
      records: accepted,
      content_digest: digest,
    });
    if (effects) {
      effects.customerOperations.push(...newlyStored.customerOperations);
      effects.dailyClosures.push(...newlyStored.dailyClosures);
    }
    return {
      batchId: batch.batchId,
      accepted,
      duplicates,
      heads: [...heads].map(([kind, h]) => ({ kind: kind as RecordKind, seq: h.seq })),
    };
  });
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

/** The cursor of `GET /pos/v1/customer-accounts`: the newest change sent, opaque to the register. */
function encodeChangeCursor(changedAt: string | null): string {
  return Buffer.from(JSON.stringify({ v: 1, at: changedAt }), 'utf8').toString('base64url');
}

/** The instant a cursor holds, as the repository writes it (UTC, microseconds). */
const CURSOR_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function decodeChangeCursor(cursor: string): string | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && 'v' in value && value.v === 1 && 'at' in value) {
      if (value.at === null) return null;
      if (
        typeof value.at === 'string' &&
        CURSOR_INSTANT.test(value.at) &&
        // A real instant: 2026-02-31 reads back as another day.
        !Number.isNaN(Date.parse(value.at)) &&
        new Date(value.at).toISOString().slice(0, 19) === value.at.slice(0, 19)
      )
        return value.at;
    }
  } catch {
    // Not base64 JSON: refused below.
  }
  throw posError('INVALID_CURSOR');
}

const isSwitchOption = (key: CustomerOptionKey) =>
  (CUSTOMER_OPTION_SWITCH_KEYS as readonly string[]).includes(key);

/**
 * What the back office changed for the register's establishment since the cursor: the accounts
 * edited (their current fields and balance), the ids removed, the operations the back office
 * recorded on those accounts since the cursor (payments received outside the till, issue 31 item
 * 27; none on a first call without a cursor, whose balances already hold them), and every
 * customer-account option of the account (a key never saved reads '0' for switches and the alert
 * balance, '' otherwise). An edit changes the account, never what was recorded.
 */
export async function customerAccountChanges(
  db: Db,
  register: RegisterRow,
  query: Pick<CustomerAccountChangesQuery, 'since'>,
): Promise<CustomerAccountChangesResponse> {
  const since = query.since === undefined ? null : decodeChangeCursor(query.since);
  const scope = { accountId: register.account_id, companyId: register.company_id };
  const [rows, stored] = await Promise.all([
    repo.listCustomerAccountChanges(db, scope, since),
    repo.listCustomerOptions(db, register.account_id),
  ]);
  const saved = new Map(stored.map((o) => [o.key, o.value]));
  const options = Object.fromEntries(
    customerOptionKey.options.map((key) => [
      key,
      saved.get(key) ?? (isSwitchOption(key) || key === 'ca_alert_default_balance' ? '0' : ''),
    ]),
  ) as CustomerAccountChangesResponse['options'];
  const present = rows.filter((r) => r.removed_at === null);
  const operations =
    since === null
      ? []
      : await repo.listBackOfficeOperations(
          db,
          scope,
          present.map((r) => r.id),
          since,
        );
  return {
    accounts: present.map((r) => ({
      id: r.id,
      lastname: r.lastname,
      firstname: r.firstname,
      cardNumber: r.card_number,
      email: r.email,
      phone: r.phone,
      type: r.type === 1 ? 1 : 0,
      creditLimit:
        r.credit_limit === null || !Number.isFinite(Number(r.credit_limit))
          ? null
          : Math.round(Number(r.credit_limit)),
      balance: Number(r.balance),
    })),
    removedIds: rows.filter((r) => r.removed_at !== null).map((r) => r.id),
    operations: operations.map((op) => ({
      id: op.id,
      customerAccountId: op.customer_account_id,
      businessDay: op.business_day,
      at: (op.at instanceof Date ? op.at : new Date(op.at)).toISOString(),
      operation: op.operation as PosBackOfficeOperation['operation'],
      amount: Number(op.amount),
      balanceAfter: Number(op.balance_after),
      paymentName: op.payment_name,
    })),
    options,
    cursor: encodeChangeCursor(rows.at(-1)?.changed_at ?? since),
  };
}
