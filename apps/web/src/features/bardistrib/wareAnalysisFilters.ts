import {
  isCalendarDay,
  lastSevenDays,
  type WareAnalysisQuery,
  type WareDetailsQuery,
  parisToday,
} from '@comptoir/contracts';

/** The report's filters: business days `YYYY-MM-DD`; an empty list means all of them. */
export interface WareFilters {
  fromDay: string;
  toDay: string;
  companyIds: string[];
  shiftIds: string[];
}

export type WarePeriod = Pick<WareFilters, 'fromDay' | 'toDay' | 'companyIds'>;

/** Spec 3 §9: the last 7 days to today, today being the seventh (as the report pages' shortcut). */
export function defaultWareFilters(now: Date = new Date()): WareFilters {
  const { start, end } = lastSevenDays(parisToday(now));
  return { fromDay: start, toDay: end, companyIds: [], shiftIds: [] };
}

export type PeriodProblem = 'invalidDate' | 'reversedDates' | null;

export function periodProblem(filters: Pick<WareFilters, 'fromDay' | 'toDay'>): PeriodProblem {
  if (!isCalendarDay(filters.fromDay) || !isCalendarDay(filters.toDay)) return 'invalidDate';
  return filters.toDay < filters.fromDay ? 'reversedDates' : null;
}

/** Spec 3 §9: the start day at 00:00:00, the end day at 23:59:59; lists as JSON. */
export function wareAnalysisQueryOf(
  filters: WarePeriod & Partial<Pick<WareFilters, 'shiftIds'>>,
): WareAnalysisQuery {
  const shiftIds = filters.shiftIds ?? [];
  return {
    fromDate: `${filters.fromDay} 00:00:00`,
    toDate: `${filters.toDay} 23:59:59`,
    id_companies: JSON.stringify(filters.companyIds),
    shifts: JSON.stringify(shiftIds),
    shiftsSelected: String(shiftIds.length > 0),
  };
}

export function wareDetailsQueryOf(filters: WareFilters, wareId: string): WareDetailsQuery {
  return { ...wareAnalysisQueryOf(filters), wareInfo: JSON.stringify({ id_ware: wareId }) };
}

export function searchOf(query: WareAnalysisQuery | WareDetailsQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  return search.toString();
}

/** The chosen shifts that the period still holds (a new period or establishment drops the others). */
export function keptShifts(
  shiftIds: string[],
  available: readonly { id_shift_document: string }[],
): string[] {
  const ids = new Set(available.map((shift) => shift.id_shift_document));
  return shiftIds.filter((id) => ids.has(id));
}

/** Poured more than sold: a loss to look at; sold more than poured: pours the dispenser missed. */
export function differenceTone(difference: number): 'loss' | 'missing' | 'even' {
  return difference > 0 ? 'loss' : difference < 0 ? 'missing' : 'even';
}
