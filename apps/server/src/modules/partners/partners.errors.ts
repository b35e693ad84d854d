import { PARTNER_MIN_APP_VERSION, type PartnersErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const partnersError = defineErrors<PartnersErrorCode>({
  APP_UPDATE_NEEDED: {
    status: 403,
    message: `Pour relier un partenaire, mettez à jour l'application Comptoir sur votre iPad (version ${PARTNER_MIN_APP_VERSION} ou plus récente).`,
  },
  IPAD_TOKEN_INVALID: {
    status: 403,
    message: "Le jeton d'activation a expiré ou n'est pas valide ; recommencez l'activation.",
  },
  PARTNER_NOT_FOUND: { status: 404, message: "Ce partenaire n'existe pas." },
  PARTNER_WITHOUT_ACTION: {
    status: 409,
    message: "Ce partenaire ne se connecte pas à Comptoir : il n'y a rien à activer.",
  },
  PARTNER_ALREADY_VALIDATED: {
    status: 409,
    message: 'Ce partenaire a déjà validé votre intégration.',
  },
  PARTNER_NOT_VALIDATED: {
    status: 409,
    message: "Le partenaire n'a pas encore validé votre intégration.",
  },
  PARTNER_KEY_REFUSED: { status: 401, message: 'Clé partenaire refusée.' },
  PARTNER_TRANSITION_REFUSED: {
    status: 409,
    message: "Cette réponse ne s'applique pas à l'état de l'intégration.",
  },
});
