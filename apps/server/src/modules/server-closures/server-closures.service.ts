// Over 400 lines: the NF525 server closures (totals, open days, numbering, the closing run, the list) over one set of period rules.
import crypto from 'node:crypto';
import {
  calendarMonthEnd,
  establishmentClosureNumber,
  type ServerClosureListQuery,
  type ServerClosureListResponse,
  addCalendarDays,
  businessDayEnd,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type {
  ServerClosurePayment,
  ServerClosureRow,
  ServerClosureTax,
} from '../../db/schema/server-closures';
import { JET_EVENTS, recordJetEvent } from '../../platform/jet';
import type { JobContext } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import { moveServerChainHead } from '../../platform/server-chain';
import type { ServerKey } from '../../platform/server-key';
import { encodeServerClosure, type ServerClosureSigned } from './server-closures.encoding';
import { serverClosuresError } from './server-closures.errors';
import * as repo from './server-closures.repository';
import { CLOSURE_AMOUNTS } from './server-closures.repository';

/**
 * Server closures (NF525, issue 6 part 1): per establishment, a daily (type 1) closure per business
 * day, a monthly (3) per month and an annual (5) per year, computed from the registers' signed daily
 * closures, chained per company (seq 1, 2, 3... over all types, prev_sig) and signed by the server.
 */

export const SERVER_CLOSURES_QUEUE = 'server-closures';
/** A day whose registers have not all closed it is closed anyway this long after it ended. */
export const UNCLOSED_REGISTER_GRACE_MS = 48 * 3_600_000;

export type ServerClosureKind = 1 | 3 | 5;

/** The period totals of a server closure (everything but its chain position and grand total). */
export interface ServerClosureTotals {
  opening_date: string | null;
  closing_date: string | null;
  amount_total_ivat: number;
  amount_total_evat: number;
  amount_tax: number;
  amount_discount_ivat: number;
  amount_offered_ivat: number;
  amount_total_wo_discount_ivat: number;
  amount_payment_shift: number;
  payments: ServerClosurePayment[];
  taxes: ServerClosureTax[];
  services_count: number;
}

/** One summed closure: a register's daily closure, or a server daily/monthly. */
interface TotalsSource {
  id: string;
  opening_date: Date | string | null;
  closing_date: Date | string | null;
  amount_total_ivat: number;
  amount_total_evat: number;
  amount_tax: number;
  amount_discount_ivat: number;
  amount_offered_ivat: number;
  amount_total_wo_discount_ivat: number;
  amount_payment_shift: number;
  payments: unknown;
  taxes: unknown;
  services_count: number;
}

const jsonOf = <T>(value: unknown): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

/**
 * Sums closures into period totals: amounts added; payments merged by paymentTypeId (name of the
 * source with the smallest id), sorted by paymentTypeId; taxes merged by vatRateBp, sorted by rate;
 * opening = earliest opening, closing = latest closing (null without a source). Pure.
 */
export function sumClosureTotals(sources: readonly TotalsSource[]): ServerClosureTotals {
  const sorted = [...sources].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const totals: ServerClosureTotals = {
    opening_date: null,
    closing_date: null,
    amount_total_ivat: 0,
    amount_total_evat: 0,
    amount_tax: 0,
    amount_discount_ivat: 0,
    amount_offered_ivat: 0,
    amount_total_wo_discount_ivat: 0,
    amount_payment_shift: 0,
    payments: [],
    taxes: [],
    services_count: 0,
  };
  const payments = new Map<string, ServerClosurePayment>();
  const taxes = new Map<number, ServerClosureTax>();
  for (const s of sorted) {
    for (const key of CLOSURE_AMOUNTS) totals[key] += Number(s[key]);
    totals.services_count += Number(s.services_count);
    const opening = s.opening_date === null ? null : new Date(s.opening_date).toISOString();
    const closing = s.closing_date === null ? null : new Date(s.closing_date).toISOString();
    if (opening && (!totals.opening_date || opening < totals.opening_date)) totals.opening_date = opening;
    if (closing && (!totals.closing_date || closing > totals.closing_date)) totals.closing_date = closing;
    for (const p of jsonOf<ServerClosurePayment[]>(s.payments)) {
      const sum = payments.get(p.paymentTypeId);
      if (sum) {
        sum.amount += p.amount;
        sum.overpayment += p.overpayment;
        sum.credit += p.credit;
      } else {
        payments.set(p.paymentTypeId, {
          paymentTypeId: p.paymentTypeId,
          paymentName: p.paymentName,
          amount: p.amount,
          overpayment: p.overpayment,
          credit: p.credit,
        });
      }
    }
    for (const t of jsonOf<ServerClosureTax[]>(s.taxes)) {
      const sum = taxes.get(t.vatRateBp);
      if (sum) {
        sum.evat += t.evat;
        sum.tax += t.tax;
        sum.ivat += t.ivat;
      } else {
        taxes.set(t.vatRateBp, { vatRateBp: t.vatRateBp, evat: t.evat, tax: t.tax, ivat: t.ivat });
      }
    }
  }
  totals.payments = [...payments.values()].sort((a, b) =>
    a.paymentTypeId < b.paymentTypeId ? -1 : a.paymentTypeId > b.paymentTypeId ? 1 : 0,
  );
  totals.taxes = [...taxes.values()].sort((a, b) => a.vatRateBp - b.vatRateBp);
  return totals;
}

/** The registers' daily closures (type 1) of a company whose end_day is in startDay..endDay. */
async function registerDailySources(
  db: Db,
  companyId: string,
  startDay: string,
  endDay: string,
): Promise<(TotalsSource & { end_day: string })[]> {
  const rows = await repo.registerDailyClosures(db, companyId, startDay, endDay);
  return rows.map(({ service_ids, ...r }) => ({
    ...r,
    services_count: jsonOf<string[]>(service_ids).length,
  }));
}

/**
 * The totals of a server closure recomputed from its source rows, exactly as they are stored:
 * type 1 sums the registers' daily closures (`closures`, type 1) whose end_day is in startDay..endDay
 * (services_count = their service ids); type 3 sums the server dailies whose start_day is in the
 * range; type 5 the server monthlies. The signature check compares a stored closure with this.
 */
export async function computeServerClosureTotals(
  db: Db,
  companyId: string,
  type: ServerClosureKind,
  startDay: string,
  endDay: string,
): Promise<ServerClosureTotals> {
  if (type === 1) return sumClosureTotals(await registerDailySources(db, companyId, startDay, endDay));
  const rows = await repo.serverClosuresStartingIn(db, companyId, type === 3 ? 1 : 3, startDay, endDay);
  return sumClosureTotals(rows);
}

/**
 * `computeServerClosureTotals` for many closures of one company at once (the signature check): the
 * registers' daily closures are read once for the whole span, monthlies and annuals are summed from
 * `serverClosures` (the company's stored server closures). Keyed by closure id.
 */
export async function computeServerClosureTotalsMany(
  db: Db,
  companyId: string,
  closures: readonly { id: string; type: number; start_day: string; end_day: string }[],
  serverClosures: readonly (TotalsSource & { type: number; start_day: string })[],
): Promise<Map<string, ServerClosureTotals>> {
  const totals = new Map<string, ServerClosureTotals>();
  const dailies = closures.filter((c) => c.type === 1);
  const byEndDay = new Map<string, TotalsSource[]>();
  if (dailies.length > 0) {
    const from = dailies.reduce((m, c) => (c.start_day < m ? c.start_day : m), dailies[0]!.start_day);
    const to = dailies.reduce((m, c) => (c.end_day > m ? c.end_day : m), dailies[0]!.end_day);
    for (const source of await registerDailySources(db, companyId, from, to)) {
      const list = byEndDay.get(source.end_day);
      if (list) list.push(source);
      else byEndDay.set(source.end_day, [source]);
    }
  }
  for (const c of closures) {
    if (c.type === 1) {
      const sources: TotalsSource[] = [];
      for (let day = c.start_day; day <= c.end_day; day = addCalendarDays(day, 1)) {
        sources.push(...(byEndDay.get(day) ?? []));
      }
      totals.set(c.id, sumClosureTotals(sources));
    } else if (c.type === 3 || c.type === 5) {
      const sourceType = c.type === 3 ? 1 : 3;
      totals.set(
        c.id,
        sumClosureTotals(
          serverClosures.filter(
            (s) => s.type === sourceType && s.start_day >= c.start_day && s.start_day <= c.end_day,
          ),
        ),
      );
    }
  }
  return totals;
}

/**
 * The first business day from `firstDay` to `lastDay` the establishment has not closed yet, or null
 * when all are (issue 30, defect 7: only closed days are exported as validated entries). A day is
 * closed once the server closed it (its daily closure is signed, the registers' records of that day
 * are refused from then on), or once it has ended — or every active register closed through it —
 * and no active register holds records of it that it has not closed yet.
 */
export async function firstOpenDay(
  db: Db,
  companyId: string,
  firstDay: string,
  lastDay: string,
  now: Date = new Date(),
): Promise<string | null> {
  const through = await repo.closedThrough(db, companyId);
  const from = through.server && through.server >= firstDay ? addCalendarDays(through.server, 1) : firstDay;
  if (from > lastDay) return null;
  const unclosed = await repo.unclosedRecordDays(db, companyId, from);
  for (let day = from; day <= lastDay; day = addCalendarDays(day, 1)) {
    if (unclosed.has(day)) return day;
    const ended = businessDayEnd(day).getTime() <= now.getTime();
    if (!ended && !(through.allRegisters && day <= through.allRegisters)) return day;
  }
  return null;
}

/**
 * The establishment's daily closure number of each day from `firstDay` to `lastDay` (`Z1` for its
 * first business day): the number its daily server closure carries, shown on the closures screen and
 * the Z, and the piece of the day's accounting entries (issue 30, defect 10). Daily closures are
 * made for every day in order from the first, so a day's number is known before its closure is.
 */
export async function dailyClosureNumbers(
  db: Db,
  companyId: string,
  firstDay: string,
  lastDay: string,
): Promise<Map<string, string>> {
  const first = await repo.firstBusinessDay(db, companyId);
  const numbers = new Map<string, string>();
  if (!first) return numbers;
  for (let day = firstDay > first ? firstDay : first; day <= lastDay; day = addCalendarDays(day, 1)) {
    numbers.set(day, establishmentClosureNumber(first, day));
  }
  return numbers;
}

/**
 * Gives each daily closure (type 1) its establishment's daily closure number of its day
 * (`dailyClosureNumbers`), in place; the others keep null.
 */
export async function numberDailyClosures<
  T extends { type: number; companyId: string; end_date: string; establishmentNumber: string | null },
>(db: Db, closures: T[]): Promise<T[]> {
  const firstDays = new Map<string, string | null>();
  for (const closure of closures) {
    if (closure.type !== 1) continue;
    if (!firstDays.has(closure.companyId)) {
      firstDays.set(closure.companyId, await repo.firstBusinessDay(db, closure.companyId));
    }
    const first = firstDays.get(closure.companyId);
    if (first && closure.end_date >= first) {
      closure.establishmentNumber = establishmentClosureNumber(first, closure.end_date);
    }
  }
  return closures;
}

interface Chain {
  seq: number;
  sig: string | null;
}

const JET_OF = {
  1: JET_EVENTS.serverDailyClosure,
  3: JET_EVENTS.serverMonthlyClosure,
  5: JET_EVENTS.serverAnnualClosure,
} as const;

/**
 * Closes, for one company, every business day that has ended and is not closed yet, in order, and
 * each month (year) as soon as its last day (December) is closed. A day has ended at `businessDayEnd`
 * once every active register with records that day has closed through it, or in any case
 * `UNCLOSED_REGISTER_GRACE_MS` later. Days are closed from the company's first record day on,
 * with zero totals when nothing was sold. One transaction; returns the closures created.
 */
export async function closeCompanyPeriods(
  database: Db,
  signer: ServerKey,
  companyId: string,
  now: Date = new Date(),
): Promise<ServerClosureRow[]> {
  return database.transaction().execute(async (db) => {
    const company = await repo.lockCompany(db, companyId);
    if (!company) return [];
    const lastDaily = await repo.lastOfType(db, companyId, 1);
    const firstDay = lastDaily
      ? addCalendarDays(lastDaily.end_day, 1)
      : await repo.firstRecordDay(db, companyId);
    if (!firstDay) return [];
    const unclosed = await repo.unclosedRecordDays(db, companyId, firstDay);
    const days: string[] = [];
    for (let day = firstDay; ; day = addCalendarDays(day, 1)) {
      const end = businessDayEnd(day).getTime();
      if (end > now.getTime()) break;
      if (unclosed.has(day) && end + UNCLOSED_REGISTER_GRACE_MS > now.getTime()) break;
      days.push(day);
    }
    if (days.length === 0) return [];

    const sources = new Map<string, TotalsSource[]>();
    for (const s of await registerDailySources(db, companyId, days[0]!, days.at(-1)!)) {
      sources.set(s.end_day, [...(sources.get(s.end_day) ?? []), s]);
    }
    const last = await repo.lastServerClosure(db, companyId);
    const chain: Chain = { seq: last?.seq ?? 0, sig: last?.sig ?? null };
    const grand = new Map<number, number>();
    for (const type of [1, 3, 5] as const) {
      grand.set(type, (await repo.lastOfType(db, companyId, type))?.grand_total_ivat ?? 0);
    }
    const created: ServerClosureRow[] = [];
    const close = async (
      type: ServerClosureKind,
      startDay: string,
      endDay: string,
      totals: ServerClosureTotals,
    ) => {
      const grandTotal = grand.get(type)! + totals.amount_total_ivat;
      grand.set(type, grandTotal);
      const unsigned: ServerClosureSigned = {
        id: crypto.randomUUID(),
        account_id: company.account_id,
        company_id: companyId,
        type,
        start_day: startDay,
        end_day: endDay,
        ...totals,
        grand_total_ivat: grandTotal,
        seq: chain.seq + 1,
        prev_sig: chain.sig,
      };
      const sig = signer.sign(encodeServerClosure(unsigned));
      const row = await repo.insertServerClosure(db, {
        ...unsigned,
        type,
        payments: JSON.stringify(unsigned.payments),
        taxes: JSON.stringify(unsigned.taxes),
        sig,
      });
      chain.seq = unsigned.seq;
      chain.sig = sig;
      await recordJetEvent(db, signer, {
        accountId: company.account_id,
        companyId,
        ...JET_OF[type],
        details: {
          closureId: unsigned.id,
          startDay,
          endDay,
          seq: unsigned.seq,
          amountTotalIvat: totals.amount_total_ivat,
          grandTotalIvat: grandTotal,
        },
      });
      created.push(row);
    };

    for (const day of days) {
      await close(1, day, day, sumClosureTotals(sources.get(day) ?? []));
      if (day !== calendarMonthEnd(day)) continue;
      const monthStart = `${day.slice(0, 7)}-01`;
      await close(3, monthStart, day, await computeServerClosureTotals(db, companyId, 3, monthStart, day));
      if (day.slice(5) !== '12-31') continue;
      const yearStart = `${day.slice(0, 4)}-01-01`;
      await close(5, yearStart, day, await computeServerClosureTotals(db, companyId, 5, yearStart, day));
    }
    await moveServerChainHead(db, signer, {
      accountId: company.account_id,
      companyId,
      kind: 'server_closure',
      lastSeq: chain.seq,
      lastSig: chain.sig!,
    });
    await repo.setFiscalClosedThrough(db, companyId, days.at(-1)!);
    return created;
  });
}

/** The job: closes what has ended for every company; the answer counts the closures created. */
export async function runServerClosures(
  db: Db,
  signer: ServerKey,
  jobCtx: Pick<JobContext, 'reportProgress'>,
  now: Date = new Date(),
): Promise<{ created: number; companies: number }> {
  const companyIds = await repo.listCompanyIds(db);
  let created = 0;
  for (const [index, companyId] of companyIds.entries()) {
    created += (await closeCompanyPeriods(db, signer, companyId, now)).length;
    await jobCtx.reportProgress(((index + 1) / companyIds.length) * 100);
  }
  return { created, companies: companyIds.length };
}

/** Enqueues the catch-up unless one is already queued or running (no duplicates). */
export async function enqueueServerClosures(
  db: Db,
  enqueue: (queue: string, payload: unknown) => Promise<unknown>,
): Promise<boolean> {
  if (await repo.hasPendingJob(db, SERVER_CLOSURES_QUEUE)) return false;
  await enqueue(SERVER_CLOSURES_QUEUE, {});
  return true;
}

/** The caller's account's server closures meeting the period (400 INVALID_PERIOD when reversed). */
export async function listServerClosures(
  db: Db,
  ctx: RequestContext,
  query: ServerClosureListQuery,
): Promise<ServerClosureListResponse> {
  if (query.startDate > query.endDate) throw serverClosuresError('INVALID_PERIOD');
  if (ctx.companyIds.length === 0) return { closures: [] };
  const rows = await repo.listServerClosureRows(db, ctx.companyIds, {
    startDay: query.startDate,
    endDay: query.endDate,
    type: query.type,
  });
  const firstDays = new Map<string, string | null>();
  for (const companyId of new Set(rows.map((r) => r.company_id))) {
    firstDays.set(companyId, await repo.firstBusinessDay(db, companyId));
  }
  const dailyNumber = (r: (typeof rows)[number]) => {
    const first = firstDays.get(r.company_id);
    return r.type === 1 && first ? establishmentClosureNumber(first, r.start_day) : null;
  };
  return {
    closures: rows.map((r) => ({
      id: r.id,
      companyId: r.company_id,
      companyName: r.company_name,
      type: r.type as ServerClosureKind,
      startDay: r.start_day,
      endDay: r.end_day,
      openingDate: r.opening_date ? new Date(r.opening_date).toISOString() : null,
      closingDate: r.closing_date ? new Date(r.closing_date).toISOString() : null,
      amountTotalIvat: r.amount_total_ivat,
      amountTotalEvat: r.amount_total_evat,
      amountTax: r.amount_tax,
      amountDiscountIvat: r.amount_discount_ivat,
      amountOfferedIvat: r.amount_offered_ivat,
      amountTotalWoDiscountIvat: r.amount_total_wo_discount_ivat,
      amountPaymentShift: r.amount_payment_shift,
      grandTotalIvat: r.grand_total_ivat,
      payments: jsonOf<ServerClosurePayment[]>(r.payments),
      taxes: jsonOf<ServerClosureTax[]>(r.taxes),
      servicesCount: r.services_count,
      seq: r.seq,
      dailyNumber: dailyNumber(r),
      sig: r.sig,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
