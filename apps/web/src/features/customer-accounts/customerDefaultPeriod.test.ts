import { describe, expect, it } from 'vitest';
import { lastSevenDays } from '@comptoir/contracts';
import { defaultAccountingRange } from '../accounting-export/accountingExportRules';
import { defaultWareFilters } from '../bardistrib/wareAnalysisFilters';
import { defaultSalesLinesFilters } from '../data-export/salesLinesExportRules';
import { defaultCustomerPeriod } from './customerListRules';

describe('the default period of the customer export and history', () => {
  it('is the last 7 days ending today, the same as every other spec 3 page', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    const today = '2026-11-29';
    const week = { start: '2026-11-23', end: today };
    expect(lastSevenDays(today)).toEqual(week);
    expect(defaultCustomerPeriod(today)).toEqual(week);
    expect(defaultAccountingRange(today)).toEqual(week);
    const ware = defaultWareFilters(now);
    expect({ start: ware.fromDay, end: ware.toDay }).toEqual(week);
    const salesLines = defaultSalesLinesFilters(now);
    expect({ start: salesLines.startDay, end: salesLines.endDay }).toEqual(week);
  });
});
