import crypto from 'node:crypto';
import {
  CUSTOMER_OPTION_SWITCH_KEYS,
  customerOptionKey,
  type CatalogRequest,
  type CustomerAccountChangesQuery,
  type CustomerAccountChangesResponse,
  type CustomerOptionKey,
  type PosBackOfficeOperation,
  type PosBatchLimits,
} from '@comptoir/contracts';
import { publicKeyFromRaw } from '@comptoir/fiscal';
import type { Db } from '../../db/database';
import type { RegisterRow } from '../../db/schema/pos';
import { JET_EVENTS, recordJetEvent, recordJetRefusal } from '../../platform/jet';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import { keyFingerprint } from '../fiscal-keys/fiscal-keys.format';
import { batchRateLimited, posError } from './pos.errors';
import * as repo from './pos.repository';

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

/** A batch over the register's limits (bytes as announced, or records) is refused before any work. */
export function assertBatchSize(size: { bytes?: number; records?: number }, limits: PosBatchLimits): void {
  if ((size.bytes ?? 0) > limits.maxBytes || (size.records ?? 0) > limits.maxRecords) {
    throw posError('BATCH_TOO_LARGE', { maxRecords: limits.maxRecords, maxBytes: limits.maxBytes });
  }
}

/** A register already at its batches per minute is refused before its signatures are verified. */
export async function assertUnderRate(db: Db, registerId: string, perMinute: number): Promise<void> {
  const { hits, ttlMs } = await repo.batchRate(db, registerId, Date.now());
  if (hits >= perMinute) throw batchRateLimited(perMinute, ttlMs);
}
