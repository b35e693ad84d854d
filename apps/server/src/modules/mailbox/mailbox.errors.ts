import type { MailboxErrorCode } from '@comptoir/contracts';
import { AppError } from '../../platform/errors';

const mailboxErrors: Record<MailboxErrorCode, { status: number; message: string }> = {
  STAFF_ONLY: { status: 403, message: "La boîte mail de développement est réservée à l'équipe Comptoir." },
  MAILBOX_DISABLED: {
    status: 404,
    message: "La boîte mail de développement n'existe que sans serveur SMTP (SMTP_URL absent).",
  },
  MAIL_NOT_FOUND: { status: 404, message: 'Message introuvable.' },
  ATTACHMENT_NOT_FOUND: { status: 404, message: 'Pièce jointe introuvable.' },
};

export function mailboxError(code: MailboxErrorCode): AppError {
  const { status, message } = mailboxErrors[code];
  return new AppError(status, code, message);
}
