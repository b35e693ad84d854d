import { PASSWORD_RULE, type AccountMigrationErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

// No 401 here: the portal ends the session on a 401 that is not an expired access token.
export const accountMigrationError = defineErrors<AccountMigrationErrorCode>({
  CREDENTIALS_CHANGE_FORBIDDEN: {
    status: 403,
    message: 'Seul le titulaire du compte peut modifier ses identifiants, depuis sa propre session.',
  },
  SESSION_MISMATCH: {
    status: 403,
    message: "Le jeton de renouvellement n'appartient pas à cette session.",
  },
  INVALID_PASSWORD: { status: 400, message: 'Mot de passe incorrect.' },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Trop de tentatives. Réessayez dans quelques minutes.' },
  INVALID_CHECK_TOKEN: {
    status: 403,
    message: 'La vérification de votre mot de passe a expiré. Saisissez-le à nouveau.',
  },
  OLD_EMAIL_MISMATCH: {
    status: 400,
    message: "L'adresse e-mail actuelle ne correspond pas à celle de votre compte.",
  },
  INVALID_EMAIL: { status: 400, message: "L'adresse e-mail n'est pas valide." },
  SAME_EMAIL: {
    status: 400,
    message: "La nouvelle adresse e-mail doit être différente de l'adresse actuelle.",
  },
  EMAIL_TAKEN: { status: 409, message: 'Cette adresse e-mail est déjà associée à un compte.' },
  WEAK_PASSWORD: { status: 400, message: PASSWORD_RULE.message },
  SAME_PASSWORD: {
    status: 400,
    message: "Le nouveau mot de passe doit être différent de l'ancien.",
  },
  MAIL_NOT_SENT: {
    status: 502,
    message: "L'e-mail de vérification n'a pas pu être envoyé. Réessayez plus tard.",
  },
});
