import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api';
import { fiscalErrorMessage, isNotFound } from './fiscalErrors';

describe('fiscal error messages', () => {
  it('names a refused or expired PDF link and a missing Z report', () => {
    expect(fiscalErrorMessage(new ApiError(403, 'PDF_LINK_EXPIRED', 'expired'))).toBe(
      'fiscal.pdf.error.link',
    );
    expect(fiscalErrorMessage(new ApiError(404, 'PDF_DOCUMENT_NOT_FOUND', 'none'))).toBe(
      'fiscal.pdf.error.notFound',
    );
  });

  it('falls back to the generic error for anything else', () => {
    expect(fiscalErrorMessage(new ApiError(500, 'INTERNAL', 'boom'))).toBe('common.error');
    expect(fiscalErrorMessage(new TypeError('Failed to fetch'))).toBe('common.error');
  });

  it('sends a record of another account, answered 404, to the not-found page', () => {
    expect(isNotFound(new ApiError(404, 'FISCAL_RECORD_NOT_FOUND', 'not found'))).toBe(true);
    expect(isNotFound(new ApiError(403, 'FISCAL_TOKEN_NOT_ALLOWED', 'no'))).toBe(false);
  });
});
