import { z } from 'zod';
import {
  CUSTOMER_HISTORY_MAX_ROWS,
  historyNumberToCents,
  isValidExportEmail,
  type CustomerHistoryExportResponse,
  type CustomerHistoryQuery,
  type CustomerHistoryResponse,
  type CustomerHistoryRow,
  type CustomerOperationName,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { JobRunner } from '../../platform/job-runner';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { resolveExportPeriod, type ExportPeriod } from '../data-export/data-export.dates';
import { queueExport } from '../../platform/mailed-export/mailed-export';
import { customerHistoryError } from './customer-history.errors';
import {
  countHistory,
  historyRows,
  type HistoryDbRow,
  type HistoryScope,
} from './customer-history.repository';

export const CUSTOMER_HISTORY_EXPORT_QUEUE = 'customer-accounts.history-export';

const idList = z.array(z.uuid()).max(1000);

/** A query's JSON list of ids (`["…"]`); absent or empty text = none. 400 INVALID_ID_LIST otherwise. */
function parseIdList(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw customerHistoryError('INVALID_ID_LIST');
  }
  const result = idList.safeParse(parsed);
  if (!result.success) throw customerHistoryError('INVALID_ID_LIST');
  return [...new Set(result.data)];
}

/**
 * The date rule of the data export (spec 3 §5 = spec 1 §5: valid dates, start before end, one year
 * at most), answered with this module's codes.
 */
export function resolveCustomerPeriod(startDate: string, endDate: string): ExportPeriod {
  try {
    return resolveExportPeriod(startDate, endDate);
  } catch (err) {
    if (
      err instanceof AppError &&
      (err.code === 'INVALID_DATE' || err.code === 'REVERSED_DATES' || err.code === 'PERIOD_TOO_LONG')
    ) {
      throw customerHistoryError(err.code);
    }
    throw err;
  }
}

/** The stored filters of a history export (exports.params). */
export const historyExportParams = z.object({
  paymentTypeIds: z.array(z.string()),
  userIds: z.array(z.string()),
  name: z.string().nullable(),
  amount: z.number().int().nullable(),
  balance: z.number().int().nullable(),
});
export type HistoryExportParams = z.infer<typeof historyExportParams>;

/**
 * The history query checked on the server (spec 3 §5): the period rule, the lists of ids, the
 * numeric rule of an amount or balance search. Establishments: the readable ones, narrowed by the
 * query's (an establishment the caller may not read is ignored, never shown).
 */
export function resolveHistoryScope(ctx: RequestContext, query: CustomerHistoryQuery): HistoryScope {
  const period = resolveCustomerPeriod(query.startDate, query.endDate);
  const requested = parseIdList(query.id_companies);
  const paymentTypeIds = parseIdList(query.idPayments);
  const userIds = parseIdList(query.idUsers);
  const scope: HistoryScope = {
    accountId: ctx.accountId,
    companyIds:
      requested.length === 0 ? [...ctx.companyIds] : requested.filter((id) => ctx.companyIds.includes(id)),
    start: period.start,
    end: period.end,
    paymentTypeIds,
    userIds,
    name: null,
    amount: null,
    balance: null,
  };
  const category = query.searchCategory;
  const searched = category === undefined ? '' : (query[category] ?? '').trim();
  if (category !== undefined && searched !== '') {
    if (category === 'name') {
      scope.name = searched.toLowerCase();
    } else {
      const amount = historyNumberToCents(searched);
      if (amount === null) throw customerHistoryError('INVALID_SEARCH_NUMBER');
      scope[category] = amount;
    }
  }
  return scope;
}

const OPERATION_NAMES = new Set<string>(['charge', 'payment', 'topup', 'refund']);

function toHistoryRow(row: HistoryDbRow): CustomerHistoryRow {
  return {
    id: row.id,
    company_name: row.company_name,
    operation_name: (OPERATION_NAMES.has(row.operation) ? row.operation : 'charge') as CustomerOperationName,
    operation_date: new Date(row.at).toISOString(),
    customer_firstname: row.customer_firstname,
    customer_lastname: row.customer_lastname,
    customer_card_number: row.customer_card_number,
    customer_email: row.customer_email,
    customer_uniq_id: row.customer_uniq_id,
    company_id: row.company_id,
    user_firstname: row.user_firstname,
    user_lastname: row.user_lastname,
    payment_name: row.payment_name,
    amount: Number(row.amount),
    balance: Number(row.balance_after),
  };
}

/** `GET customer-account/getCustomerHistory`: the newest 2 000 matching operations and their count. */
export async function getCustomerHistory(
  db: Db,
  ctx: RequestContext,
  query: CustomerHistoryQuery,
): Promise<CustomerHistoryResponse> {
  const scope = resolveHistoryScope(ctx, query);
  if (scope.companyIds.length === 0) return { success: true, datas: [], total: 0 };
  const [rows, total] = await Promise.all([
    historyRows(db, scope, { limit: CUSTOMER_HISTORY_MAX_ROWS }),
    countHistory(db, scope),
  ]);
  return { success: true, datas: rows.map(toHistoryRow), total };
}

/**
 * `GET customer-account/exportCustomerHistory`: the same checks, plus a valid `userEmail`; records
 * the export and queues its job in the caller's transaction (the caller wakes the worker after commit).
 */
export async function requestCustomerHistoryExport(
  trx: Db,
  jobs: JobRunner,
  ctx: RequestContext,
  query: CustomerHistoryQuery,
): Promise<CustomerHistoryExportResponse> {
  const scope = resolveHistoryScope(ctx, query);
  const email = query.userEmail ?? '';
  if (!isValidExportEmail(email)) throw customerHistoryError('INVALID_EMAIL');
  const params: HistoryExportParams = {
    paymentTypeIds: scope.paymentTypeIds,
    userIds: scope.userIds,
    name: scope.name,
    amount: scope.amount,
    balance: scope.balance,
  };
  await queueExport(trx, jobs, CUSTOMER_HISTORY_EXPORT_QUEUE, {
    account_id: ctx.accountId,
    company_ids: JSON.stringify(scope.companyIds),
    kind: 'customer_history',
    requested_by: ctx.userId,
    email: email.trim(),
    period_start: scope.start,
    period_end: scope.end,
    params: JSON.stringify(params),
  });
  return { success: true };
}
