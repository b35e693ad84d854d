import type { CustomerAccountErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const customerAccountError = defineErrors<CustomerAccountErrorCode>({
  CUSTOMER_TYPE_FILTER_SUITE_ONLY: {
    status: 403,
    message: 'Le filtre par type de compte est réservé à l’édition suite.',
  },
});
