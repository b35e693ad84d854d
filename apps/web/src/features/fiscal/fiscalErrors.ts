import type { FiscalErrorCode, PdfLinkErrorCode } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import type { MessageKey } from './fiscal.i18n';

type FiscalScreenErrorCode = FiscalErrorCode | PdfLinkErrorCode;

/** Each refusal of the fiscal routes and of the data host with the text the screen shows. */
const FISCAL_ERROR_MESSAGES: Record<FiscalScreenErrorCode, MessageKey> = {
  INVALID_PERIOD: 'fiscal.error.invalidPeriod',
  FISCAL_RECORD_NOT_FOUND: 'fiscal.error.notFound',
  FILTER_REQUIRED: 'common.error',
  PDF_LINK_INVALID: 'fiscal.pdf.error.link',
  PDF_LINK_EXPIRED: 'fiscal.pdf.error.link',
  PDF_DOCUMENT_NOT_FOUND: 'fiscal.pdf.error.notFound',
  PDF_TARGET_REQUIRED: 'fiscal.pdf.error.generic',
};

export function fiscalErrorMessage<Fallback extends string = MessageKey>(
  error: unknown,
  fallback: Fallback | MessageKey = 'common.error',
): Fallback | MessageKey {
  if (error instanceof ApiError && error.code in FISCAL_ERROR_MESSAGES) {
    return FISCAL_ERROR_MESSAGES[error.code as FiscalScreenErrorCode];
  }
  return fallback;
}

/** A record that is not in the account (or does not exist): the screen goes to /404 (spec 2 §2). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
