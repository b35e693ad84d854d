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
});
