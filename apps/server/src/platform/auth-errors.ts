import { PASSWORD_RULE, type AuthErrorCode } from '@comptoir/contracts';
import { defineErrors } from './errors';

export const authError = defineErrors<AuthErrorCode>({
  UNAUTHENTICATED: { status: 401, message: 'Authentification requise.' },
  INVALID_TOKEN: { status: 401, message: "Le jeton d'accès est invalide." },
  ACCESS_TOKEN_EXPIRED: { status: 401, message: "Le jeton d'accès a expiré." },
  SESSION_REVOKED: { status: 401, message: 'La session a été fermée.' },
  FISCAL_TOKEN_NOT_ALLOWED: {
    status: 403,
    message: "Un jeton d'accès fiscal ne donne pas accès à cette ressource.",
  },
  FISCAL_TOKEN_REQUIRED: { status: 403, message: "Cette ressource demande un jeton d'accès fiscal." },
  VIEW_AS_READ_ONLY: { status: 403, message: 'Le mode « voir en tant que client » est en lecture seule.' },
  COMPANY_FORBIDDEN: { status: 403, message: "Vous n'avez pas accès à cet établissement." },
  INVALID_COMPANY_HEADER: {
    status: 400,
    message:
      "L'en-tête x-id-company doit contenir un identifiant d'établissement ou plusieurs séparés par des virgules.",
  },
  INVALID_DATE_HEADER: {
    status: 400,
    message:
      'Les en-têtes x-date-begin et x-date-end doivent être des dates AAAA-MM-JJ ou des dates-heures ISO 8601 avec fuseau, le début au plus tard à la fin.',
  },
  INVALID_CREDENTIALS: { status: 401, message: 'Adresse e-mail ou mot de passe incorrect.' },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Trop de tentatives. Réessayez dans quelques minutes.' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Trop de tentatives. Réessayez dans quelques minutes.' },
  INVALID_REFRESH_TOKEN: { status: 401, message: 'Le jeton de renouvellement est inconnu.' },
  REFRESH_TOKEN_REVOKED: { status: 401, message: 'Le jeton de renouvellement a été révoqué.' },
  REFRESH_TOKEN_EXPIRED: { status: 401, message: 'Le jeton de renouvellement a expiré.' },
  WRONG_TOKEN_KIND: { status: 401, message: "Ce jeton de renouvellement n'est pas valable ici." },
  SUB_USER_NO_ACCESS: { status: 403, message: "Votre compte n'a pas accès à ce service." },
  WEAK_PASSWORD: { status: 400, message: PASSWORD_RULE.message },
  EMAIL_TAKEN: { status: 409, message: 'Cette adresse e-mail est déjà utilisée.' },
  STAFF_ONLY: { status: 403, message: "Cette fonction est réservée à l'équipe support de Comptoir." },
  ROLE_NOT_ALLOWED: { status: 403, message: "Votre profil n'a pas accès à cette fonction." },
});
