import type { CustomerAccountErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

/** Spec 3 §8 gives one message for a failed deletion and the generic one for failed settings. */
const DELETE_FAILED = 'Une erreur est survenue lors de la supression.';
const GENERIC = 'Une erreur est survenue';

export const customerAccountError = defineErrors<CustomerAccountErrorCode>({
  CUSTOMER_TYPE_FILTER_SUITE_ONLY: {
    status: 403,
    message: 'Le filtre par type de compte est réservé à l’édition suite.',
  },
  CUSTOMER_OPTION_INVALID: { status: 400, message: 'Un interrupteur vaut 1 ou 0.' },
  CUSTOMER_OPTION_TOO_LONG: { status: 400, message: 'Ce réglage est trop long.' },
  CUSTOMER_OPTION_IBAN_INVALID: {
    status: 400,
    message:
      'L’IBAN n’est pas valide : vérifiez-le (FR76 suivi de 23 chiffres et lettres pour un compte français).',
  },
  CUSTOMER_OPTION_BIC_INVALID: {
    status: 400,
    message: 'Le BIC n’est pas valide : 8 ou 11 lettres et chiffres (par exemple AGRIFRPP882).',
  },
  CUSTOMER_OPTION_EMAIL_INVALID: { status: 400, message: 'L’adresse e-mail n’est pas valide.' },
  CUSTOMER_OPTION_NAME_INVALID: {
    status: 400,
    message: 'Le nom d’expéditeur est un nom, pas une adresse : ni @, ni < >, ni retour à la ligne.',
  },
  CUSTOMER_OPTION_SUITE_ONLY: { status: 403, message: GENERIC },
  CUSTOMER_DELETE_SUITE_ONLY: { status: 403, message: DELETE_FAILED },
  CUSTOMER_ACCOUNT_NOT_FOUND: { status: 404, message: DELETE_FAILED },
  CUSTOMER_BALANCE_NOT_ZERO: { status: 409, message: DELETE_FAILED },
  CUSTOMER_EDIT_SUITE_ONLY: {
    status: 403,
    message: 'La modification d’un compte client est réservée à l’édition suite.',
  },
  CUSTOMER_REQUIRED_FIELDS: {
    status: 400,
    message: 'Tous les champs obligatoires ne sont pas renseignés',
  },
  CUSTOMER_EMAIL_INVALID: { status: 400, message: 'L’adresse e-mail n’est pas valide.' },
  CUSTOMER_PHONE_INVALID: {
    status: 400,
    message: 'Le numéro de téléphone doit commencer par un indicatif pays à 2 chiffres.',
  },
  CUSTOMER_COMPANY_NOT_FOUND: { status: 404, message: GENERIC },
});
