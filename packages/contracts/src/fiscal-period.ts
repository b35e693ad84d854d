import { z } from 'zod';
import { countDays, isCalendarDay, parisDayOf } from './clock';

/**
 * The period every fiscal read may ask for (spec 2 §2: the closures list's date pickers, whose
 * predefined ranges are a whole year at most — the current one, the two before, a month of the
 * current one — and spec 1 §5: the archive export, one year at most). One rule for the closures,
 * tracking, server closures, JET, interventions, errors, signature check and archive queries: days
 * from FISCAL_PERIOD_FIRST_DAY to 31 December of the current year (Paris), FISCAL_PERIOD_MAX_DAYS at
 * most. A module may be stricter (the archive export: one calendar year).
 */

/** No register signed anything before: an earlier day is a mistake or a probe. */
export const FISCAL_PERIOD_FIRST_DAY = '2000-01-01';
/** Days of a period, both ends included: a leap year. */
export const FISCAL_PERIOD_MAX_DAYS = 366;

/** 400 answers of the rule, on every route that applies it. */
export const fiscalPeriodErrorCode = z.enum([
  /** A day before FISCAL_PERIOD_FIRST_DAY or after 31 December of the current year. */
  'DATE_OUT_OF_RANGE',
  /** More than FISCAL_PERIOD_MAX_DAYS days. */
  'PERIOD_TOO_LONG',
]);
export type FiscalPeriodErrorCode = z.infer<typeof fiscalPeriodErrorCode>;

export const FISCAL_PERIOD_ERROR_MESSAGES: Record<FiscalPeriodErrorCode, string> = {
  DATE_OUT_OF_RANGE: "Les dates doivent être comprises entre le 01/01/2000 et le 31/12 de l'année en cours.",
  PERIOD_TOO_LONG: 'La période ne doit pas dépasser un an.',
};

/**
 * The last day a period may reach: 31 December of the current Paris year, where the spec's
 * predefined ranges end. A day of slack: a browser slightly ahead on New Year's Eve may ask for its
 * new year.
 */
export function fiscalPeriodLastDay(now: Date = new Date()): string {
  return `${parisDayOf(new Date(now.getTime() + 86_400_000)).slice(0, 4)}-12-31`;
}

export interface FiscalPeriodProblem {
  code: FiscalPeriodErrorCode;
  /** The field to blame. */
  field: 'startDate' | 'endDate';
}

/**
 * What breaks the rule in these `YYYY-MM-DD` days, or null. Either day may be absent (an open end);
 * a reversed period is left to the route, which answers its own code.
 */
export function fiscalPeriodProblem(
  period: { startDay?: string | undefined; endDay?: string | undefined },
  now: Date = new Date(),
): FiscalPeriodProblem | null {
  const lastDay = fiscalPeriodLastDay(now);
  const { startDay, endDay } = period;
  const isOut = (day: string | undefined) =>
    day !== undefined && (day < FISCAL_PERIOD_FIRST_DAY || day > lastDay);
  if (isOut(startDay)) return { code: 'DATE_OUT_OF_RANGE', field: 'startDate' };
  if (isOut(endDay)) return { code: 'DATE_OUT_OF_RANGE', field: 'endDate' };
  if (
    startDay !== undefined &&
    endDay !== undefined &&
    startDay <= endDay &&
    countDays(startDay, endDay) > FISCAL_PERIOD_MAX_DAYS
  ) {
    return { code: 'PERIOD_TOO_LONG', field: 'endDate' };
  }
  return null;
}

/** Reads a query's date as a `YYYY-MM-DD` day; null when it cannot (the route then answers INVALID_DATE). */
export type DayReader = (value: string) => string | null;

const asCalendarDay: DayReader = (value) => (isCalendarDay(value) ? value : null);

/** Unix seconds (spec 2 §7) as the Paris day they fall on, or `YYYY-MM-DD`. */
export const readSignatureCheckDay: DayReader = (value) => {
  if (/^\d{1,12}$/.test(value)) return parisDayOf(Number(value) * 1000);
  return asCalendarDay(value);
};

/** `YYYYMMDD` (spec 1 §5) or `YYYY-MM-DD`. */
export const readArchiveDay: DayReader = (value) => {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value);
  return match ? asCalendarDay(`${match[1]}-${match[2]}-${match[3]}`) : null;
};

/**
 * A fiscal query schema with `startDate` / `endDate` (each optional or not) under the period rule.
 * A broken rule is a validation issue carrying `params.errorCode`: the server answers 400 with that
 * code and FISCAL_PERIOD_ERROR_MESSAGES' text. Dates `readDay` cannot read pass through, for the
 * route's own INVALID_DATE.
 */
export function withFiscalPeriod<T extends z.ZodObject>(schema: T, readDay: DayReader = asCalendarDay): T {
  return schema.superRefine((query, ctx) => {
    const { startDate, endDate } = query as { startDate?: string; endDate?: string };
    const problem = fiscalPeriodProblem({
      startDay: (startDate === undefined ? null : readDay(startDate)) ?? undefined,
      endDay: (endDate === undefined ? null : readDay(endDate)) ?? undefined,
    });
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        path: [problem.field],
        message: FISCAL_PERIOD_ERROR_MESSAGES[problem.code],
        params: { errorCode: problem.code },
      });
    }
  });
}
