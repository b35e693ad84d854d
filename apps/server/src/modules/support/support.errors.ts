import type { SupportErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const supportError = defineErrors<SupportErrorCode>({
  ACCOUNT_NOT_FOUND: { status: 404, message: "Ce compte client n'existe pas." },
  MAIL_NOT_FOUND: { status: 404, message: "Cet e-mail n'est pas dans la file d'envoi." },
  MAIL_NOT_RESENDABLE: {
    status: 409,
    message: "Seul un e-mail en échec peut être renvoyé : celui-ci est envoyé ou en cours d'envoi.",
  },
});
