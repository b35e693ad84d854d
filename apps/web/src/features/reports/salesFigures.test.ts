import { describe, expect, it } from 'vitest';
import type { BreakdownRow, ReportFigures } from '@comptoir/contracts';
import {
  average,
  bucketCoverage,
  byTurnover,
  discountedProducts,
  isEmptySales,
  productRankings,
  salesKpis,
  sharePercent,
} from './salesFigures';

const figures = (overrides: Partial<ReportFigures>): ReportFigures => ({
  orders: 0,
  covers: 0,
  quantity: 0,
  turnoverIvat: 0,
  turnoverEvat: 0,
  tax: 0,
  discount: 0,
  offered: 0,
  ...overrides,
});

const product = (label: string, turnoverIvat: number, extra: Partial<BreakdownRow> = {}): BreakdownRow => ({
  ...figures({ turnoverIvat, turnoverEvat: Math.round(turnoverIvat / 1.1) }),
  key: label,
  label,
  ...extra,
});

describe('sales-analysis figures', () => {
  const current = figures({ orders: 40, covers: 64, turnoverIvat: 120_000, turnoverEvat: 100_000 });
  const previous = figures({ orders: 50, covers: 80, turnoverIvat: 100_000, turnoverEvat: 90_000 });

  it('divides the turnover by orders for the average ticket and by covers for the average per cover', () => {
    const kpis = salesKpis(current, previous, true);
    expect(kpis.find((kpi) => kpi.id === 'averageTicket')).toMatchObject({ current: 3000, previous: 2000 });
    expect(kpis.find((kpi) => kpi.id === 'averagePerCover')).toMatchObject({ current: 1875, previous: 1250 });
  });

  it('takes the turnover excluding VAT for the averages when the settings ask for it', () => {
    const kpis = salesKpis(current, previous, false);
    expect(kpis.find((kpi) => kpi.id === 'averageTicket')).toMatchObject({ current: 2500, previous: 1800 });
  });

  it('has no average without orders or covers, rather than dividing by zero', () => {
    expect(average(1000, 0)).toBeNull();
    expect(average(1000, 3)).toBe(333);
    const kpis = salesKpis(current, figures({}), true);
    expect(kpis.find((kpi) => kpi.id === 'averageTicket')?.previous).toBeNull();
  });

  it('lists the six cards in order', () => {
    expect(salesKpis(current, previous, true).map((kpi) => kpi.id)).toEqual([
      'turnoverIvat',
      'turnoverEvat',
      'orders',
      'covers',
      'averageTicket',
      'averagePerCover',
    ]);
  });

  it('says a period without any sale is empty', () => {
    expect(isEmptySales(figures({}))).toBe(true);
    expect(isEmptySales(current)).toBe(false);
    expect(isEmptySales(figures({ offered: 450 }))).toBe(false);
  });
});

describe('product rankings', () => {
  const products = Array.from({ length: 15 }, (_, index) => product(`P${index + 1}`, (index + 1) * 1000));

  it('gives the 10 best sellers, best first', () => {
    expect(productRankings(products, true).top.map((row) => row.label)).toEqual([
      'P15',
      'P14',
      'P13',
      'P12',
      'P11',
      'P10',
      'P9',
      'P8',
      'P7',
      'P6',
    ]);
  });

  it('gives the least sold, least first, never repeating a top product', () => {
    expect(productRankings(products, true).bottom.map((row) => row.label)).toEqual([
      'P1',
      'P2',
      'P3',
      'P4',
      'P5',
    ]);
    expect(productRankings(products.slice(0, 8), true).bottom).toEqual([]);
  });

  it('orders equal turnovers by name', () => {
    expect(byTurnover([product('Café', 500), product('Bière', 500)], true).map((row) => row.label)).toEqual([
      'Bière',
      'Café',
    ]);
  });
});

describe('shares, discounts and offered items', () => {
  it('gives shares in percent with one decimal', () => {
    expect(sharePercent(1, 3)).toBe(33.3);
    expect(sharePercent(5, 0)).toBe(0);
  });

  it('lists the products discounted or offered, the largest first', () => {
    const rows = [
      product('Café', 500, { discount: 100 }),
      product('Dessert', 900),
      product('Digestif', 0, { offered: 800 }),
    ];
    expect(discountedProducts(rows).map((row) => row.label)).toEqual(['Digestif', 'Café']);
  });
});

describe('partial buckets of the curve', () => {
  const period = { begin: '2026-10-26', end: '2026-11-24' };

  it('marks the first and last months a period covers in part, with their days', () => {
    expect(bucketCoverage('2026-10-01', 'month', period)).toEqual({
      days: 6,
      totalDays: 31,
      isPartial: true,
    });
    expect(bucketCoverage('2026-11-01', 'month', period)).toEqual({
      days: 24,
      totalDays: 30,
      isPartial: true,
    });
  });

  it('counts a whole month in the middle of the period, and the month lengths of the calendar', () => {
    const year = { begin: '2027-01-01', end: '2028-12-31' };
    expect(bucketCoverage('2027-02-01', 'month', year)).toEqual({
      days: 28,
      totalDays: 28,
      isPartial: false,
    });
    expect(bucketCoverage('2028-02-01', 'month', year)).toEqual({
      days: 29,
      totalDays: 29,
      isPartial: false,
    });
    expect(bucketCoverage('2027-12-01', 'month', year).isPartial).toBe(false);
  });

  it('marks weeks cut by the period, Monday to Sunday', () => {
    // 26/10/2026 is a Monday, 24/11/2026 a Tuesday.
    expect(bucketCoverage('2026-10-26', 'week', period)).toEqual({ days: 7, totalDays: 7, isPartial: false });
    expect(bucketCoverage('2026-11-23', 'week', period)).toEqual({ days: 2, totalDays: 7, isPartial: true });
  });

  it('never marks a day', () => {
    expect(bucketCoverage('2026-11-24', 'day', period)).toEqual({ days: 1, totalDays: 1, isPartial: false });
  });
});
