import { addCalendarDays, countDays, calendarMonthEnd } from '@comptoir/contracts';
import type { BreakdownRow, Granularity, ReportFigures, ReportPeriod } from '@comptoir/contracts';

/** Turnover incl. or excl. VAT, as the user's report settings ask (`amountsInclVat`). */
export function turnover(
  figures: Pick<ReportFigures, 'turnoverIvat' | 'turnoverEvat'>,
  isInclVat: boolean,
): number {
  return isInclVat ? figures.turnoverIvat : figures.turnoverEvat;
}

/** Whole cents, or null when there is nothing to divide by. */
export function average(amount: number, count: number): number | null {
  return count > 0 ? Math.round(amount / count) : null;
}

export type KpiId =
  'turnoverIvat' | 'turnoverEvat' | 'orders' | 'covers' | 'averageTicket' | 'averagePerCover';

export interface Kpi {
  id: KpiId;
  kind: 'money' | 'integer';
  current: number | null;
  previous: number | null;
}

/** The sales-analysis cards: each figure of the period beside the same figure of the period before. */
export function salesKpis(current: ReportFigures, previous: ReportFigures, isInclVat: boolean): Kpi[] {
  const pair = (id: KpiId, kind: Kpi['kind'], of: (figures: ReportFigures) => number | null): Kpi => ({
    id,
    kind,
    current: of(current),
    previous: of(previous),
  });
  return [
    pair('turnoverIvat', 'money', (figures) => figures.turnoverIvat),
    pair('turnoverEvat', 'money', (figures) => figures.turnoverEvat),
    pair('orders', 'integer', (figures) => figures.orders),
    pair('covers', 'integer', (figures) => figures.covers),
    pair('averageTicket', 'money', (figures) => average(turnover(figures, isInclVat), figures.orders)),
    pair('averagePerCover', 'money', (figures) => average(turnover(figures, isInclVat), figures.covers)),
  ];
}

/** Largest turnover first; equal turnovers by label, so that the order never jumps between loads. */
export function byTurnover(rows: readonly BreakdownRow[], isInclVat: boolean): BreakdownRow[] {
  return [...rows].sort(
    (a, b) => turnover(b, isInclVat) - turnover(a, isInclVat) || a.label.localeCompare(b.label),
  );
}

/**
 * The 10 best-selling products and the 10 that sold least, the least first. A product is never in
 * both lists: with 15 products, the bottom list holds the 5 that are not in the top.
 */
export function productRankings(
  products: readonly BreakdownRow[],
  isInclVat: boolean,
  size = 10,
): { top: BreakdownRow[]; bottom: BreakdownRow[] } {
  const sorted = byTurnover(products, isInclVat);
  const top = sorted.slice(0, size);
  const bottom = sorted.slice(size).reverse().slice(0, size);
  return { top, bottom };
}

/** Share of each row in the total, in percent with one decimal; 0 when the total is 0. */
export function sharePercent(amount: number, total: number): number {
  return total === 0 ? 0 : Math.round((amount / total) * 1000) / 10;
}

/** Products that were discounted or offered, the largest first. */
export function discountedProducts(products: readonly BreakdownRow[]): BreakdownRow[] {
  return products
    .filter((row) => row.discount !== 0 || row.offered !== 0)
    .sort((a, b) => b.discount + b.offered - (a.discount + a.offered) || a.label.localeCompare(b.label));
}

/** A period with no sale at all: the page says so instead of drawing empty charts. */
export function isEmptySales(figures: ReportFigures): boolean {
  return (
    figures.orders === 0 &&
    figures.quantity === 0 &&
    figures.turnoverIvat === 0 &&
    figures.discount === 0 &&
    figures.offered === 0
  );
}

/** The last day of the week (Monday to Sunday) or month that a curve bucket starts. */
function bucketEnd(bucket: string, granularity: Granularity): string {
  if (granularity === 'day') return bucket;
  if (granularity === 'week') return addCalendarDays(bucket, 6);
  return calendarMonthEnd(bucket);
}

export interface BucketCoverage {
  /** Days of the bucket inside the period. */
  days: number;
  /** Days of the whole week or month. */
  totalDays: number;
  isPartial: boolean;
}

/**
 * How much of its week or month a curve bucket (its first day, as the server keys it) covers in the
 * period: a period that starts on the 25th makes its first month a partial one of 6 or 7 days.
 */
export function bucketCoverage(
  bucket: string,
  granularity: Granularity,
  period: ReportPeriod,
): BucketCoverage {
  const end = bucketEnd(bucket, granularity);
  const from = bucket > period.begin ? bucket : period.begin;
  const to = end < period.end ? end : period.end;
  const days = Math.max(0, countDays(from, to));
  const totalDays = countDays(bucket, end);
  return { days, totalDays, isPartial: days < totalDays };
}
