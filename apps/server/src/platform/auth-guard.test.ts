import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { parsePeriodHeaders } from './auth-guard';

function refusal(begin: string | undefined, end: string | undefined): string | undefined {
  try {
    parsePeriodHeaders(begin, end);
    return undefined;
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
}

describe('the period headers (x-date-begin, x-date-end)', () => {
  it('refuses a day or an instant in year 0, which PostgreSQL cannot store', () => {
    expect(refusal('0000-01-01', '0000-12-31')).toBe('INVALID_DATE_HEADER');
    expect(refusal('0001-01-01', '2024-03-01')).toBe('INVALID_DATE_HEADER');
    expect(refusal('0000-06-01T00:00:00Z', undefined)).toBe('INVALID_DATE_HEADER');
  });

  it('accepts the earliest days PostgreSQL can hold in Paris time, and the latest ISO days', () => {
    expect(parsePeriodHeaders('0001-01-02', '9999-12-31')).toEqual({
      begin: { day: '0001-01-02', at: null },
      end: { day: '9999-12-31', at: null },
    });
  });
});
