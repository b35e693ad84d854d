import { describe, expect, it } from 'vitest';
import {
  defaultWareFilters,
  differenceTone,
  keptShifts,
  periodProblem,
  searchOf,
  wareAnalysisQueryOf,
  wareDetailsQueryOf,
} from './wareAnalysisFilters';

describe('ware analysis filters', () => {
  it('opens on the last 7 days to today (today included, as the report pages), in Paris, every establishment and shift', () => {
    expect(defaultWareFilters(new Date('2026-03-14T23:30:00Z'))).toEqual({
      fromDay: '2026-03-09',
      toDay: '2026-03-15',
      companyIds: [],
      shiftIds: [],
    });
  });

  it('sends the start day at 00:00:00, the end day at 23:59:59 and the lists as JSON', () => {
    const query = wareAnalysisQueryOf({
      fromDay: '2026-03-01',
      toDay: '2026-03-14',
      companyIds: ['c1'],
      shiftIds: ['s1', 's2'],
    });
    expect(query).toEqual({
      fromDate: '2026-03-01 00:00:00',
      toDate: '2026-03-14 23:59:59',
      id_companies: '["c1"]',
      shifts: '["s1","s2"]',
      shiftsSelected: 'true',
    });
    expect(searchOf(query)).toBe(
      'fromDate=2026-03-01+00%3A00%3A00&toDate=2026-03-14+23%3A59%3A59&id_companies=%5B%22c1%22%5D' +
        '&shifts=%5B%22s1%22%2C%22s2%22%5D&shiftsSelected=true',
    );
    const all = wareAnalysisQueryOf({
      fromDay: '2026-03-01',
      toDay: '2026-03-14',
      companyIds: [],
      shiftIds: [],
    });
    expect(all).toMatchObject({ id_companies: '[]', shiftsSelected: 'false' });
    const filters = { fromDay: '2026-03-01', toDay: '2026-03-14', companyIds: [], shiftIds: [] };
    expect(wareDetailsQueryOf(filters, 'w1').wareInfo).toBe('{"id_ware":"w1"}');
  });

  it('refuses a reversed or incomplete period', () => {
    expect(periodProblem({ fromDay: '2026-03-14', toDay: '2026-03-01' })).toBe('reversedDates');
    expect(periodProblem({ fromDay: '', toDay: '2026-03-01' })).toBe('invalidDate');
    expect(periodProblem({ fromDay: '2026-03-01', toDay: '2026-03-01' })).toBeNull();
  });

  it('keeps only the chosen shifts the new period still holds', () => {
    expect(keptShifts(['a', 'b'], [{ id_shift_document: 'b' }, { id_shift_document: 'c' }])).toEqual(['b']);
  });

  it('tells a loss from a pour the dispenser missed', () => {
    expect([differenceTone(3), differenceTone(-1), differenceTone(0)]).toEqual(['loss', 'missing', 'even']);
  });
});
