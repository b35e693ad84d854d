import { z } from 'zod';
import { businessDay, cents, id, vatRateBp } from './common';
import { addCalendarDays, isCalendarDay } from './clock';

/**
 * What the accountant takes each month and at the year's end (issue 30, parts 19–21): the complete
 * FEC of an exercise, the VAT-return (CA3) summary of a month, the month's Z pack.
 */

/** The closing day of an exercise when the establishment sets none: 31 December. */
export const DEFAULT_EXERCISE_END = '31/12';

/** `account_vat_exercise_end`: the exercise's closing day `DD/MM` (29 February is no yearly day). */
export function isExerciseEndValid(value: string): boolean {
  if (value === '') return true;
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!match || `${match[2]}-${match[1]}` === '02-29') return false;
  return isCalendarDay(`2025-${match[2]}-${match[1]}`);
}

/** The exercise (first and closing business days) that holds `day`, for a closing day `DD/MM`. */
export function exerciseOf(day: string, exerciseEnd: string): { start: string; end: string } {
  const [dd, mm] = (
    isExerciseEndValid(exerciseEnd) && exerciseEnd ? exerciseEnd : DEFAULT_EXERCISE_END
  ).split('/') as [string, string];
  const closing = (year: number) => `${String(year).padStart(4, '0')}-${mm}-${dd}`;
  const year = Number(day.slice(0, 4));
  const end = day <= closing(year) ? closing(year) : closing(year + 1);
  return { start: addCalendarDays(closing(Number(end.slice(0, 4)) - 1), 1), end };
}

/** `GET /api/exportVat/exercises?idCompany=`: the exercises holding entries a FEC export booked. */
export const accountingExercisesQuery = z.object({ idCompany: id });
export const accountingExercise = z.object({
  start: businessDay,
  end: businessDay,
  /** The business days of the exercise a FEC export booked. */
  bookedDays: z.number().int(),
  /** The legal name of the exercise's FEC: `{SIREN}FEC{closing day}.txt`. */
  fileName: z.string(),
});
export type AccountingExercise = z.infer<typeof accountingExercise>;
export const accountingExercisesResponse = z.object({
  /** The closing day the establishment set (`DD/MM`), 31/12 when none. */
  exerciseEnd: z.string(),
  exercises: z.array(accountingExercise),
});
export type AccountingExercisesResponse = z.infer<typeof accountingExercisesResponse>;

/** `GET /api/exportVat/exerciseFec?idCompany=&end=`: the complete FEC of the exercise closing on `end`. */
export const accountingExerciseFecQuery = z.object({ idCompany: id, end: businessDay });

/** A calendar month `YYYY-MM`. */
export const calendarMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM expected');

/** `GET /api/exportVat/vatSummary` and `/zPack`: one establishment, one month. */
export const accountingMonthQuery = z.object({ idCompany: id, month: calendarMonth });
export type AccountingMonthQuery = z.infer<typeof accountingMonthQuery>;

/** One VAT rate of the month, as it goes on the return (cents). */
export const vatSummaryLine = z.object({
  rateBp: vatRateBp,
  /** Sales excluding VAT and their VAT: what the FEC credits to the sales and 44571 accounts. */
  salesBase: cents,
  salesVat: cents,
  /** Avoirs against sales: the rebates excluding VAT and the VAT they take back (FEC debits). */
  avoirsBase: cents,
  avoirsVat: cents,
  /** What to declare: sales less avoirs. */
  base: cents,
  vat: cents,
  /** The same rate summed over the registers' daily Z of the month (sales, before avoirs). */
  zBase: cents,
  zVat: cents,
});
export type VatSummaryLine = z.infer<typeof vatSummaryLine>;

export const accountingVatSummary = z.object({
  companyName: z.string(),
  month: calendarMonth,
  lines: z.array(vatSummaryLine),
  /** The first day of the month not closed yet (its figures may still change); null when all are. */
  openFrom: businessDay.nullable(),
  /** The registers' daily closures the Z columns sum. */
  zClosures: z.number().int(),
  /** The name its table is saved under: `tva-{SIREN}-{YYYY-MM}.csv`. */
  fileName: z.string(),
});
export type AccountingVatSummary = z.infer<typeof accountingVatSummary>;

/** The CA3 summary's file name: `tva-{SIREN}-{YYYY-MM}.csv` (or the PDF Z pack's, `.pdf`). */
export function monthPackFileName(kind: 'tva' | 'z', siren: string, month: string): string {
  return kind === 'tva' ? `tva-${siren}-${month}.csv` : `clotures-z-${siren}-${month}.pdf`;
}

/** The first and last days of a calendar month `YYYY-MM`. */
export function monthDays(month: string): { first: string; last: string } {
  const first = `${month}-01`;
  return { first, last: addCalendarDays(`${addCalendarDays(first, 31).slice(0, 7)}-01`, -1) };
}

/** One customer of the establishment at a month's end (issue 30, part 22), in cents. */
export const customerBalanceLine = z.object({
  customerId: id,
  name: z.string(),
  /** The auxiliary account the FEC gives the customer (CompAuxNum). */
  aux: z.string(),
  /** What the customer owes by its operations in the establishment (charges less payments, top-ups,
   * refunds): negative when it holds credit. */
  owed: cents,
  /** The balance of its 411 auxiliary account in the entries up to the month's end (debit − credit). */
  ledger: cents,
  /**
   * The credit balance of its auxiliary account on the advances received (4191) in the same entries:
   * the money it put on its account ahead of its charges. `owed` = `ledger` − `prepaid`.
   */
  prepaid: cents,
});
export type CustomerBalanceLine = z.infer<typeof customerBalanceLine>;

/** `GET /api/exportVat/customerBalances?idCompany=&month=`: the customer accounts at the month's end. */
export const accountingCustomerBalances = z.object({
  month: calendarMonth,
  /** The month's last day: the balances are those at its end. */
  endDay: businessDay,
  lines: z.array(customerBalanceLine),
  /** What customers owe: the 411 auxiliary balances. */
  receivable: cents,
  /** Credit held by customers (prepaid top-ups, amounts paid beyond a debt): the 4191 balances. */
  prepaid: cents,
  /**
   * Avoirs issued and not spent yet: a liability on the avoirs' account (4191). Negative when more
   * was spent than Comptoir recorded as issued (avoirs issued before it).
   */
  avoirsOutstanding: cents,
});
export type AccountingCustomerBalances = z.infer<typeof accountingCustomerBalances>;
