import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api';
import { reportErrorMessage } from './reportErrors';

describe('report errors', () => {
  it('gives each refusal of the report routes its own text', () => {
    expect(reportErrorMessage(new ApiError(403, 'COMPANY_FORBIDDEN', ''))).toBe(
      'reports.error.companyForbidden',
    );
    expect(reportErrorMessage(new ApiError(400, 'PERIOD_TOO_LONG', ''))).toBe('reports.period.error.tooLong');
    expect(reportErrorMessage(new ApiError(404, 'SERVICE_NOT_FOUND', ''))).toBe(
      'reports.error.serviceNotFound',
    );
    expect(reportErrorMessage(new ApiError(403, 'VIEW_AS_READ_ONLY', ''))).toBe('reports.error.readOnly');
  });

  it('falls back to the generic error, or the one the caller names', () => {
    expect(reportErrorMessage(new ApiError(500, 'INTERNAL', ''))).toBe('common.error');
    expect(reportErrorMessage(new TypeError('Failed to fetch'), 'reports.settings.error.save')).toBe(
      'reports.settings.error.save',
    );
  });
});
