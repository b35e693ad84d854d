import {
  NOTIFICATION_PUBLISHING_RULE_MESSAGES,
  type NotificationPublishingErrorCode,
} from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const notificationPublishingError = defineErrors<NotificationPublishingErrorCode>({
  END_NOT_AFTER_START: { status: 400, message: NOTIFICATION_PUBLISHING_RULE_MESSAGES.END_NOT_AFTER_START },
  ACCOUNT_REQUIRED: { status: 400, message: NOTIFICATION_PUBLISHING_RULE_MESSAGES.ACCOUNT_REQUIRED },
  ACCOUNT_NOT_EXPECTED: { status: 400, message: NOTIFICATION_PUBLISHING_RULE_MESSAGES.ACCOUNT_NOT_EXPECTED },
  ACCOUNT_NOT_FOUND: { status: 404, message: "Ce compte n'existe pas." },
  NOTIFICATION_NOT_FOUND: { status: 404, message: "Cette notification n'existe pas." },
  ALREADY_ENDED: { status: 409, message: 'Cette notification est déjà terminée.' },
});
