import type { WeekdayDetails } from '@comptoir/contracts';

/** ISO weekdays, Monday first as French calendars print them. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export function isWeekday(value: number): value is Weekday {
  return (WEEKDAYS as readonly number[]).includes(value);
}

export type HeatMetric = 'turnoverIvat' | 'orders';

type Cell = WeekdayDetails['cells'][number];

/** Looks cells up by weekday and hour; a missing cell is a quiet hour, 0. */
export function weekdayHourGrid(cells: readonly Cell[]) {
  const byKey = new Map(cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell]));
  return (weekday: number, hour: number, metric: HeatMetric): number =>
    byKey.get(`${weekday}-${hour}`)?.[metric] ?? 0;
}

/** Every weekday in order, with zeros for those the period does not hold or had no sale on. */
export function weekdayRows(weekdays: WeekdayDetails['weekdays']): WeekdayDetails['weekdays'] {
  return WEEKDAYS.map(
    (weekday) =>
      weekdays.find((row) => row.weekday === weekday) ?? {
        weekday,
        days: 0,
        turnoverIvat: 0,
        orders: 0,
        covers: 0,
        averageTurnoverIvat: 0,
        averageOrders: 0,
      },
  );
}

export function isEmptyWeekdays(details: WeekdayDetails): boolean {
  return (
    details.cells.every((cell) => cell.orders === 0 && cell.turnoverIvat === 0) &&
    details.weekdays.every((row) => row.orders === 0 && row.turnoverIvat === 0)
  );
}
