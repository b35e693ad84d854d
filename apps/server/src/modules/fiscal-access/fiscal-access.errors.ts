import type { FiscalAccessErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const fiscalAccessError = defineErrors<FiscalAccessErrorCode>({
  ASKER_EMAIL_DOMAIN: {
    status: 400,
    message: "L'adresse de l'administration fiscale doit se terminer par @dgfip.finances.gouv.fr.",
  },
  ASKER_EMAIL_AT_SIGN: {
    status: 400,
    message: 'l\'Email de l\'administration fiscale ne doit pas contenir le symbole "@".',
  },
  INVALID_ASKER_EMAIL: {
    status: 400,
    message: "L'adresse e-mail de l'administration fiscale n'est pas valide.",
  },
  INVALID_CUSTOMER_EMAIL: { status: 400, message: "Votre adresse e-mail n'est pas valide." },
  CUSTOMER_EMAIL_NOT_IN_ACCOUNT: {
    status: 400,
    message: "Cette adresse n'est pas celle d'un utilisateur de votre compte.",
  },
  FISCAL_ACCESS_FORBIDDEN: {
    status: 403,
    message:
      "Seul le titulaire du compte, ou un utilisateur ayant accès à l'administration fiscale, peut demander un accès pour l'administration fiscale.",
  },
  REQUEST_NOT_FOUND: { status: 404, message: "Cette demande d'accès n'existe pas." },
  ALREADY_DECIDED: { status: 409, message: 'Cette demande a déjà été validée ou refusée.' },
  FISCAL_ACCESS_REFUSED: { status: 401, message: 'connexion refusée' },
  MAIL_NOT_SENT: {
    status: 502,
    message: "Le jeton n'a pas pu être envoyé à l'administration fiscale ; la demande reste en attente.",
  },
});
