import { describe, expect, it } from 'vitest';
import {
  bucketAxisLabel,
  byBusinessHour,
  formatEurosTick,
  hoursOfBusinessDay,
  vatRateLabel,
} from './reportFormat';
import { isEmptyWeekdays, weekdayHourGrid, weekdayRows } from './weekdayFigures';

describe('report labels', () => {
  it('labels curve buckets by day, week or month', () => {
    expect(bucketAxisLabel('2026-05-04', 'day')).toBe('04/05');
    expect(bucketAxisLabel('2026-05-04', 'week')).toBe('04/05');
    expect(bucketAxisLabel('2026-05-01', 'month')).toBe('05/2026');
  });

  it('writes axis ticks in whole euros', () => {
    expect(formatEurosTick(1_250_000)).toBe('12 500 €');
    expect(formatEurosTick(0)).toBe('0 €');
  });

  it('shows VAT rates as a rate with a dot decimal', () => {
    expect(vatRateLabel({ key: '550', label: 'TVA 5,5' })).toBe('5.5 %');
    expect(vatRateLabel({ key: '2000', label: 'TVA 20' })).toBe('20 %');
    expect(vatRateLabel({ key: '210', label: '' })).toBe('2.1 %');
    expect(vatRateLabel({ key: 'exempt', label: 'Exonéré' })).toBe('Exonéré');
  });
});

describe('hours of a business day', () => {
  it('start at the business-day start hour, the night last', () => {
    expect(hoursOfBusinessDay(0).slice(0, 3)).toEqual([0, 1, 2]);
    expect(hoursOfBusinessDay(5).slice(0, 2)).toEqual([5, 6]);
    expect(hoursOfBusinessDay(5).slice(-2)).toEqual([3, 4]);
  });

  it('order hour rows the same way', () => {
    const rows = [{ key: '1' }, { key: '23' }, { key: '6' }, { key: 'x' }];
    expect(byBusinessHour(rows, 5).map((row) => row.key)).toEqual(['6', '23', '1', 'x']);
  });
});

describe('weekday details', () => {
  it('lists every weekday, Monday first, with zeros for missing ones', () => {
    const rows = weekdayRows([
      {
        weekday: 7,
        days: 1,
        turnoverIvat: 900,
        orders: 3,
        covers: 4,
        averageTurnoverIvat: 900,
        averageOrders: 3,
      },
      {
        weekday: 1,
        days: 2,
        turnoverIvat: 800,
        orders: 2,
        covers: 2,
        averageTurnoverIvat: 400,
        averageOrders: 1,
      },
    ]);
    expect(rows.map((row) => row.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(rows[1]).toMatchObject({ weekday: 2, days: 0, turnoverIvat: 0 });
    expect(rows[6]?.turnoverIvat).toBe(900);
  });

  it('reads a cell by weekday and hour, a missing one as 0', () => {
    const value = weekdayHourGrid([{ weekday: 3, hour: 12, turnoverIvat: 4500, orders: 5 }]);
    expect(value(3, 12, 'turnoverIvat')).toBe(4500);
    expect(value(3, 12, 'orders')).toBe(5);
    expect(value(3, 13, 'orders')).toBe(0);
  });

  it('says a period without sales is empty', () => {
    expect(
      isEmptyWeekdays({ period: { begin: '2026-05-01', end: '2026-05-01' }, cells: [], weekdays: [] }),
    ).toBe(true);
  });
});
