import type { AuthErrorCode, ReportsErrorCode } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import type { MessageKey } from './reports.i18n';

type ReportErrorCode = ReportsErrorCode | Extract<AuthErrorCode, 'COMPANY_FORBIDDEN' | 'VIEW_AS_READ_ONLY'>;

/** Each refusal of the report routes with the text the page shows; anything else is the generic error. */
const REPORT_ERROR_MESSAGES: Record<ReportErrorCode, MessageKey> = {
  COMPANY_FORBIDDEN: 'reports.error.companyForbidden',
  PERIOD_TOO_LONG: 'reports.period.error.tooLong',
  SERVICE_NOT_FOUND: 'reports.error.serviceNotFound',
  ACCOUNT_REQUIRED: 'reports.error.accountRequired',
  VIEW_AS_READ_ONLY: 'reports.error.readOnly',
};

export function reportErrorMessage(error: unknown, fallback: MessageKey = 'common.error'): MessageKey {
  if (error instanceof ApiError && error.code in REPORT_ERROR_MESSAGES) {
    return REPORT_ERROR_MESSAGES[error.code as ReportErrorCode];
  }
  return fallback;
}
