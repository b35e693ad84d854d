import {
  FISCAL_PERIOD_MAX_DAYS,
  countDays,
  readSignatureCheckDay,
  type CashRegisterIdsResponse,
  type SignatureCheckQuery,
  type SignatureCheckStatus,
  type SignaturePosBody,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../platform/request-context';
import type { SignatureCheckPayload } from './fiscal-check.context';
import type { CheckProgress, CheckResult } from './fiscal-check.engine';
import { SIGNATURE_CHECK_QUEUE } from './fiscal-check.engine';
import { fiscalCheckError } from './fiscal-check.errors';
import * as repo from './fiscal-check.repository';
import { shownJobStatus } from '../../platform/jobs';

/** Unix seconds (spec 2 §7) or `YYYY-MM-DD`, as the Paris business day it falls on. */
export function parseCheckDate(value: string): string {
  const day = readSignatureCheckDay(value);
  if (day === null) throw fiscalCheckError('INVALID_DATE');
  return day;
}

export function parseRange(query: { startDate: string; endDate: string }): {
  startDay: string;
  endDay: string;
} {
  const startDay = parseCheckDate(query.startDate);
  const endDay = parseCheckDate(query.endDate);
  if (startDay > endDay) throw fiscalCheckError('REVERSED_DATES');
  if (countDays(startDay, endDay) > FISCAL_PERIOD_MAX_DAYS) throw fiscalCheckError('PERIOD_TOO_LONG');
  return { startDay, endDay };
}

export async function startSignatureCheck(
  db: Db,
  jobs: {
    enqueue(queue: string, payload: unknown, options?: { accountId?: string }): Promise<{ id: number }>;
  },
  ctx: RequestContext,
  query: SignatureCheckQuery,
  body?: SignaturePosBody,
): Promise<{ jobId: number }> {
  const range = parseRange(query);
  if (query.idCashRegister) {
    const reg = await repo.findRegister(db, ctx.accountId, query.idCashRegister);
    if (!reg || !ctx.companyIds.includes(reg.company_id)) throw fiscalCheckError('REGISTER_NOT_FOUND');
  }
  const payload: SignatureCheckPayload = {
    accountId: ctx.accountId,
    companyIds: ctx.companyIds,
    ...range,
    registerId: query.idCashRegister ?? null,
    lastSignatures: body?.lastSignatures ?? [],
  };
  const job = await jobs.enqueue(SIGNATURE_CHECK_QUEUE, payload, { accountId: ctx.accountId });
  return { jobId: job.id };
}

/**
 * Seconds left at the recent rate (records per second over the last seconds of checking), or at the
 * rate since the start for a report without one; null before a second of checking.
 */
export function remainingSeconds(p: CheckProgress | undefined, now = Date.now()): number | null {
  if (!p || p.done <= 0 || p.total <= 0) return null;
  const rate = p.rate === undefined ? (p.elapsedMs >= 1000 ? (p.done * 1000) / p.elapsedMs : null) : p.rate;
  if (!rate || rate <= 0) return null;
  const left = ((p.total - p.done) * 1000) / rate - (now - Date.parse(p.at));
  return Math.max(0, Math.round(left / 100) / 10);
}

export async function checkStatus(db: Db, ctx: RequestContext, jobId: number): Promise<SignatureCheckStatus> {
  const job = await repo.findCheckJob(db, ctx.accountId, jobId, SIGNATURE_CHECK_QUEUE);
  if (!job) throw fiscalCheckError('JOB_NOT_FOUND');
  const result = (typeof job.result === 'string' ? JSON.parse(job.result) : job.result) as
    (CheckResult & { progress?: undefined }) | { progress: CheckProgress } | null;
  const done = job.status === 'done';
  return {
    jobId: job.id,
    status: shownJobStatus(job),
    progress: done ? 100 : Math.max(0, Math.min(100, job.progress)),
    remainingSeconds: done ? 0 : job.status === 'running' ? remainingSeconds(result?.progress) : null,
    result:
      done && result && !result.progress
        ? {
            startDay: result.startDay,
            endDay: result.endDay,
            checkedRecords: result.checkedRecords,
            defects: result.defects,
            seconds: result.seconds,
          }
        : null,
  };
}

/** The registers of the caller's companies that recorded something in the range. */
export async function cashRegisterIds(
  db: Db,
  ctx: RequestContext,
  query: { startDate: string; endDate: string },
): Promise<CashRegisterIdsResponse> {
  const { startDay, endDay } = parseRange(query);
  if (ctx.companyIds.length === 0) return [];
  const rows = await repo.registersWithRecords(db, ctx.accountId, ctx.companyIds, startDay, endDay);
  return rows.map((r) => ({
    id_cash_register: r.id,
    name: r.name,
    companyId: r.company_id,
    companyName: r.company_name,
  }));
}
