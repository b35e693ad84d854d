import crypto from 'node:crypto';
import { businessDayOf, type CustomerOperationData, type SignedRecordOf } from '@comptoir/contracts';
import { encodeRecord } from '@comptoir/fiscal';
import type { DatabaseHandle, Db } from '../../db/database';
import type { RegisterRow } from '../../db/schema/pos';
import { AppError } from '../../platform/errors';
import { JET_EVENTS, recordJetEvent } from '../../platform/jet';
import type { ServerKey } from '../../platform/server-key';
import { keyFingerprint } from '../fiscal-keys/fiscal-keys.format';
import * as repo from './pos.repository';
import { ingestBatch, type IngestionEffects } from './pos.ingestion';

/**
 * The back office's own register (issue 31, item 27): what the back office records on a customer
 * account (a payment received outside the till) is a signed record like a till's, of a register of
 * the establishment whose key is the server's. Its serial names the key, so that a new server key
 * makes a new register, as a replaced till would: every record stays verifiable with the key of its
 * register. It records no sales and closes no day (`is_back_office`: the server closures do not wait
 * for it), and no one can sign in as it (its token is a hash of nothing anyone holds).
 */
export const BACK_OFFICE_REGISTER_NAME = 'Comptoir (back office)';

export const backOfficeSerial = (publicKeyRaw: string) =>
  `comptoir-back-office-${keyFingerprint(publicKeyRaw).slice(0, 16)}`;

/** The establishment's back-office register for the server's key, enrolled (JET 71) the first time. */
export async function backOfficeRegister(
  db: Db,
  signer: ServerKey,
  scope: { accountId: string; companyId: string; userId: string },
): Promise<RegisterRow> {
  const serial = backOfficeSerial(signer.publicKeyRaw);
  const existing = await repo.findRegisterBySerial(db, scope.companyId, serial);
  if (existing) return existing;
  const registerId = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    const inserted = await repo.insertRegisterOnce(trx, {
      id: registerId,
      account_id: scope.accountId,
      company_id: scope.companyId,
      name: BACK_OFFICE_REGISTER_NAME,
      serial,
      public_key: signer.publicKeyRaw,
      token_hash: crypto.createHash('sha256').update(crypto.randomBytes(32)).digest('hex'),
      enrolled_by: scope.userId,
      is_back_office: true,
    });
    // A concurrent request enrolled it first: nothing to journal.
    if (!inserted) return;
    await recordJetEvent(trx, signer, {
      ...JET_EVENTS.registerEnrolled,
      accountId: scope.accountId,
      companyId: scope.companyId,
      userId: scope.userId,
      details: {
        registerId,
        serial,
        name: BACK_OFFICE_REGISTER_NAME,
        fingerprint: keyFingerprint(signer.publicKeyRaw),
        backOffice: true,
      },
    });
  });
  const register = await repo.findRegisterBySerial(db, scope.companyId, serial);
  if (!register) throw new Error(`back-office register ${serial} not found after its enrolment`);
  return register;
}

/** Chain defects a concurrent record of the same register causes: signed again on the new head. */
const RACED = new Set(['SEQUENCE_CONFLICT', 'BROKEN_LINK', 'SEQUENCE_GAP']);

/**
 * Records one customer operation as the back-office register: the next link of its chain, signed by
 * the server, stored through the registers' own ingestion (rules, closed periods, balances, seals).
 * The balance after it follows the balance the server holds when it is signed.
 */
export async function recordBackOfficeOperation(
  database: DatabaseHandle,
  signer: Pick<ServerKey, 'sign' | 'seal'>,
  register: RegisterRow,
  operation: Pick<
    CustomerOperationData,
    'customerAccountId' | 'operation' | 'amount' | 'paymentName' | 'user'
  >,
  effects?: IngestionEffects,
): Promise<CustomerOperationData> {
  const id = crypto.randomUUID();
  for (let attempt = 1; ; attempt += 1) {
    const head = (await repo.listChainHeads(database.db, register.id)).find(
      (h) => h.kind === 'customer_operation',
    );
    const balance = await repo.customerBalance(database.db, register.account_id, operation.customerAccountId);
    const now = new Date();
    const at = now.toISOString();
    const data: CustomerOperationData = {
      id,
      customerAccountId: operation.customerAccountId,
      businessDay: businessDayOf(now),
      at,
      operation: operation.operation,
      amount: operation.amount,
      balanceAfter: balance + operation.amount,
      orderId: null,
      paymentTypeId: null,
      paymentName: operation.paymentName,
      user: operation.user,
    };
    const unsigned: Omit<SignedRecordOf<'customer_operation'>, 'sig'> = {
      kind: 'customer_operation',
      v: 1,
      seq: (head?.last_seq ?? 0) + 1,
      prev: head?.last_sig ?? null,
      at,
      data,
    };
    const record = { ...unsigned, sig: signer.sign(encodeRecord(register.id, unsigned)) };
    try {
      await ingestBatch(
        database,
        register,
        { batchId: crypto.randomUUID(), records: [record] },
        signer,
        effects,
      );
      await repo.touchCustomerAccount(database.db, register.account_id, operation.customerAccountId, now);
      return data;
    } catch (err) {
      if (attempt < 5 && err instanceof AppError && RACED.has(err.code)) continue;
      throw err;
    }
  }
}
