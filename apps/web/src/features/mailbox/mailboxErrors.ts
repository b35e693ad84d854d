import type { MailboxErrorCode, MailStatus } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import type { MessageKey } from './mailbox.i18n';

const ERROR_MESSAGES: Record<MailboxErrorCode, MessageKey> = {
  STAFF_ONLY: 'mailbox.error.STAFF_ONLY',
  MAILBOX_DISABLED: 'mailbox.error.MAILBOX_DISABLED',
  MAIL_NOT_FOUND: 'mailbox.error.MAIL_NOT_FOUND',
  ATTACHMENT_NOT_FOUND: 'mailbox.error.ATTACHMENT_NOT_FOUND',
};

/** The translated text of a mailbox refusal; any other failure is the generic error. */
export function mailboxErrorKey(error: unknown): MessageKey {
  if (error instanceof ApiError && error.code in ERROR_MESSAGES) {
    return ERROR_MESSAGES[error.code as MailboxErrorCode];
  }
  return 'common.error';
}

export const MAIL_STATUS_LABELS: Record<MailStatus, MessageKey> = {
  stored: 'mailbox.status.stored',
  queued: 'mailbox.status.queued',
  sending: 'mailbox.status.sending',
  sent: 'mailbox.status.sent',
  failed: 'mailbox.status.failed',
  dead: 'mailbox.status.dead',
};
