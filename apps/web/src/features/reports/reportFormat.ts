import { formatBusinessDay } from '@comptoir/contracts';
import type { Granularity } from '@comptoir/contracts';
import { formatInteger } from '../../ui/numbers';

/** A curve's bucket on the axis: `05/05` for a day or a week's Monday, `05/2026` for a month. */
export function bucketAxisLabel(bucket: string, granularity: Granularity): string {
  const date = formatBusinessDay(bucket);
  return granularity === 'month' ? date.slice(3) : date.slice(0, 5);
}

/** Axis ticks in whole euros: `12 500 €`; the tables and tooltips give the cents. */
export function formatEurosTick(cents: number): string {
  return `${formatInteger(Math.round(cents / 100))} €`;
}

/**
 * A VAT-rate breakdown row as a rate: the contract keys rates in basis points (`550` -> `5.5 %`);
 * a key that is not a number keeps the server's label.
 */
export function vatRateLabel(row: { key: string; label: string }): string {
  if (!/^\d+$/.test(row.key)) return row.label;
  // 550 / 100 prints 5.5 and 2000 / 100 prints 20: the dot decimal of spec §9.
  return `${Number(row.key) / 100} %`;
}

/** The 24 hours in the order of a business day that starts at `dayStartHour` (night hours last). */
export function hoursOfBusinessDay(dayStartHour: number): number[] {
  return Array.from({ length: 24 }, (_, index) => (dayStartHour + index) % 24);
}

/** Hour rows in business-day order; a row whose key is not an hour goes last. */
export function byBusinessHour<Row extends { key: string }>(
  rows: readonly Row[],
  dayStartHour: number,
): Row[] {
  const rank = (row: Row) => {
    const hour = Number(row.key);
    return Number.isInteger(hour) && hour >= 0 && hour < 24 ? (hour - dayStartHour + 24) % 24 : 24;
  };
  return [...rows].sort((a, b) => rank(a) - rank(b));
}
