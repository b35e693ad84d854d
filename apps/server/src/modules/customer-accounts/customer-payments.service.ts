import {
  customerPaymentName,
  type CustomerPaymentRecord,
  type CustomerPaymentRecorded,
} from '@comptoir/contracts';
import type { DatabaseHandle } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import { backOfficeRegister, recordBackOfficeOperation } from '../pos/pos.back-office';
import * as detailRepo from './customer-account-detail.repository';
import { toAllocOperation } from './customer-account-detail.service';
import * as repo from './customer-accounts.repository';
import { allocateNotes } from './customer-notes.allocation';
import { customerPaymentError } from './customer-payments.errors';
import { findUserNames } from './customer-payments.repository';

/**
 * `POST /api/customer-account/payments` (issue 31, item 27): a payment received outside the till (a
 * bank transfer) recorded as a signed operation of the establishment's back-office register. It
 * pays the customer's oldest notes first, as any payment does; with `ca_no_up_amount` on it may not
 * exceed the debt (422 CUSTOMER_PAYMENT_OVER_DEBT), as at the till. Nothing is recorded on a refusal.
 */
export async function recordCustomerPayment(
  deps: { database: DatabaseHandle; serverKey: ServerKey },
  ctx: RequestContext,
  body: CustomerPaymentRecord,
): Promise<CustomerPaymentRecorded> {
  const db = deps.database.db;
  if (!ctx.companyIds.includes(body.companyId))
    throw customerPaymentError('CUSTOMER_PAYMENT_COMPANY_NOT_FOUND');
  const [customer] = await detailRepo.findAccounts(db, ctx.accountId, [body.companyId], [body.customerId]);
  if (!customer) throw customerPaymentError('CUSTOMER_PAYMENT_CUSTOMER_NOT_FOUND');
  const [noUpAmount] = await repo.listOptions(db, ctx.accountId, ['ca_no_up_amount']);
  const owedBefore = Math.max(0, -Number(customer.balance));
  if (noUpAmount?.value === '1' && body.amount > owedBefore) {
    const refusal = customerPaymentError('CUSTOMER_PAYMENT_OVER_DEBT');
    throw new AppError(refusal.statusCode, refusal.code, refusal.message, {
      field: 'amount',
      owed: owedBefore,
    });
  }
  const user = await findUserNames(db, ctx.userId);
  const register = await backOfficeRegister(db, deps.serverKey, {
    accountId: ctx.accountId,
    companyId: body.companyId,
    userId: ctx.userId,
  });
  const recorded = await recordBackOfficeOperation(deps.database, deps.serverKey, register, {
    customerAccountId: customer.id,
    operation: 'payment',
    amount: body.amount,
    paymentName: customerPaymentName(body.reference),
    user: { id: ctx.userId, firstname: user?.firstname ?? '', lastname: user?.lastname ?? '' },
  });
  const operations = (await detailRepo.listOperations(db, ctx.accountId, [customer.id])).map(
    toAllocOperation,
  );
  const { notes, credits } = allocateNotes(operations);
  const credit = credits.find((c) => c.operation.id === recorded.id);
  const paidInFull = new Set(notes.filter((note) => note.remaining === 0).map((note) => note.operation.id));
  return {
    operationId: recorded.id,
    businessDay: recorded.businessDay,
    balance: recorded.balanceAfter,
    notesPaid: credit?.infos.filter((info) => paidInFull.has(info.note.id)).length ?? 0,
    owed: notes.reduce((sum, note) => sum + note.remaining, 0),
  };
}
