import {
  addCalendarDays,
  exerciseOf,
  companySiren,
  fecFileName,
  monthDays,
  monthPackFileName,
  DEFAULT_EXERCISE_END,
  type AccountingCustomerBalances,
  type AccountingExercisesResponse,
  type AccountingMonthQuery,
  type AccountingVatSummary,
  type FecRow,
  type VatSummaryLine,
  parisDayOf,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../platform/request-context';
import {
  computeServerClosureTotals,
  dailyClosureNumbers,
  firstOpenDay,
} from '../server-closures/server-closures.service';
import { fileCharset, mirroredRows } from './accounting-export.file';
import { readableCompany } from './accounting-export.service';
import * as repo from './accounting-export.repository';
import { buildDayEntries } from './fec-day-entries';
import { AccountResolver, excludingVat, type DayData } from './fec-entries';
import { encodeAccountingText, fileHeader, fileLine } from './fec-file';

/**
 * What the accountant takes at the year's end and each month (issue 30, parts 19 and 20): the
 * complete FEC of an exercise from what the FEC exports booked, and the VAT-return (CA3) summary of a
 * month checked against the FEC's VAT and the registers' Z.
 */

const exerciseEndOf = async (db: Db, companyId: string) =>
  (await repo.loadAccountingSetup(db, companyId)).keys.account_vat_exercise_end || DEFAULT_EXERCISE_END;

/** The exercises that hold days a FEC export booked, oldest first. */
export async function listExercises(
  db: Db,
  ctx: RequestContext,
  companyId: string,
): Promise<AccountingExercisesResponse> {
  const company = await readableCompany(db, ctx, companyId);
  const exerciseEnd = await exerciseEndOf(db, company.id);
  const range = await repo.bookedDayRange(db, company.id);
  const exercises: AccountingExercisesResponse['exercises'] = [];
  if (range) {
    for (let day = range.first; day <= range.last;) {
      const exercise = exerciseOf(day, exerciseEnd);
      const booked = await repo.bookedDays(db, company.id, exercise.start, exercise.end);
      if (booked.size > 0) {
        exercises.push({
          ...exercise,
          bookedDays: booked.size,
          fileName: fecFileName(company, exercise.end),
        });
      }
      day = addCalendarDays(exercise.end, 1);
    }
  }
  return { exerciseEnd, exercises };
}

/**
 * The complete FEC of the exercise closing on `end` (part 19): every entry the FEC exports booked for
 * its days, with the numbers, pieces and validation dates they were booked with, in the order of
 * their numbers (the order they were booked in: continuous, as the monthly files the accountant
 * imported), under the legal name `{SIREN}FEC{closing day}.txt`.
 */
export async function exerciseFec(
  db: Db,
  ctx: RequestContext,
  query: { idCompany: string; end: string },
  now = new Date(),
): Promise<{ fileName: string; body: Buffer; type: string; rows: number }> {
  const company = await readableCompany(db, ctx, query.idCompany);
  const exercise = exerciseOf(query.end, await exerciseEndOf(db, company.id));
  const setup = await repo.loadAccountingSetup(db, company.id);
  const [booked, closures] = await Promise.all([
    repo.bookedDays(db, company.id, exercise.start, exercise.end),
    dailyClosureNumbers(db, company.id, exercise.start, exercise.end),
  ]);
  const context = {
    companyName: company.name,
    mode: 2 as const,
    exportDay: parisDayOf(now).replaceAll('-', ''),
  };
  const rows: FecRow[] = [];
  for (const [day, bookings] of booked) {
    const data: DayData = {
      day,
      closureNumber: closures.get(day) ?? null,
      cashFloat: 0,
      sales: [],
      payments: [],
      settlements: [],
    };
    rows.push(...mirroredRows(day, bookings, data, setup, context));
  }
  // Stable: the lines of an entry keep their order.
  rows.sort((a, b) => a.ecritureNum - b.ecritureNum);
  const charset = fileCharset(setup);
  return {
    fileName: fecFileName(company, exercise.end),
    body: encodeAccountingText(fileHeader('fec') + rows.map((row) => fileLine('fec', row)).join(''), charset),
    type: `text/plain; charset=${charset === 'latin9' ? 'iso-8859-15' : 'utf-8'}`,
    rows: rows.length,
  };
}

/**
 * The VAT-return (CA3) summary of a month (part 20): per VAT rate, the sales excluding VAT and their
 * VAT (what the FEC credits to the sales and 44571 accounts), the avoirs against sales (what it
 * debits back), what to declare, and the same sales summed over the registers' daily Z.
 */
export async function vatSummary(
  db: Db,
  ctx: RequestContext,
  query: AccountingMonthQuery,
): Promise<AccountingVatSummary> {
  const company = await readableCompany(db, ctx, query.idCompany);
  const { first, last } = monthDays(query.month);
  const [days, z, zClosures, openFrom] = await Promise.all([
    repo.loadDays(db, company.id, first, last, false),
    computeServerClosureTotals(db, company.id, 1, first, last),
    repo.countRegisterDailyClosures(db, company.id, first, last),
    firstOpenDay(db, company.id, first, last),
  ]);
  const lines = new Map<number, VatSummaryLine>();
  const line = (rateBp: number) => {
    let found = lines.get(rateBp);
    if (!found) {
      found = {
        rateBp,
        salesBase: 0,
        salesVat: 0,
        avoirsBase: 0,
        avoirsVat: 0,
        base: 0,
        vat: 0,
        zBase: 0,
        zVat: 0,
      };
      lines.set(rateBp, found);
    }
    return found;
  };
  for (const day of days) {
    for (const group of day.sales) {
      line(group.rateBp).salesBase += group.evat;
      line(group.rateBp).salesVat += group.tax;
    }
    for (const avoir of day.avoirs ?? []) {
      if (avoir.rateBp === null) continue;
      // As the avoirs' entry books them: the rebate excluding VAT, the VAT it takes back.
      const evat = excludingVat(avoir.amount, avoir.rateBp);
      line(avoir.rateBp).avoirsBase += evat;
      line(avoir.rateBp).avoirsVat += avoir.amount - evat;
    }
  }
  for (const tax of z.taxes) {
    line(tax.vatRateBp).zBase += tax.evat;
    line(tax.vatRateBp).zVat += tax.tax;
  }
  for (const l of lines.values()) {
    l.base = l.salesBase - l.avoirsBase;
    l.vat = l.salesVat - l.avoirsVat;
  }
  return {
    companyName: company.name,
    month: query.month,
    lines: [...lines.values()]
      .filter((l) => l.salesBase || l.salesVat || l.avoirsBase || l.zBase || l.zVat)
      .sort((a, b) => b.rateBp - a.rateBp),
    openFrom,
    zClosures,
    fileName: monthPackFileName('tva', companySiren(company), query.month),
  };
}

/** The establishment's first day the accounts look back to (no day is older than this). */
const BEGINNING = '1900-01-01';

/**
 * The customer accounts at a month's end (issue 30, part 22): per customer, what it owes by its
 * operations in the establishment beside the balances of its auxiliary accounts in the entries up to
 * that day — 411 for what it owes, the advances received (4191) for the credit it holds — (they agree
 * to the cent unless a record is missing), the totals of both, and the avoirs issued not yet spent
 * (a liability on the avoirs' account). The balances are those of the entries themselves, built over
 * the whole span as one day.
 */
export async function customerBalances(
  db: Db,
  ctx: RequestContext,
  query: AccountingMonthQuery,
): Promise<AccountingCustomerBalances> {
  const company = await readableCompany(db, ctx, query.idCompany);
  const { last } = monthDays(query.month);
  const [setup, [span], operations] = await Promise.all([
    repo.loadAccountingSetup(db, company.id),
    repo.loadDays(db, company.id, BEGINNING, last, false),
    repo.customerOperationTotals(db, company.id, last),
  ]);
  const resolver = new AccountResolver(setup);
  const balances = new Map<string, number>();
  const entries = span
    ? buildDayEntries(resolver, span, {
        companyName: company.name,
        mode: 2,
        exportDay: last.replaceAll('-', ''),
      })
    : [];
  for (const row of entries.flatMap((entry) => entry.rows)) {
    if (!row.accountAux) continue;
    const key = `${row.account}|${row.accountAux}`;
    balances.set(key, (balances.get(key) ?? 0) + row.debit - row.credit);
  }
  const avoirTypes = new Set((span?.avoirs ?? []).flatMap((a) => (a.paymentTypeId ? [a.paymentTypeId] : [])));
  let avoirsOutstanding = 0;
  for (const payment of span?.payments ?? []) {
    if (avoirTypes.has(payment.paymentTypeId)) avoirsOutstanding -= payment.amount + payment.tip;
  }
  for (const avoir of span?.avoirs ?? []) avoirsOutstanding += avoir.amount;
  const lines = operations
    .map(({ customer, amount }) => {
      const receivable = resolver.customer(customer);
      const prepaid = resolver.prepaid(customer);
      return {
        customerId: customer.id,
        name: customer.name,
        aux: receivable.aux,
        owed: -amount,
        ledger: balances.get(`${receivable.number}|${receivable.aux}`) ?? 0,
        prepaid: -(balances.get(`${prepaid.number}|${prepaid.aux}`) ?? 0),
      };
    })
    .filter((line) => line.owed !== 0 || line.ledger !== 0 || line.prepaid !== 0)
    .sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.customerId.localeCompare(b.customerId));
  return {
    month: query.month,
    endDay: last,
    lines,
    receivable: lines.reduce((sum, l) => sum + l.ledger, 0),
    prepaid: lines.reduce((sum, l) => sum + l.prepaid, 0),
    avoirsOutstanding,
  };
}
