import {
  addYears,
  exportPeriodProblem,
  isCalendarDay,
  isValidExportEmail,
  type DataExportErrorCode,
  type ProductLinesExportQuery,
  parisToday,
  addMonths,
} from '@comptoir/contracts';

/** What the payment-products export modal holds: days `YYYY-MM-DD` (Paris) and an e-mail. */
export interface ProductLinesExportForm {
  startDay: string;
  endDay: string;
  email: string;
}

export interface ProductLinesExportProblems {
  email: 'INVALID_EMAIL' | null;
  startDay: 'INVALID_DATE' | null;
  endDay: Extract<DataExportErrorCode, 'INVALID_DATE' | 'REVERSED_DATES' | 'PERIOD_TOO_LONG'> | null;
}

/** The same day one month earlier; 31 March gives 28 (or 29) February. */
export const oneMonthBefore = (day: string): string => addMonths(day, -1);

/** Spec 1 §5: start one month ago, end today. */
export function defaultPeriod(now: Date = new Date()): Pick<ProductLinesExportForm, 'startDay' | 'endDay'> {
  const today = parisToday(now);
  return { startDay: oneMonthBefore(today), endDay: today };
}

/** The date pickers' limits: each date within one year of the other, the end not before the start. */
export function periodLimits(form: Pick<ProductLinesExportForm, 'startDay' | 'endDay'>) {
  return {
    start: isCalendarDay(form.endDay) ? { min: addYears(form.endDay, -1), max: form.endDay } : {},
    end: isCalendarDay(form.startDay) ? { min: form.startDay, max: addYears(form.startDay, 1) } : {},
  };
}

export function productLinesExportProblems(form: ProductLinesExportForm): ProductLinesExportProblems {
  const isStartValid = isCalendarDay(form.startDay);
  const isEndValid = isCalendarDay(form.endDay);
  return {
    email: isValidExportEmail(form.email) ? null : 'INVALID_EMAIL',
    startDay: isStartValid ? null : 'INVALID_DATE',
    endDay: !isEndValid
      ? 'INVALID_DATE'
      : isStartValid
        ? exportPeriodProblem(form.startDay, form.endDay)
        : null,
  };
}

export function hasProblem(problems: ProductLinesExportProblems): boolean {
  return problems.email !== null || problems.startDay !== null || problems.endDay !== null;
}

/** Spec 1 §5: the start day from 00:00:00, the end day until 23:59:59 (Paris time). */
export function productLinesExportQueryOf(form: ProductLinesExportForm): ProductLinesExportQuery {
  return {
    email: form.email.trim(),
    startDate: `${form.startDay} 00:00:00`,
    endDate: `${form.endDay} 23:59:59`,
  };
}
