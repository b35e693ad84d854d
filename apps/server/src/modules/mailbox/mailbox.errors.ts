import type { MailboxErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const mailboxError = defineErrors<MailboxErrorCode>({
  STAFF_ONLY: { status: 403, message: "La boîte mail de développement est réservée à l'équipe Comptoir." },
  MAILBOX_DISABLED: {
    status: 404,
    message: "La boîte mail de développement n'existe que sans serveur SMTP (SMTP_URL absent).",
  },
  MAIL_NOT_FOUND: { status: 404, message: 'Message introuvable.' },
  ATTACHMENT_NOT_FOUND: { status: 404, message: 'Pièce jointe introuvable.' },
});
