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
  CUSTOMER_OPTION_INVALID: { status: 400, message: GENERIC },
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
