import type { CustomerPaymentErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

/** A payment received outside the till (issue 31, item 27): each refusal records nothing. */
export const customerPaymentError = defineErrors<CustomerPaymentErrorCode>({
  CUSTOMER_PAYMENT_CUSTOMER_NOT_FOUND: {
    status: 404,
    message: 'Ce compte client n’existe pas dans cet établissement.',
  },
  CUSTOMER_PAYMENT_COMPANY_NOT_FOUND: {
    status: 404,
    message: 'Cet établissement ne fait pas partie des vôtres.',
  },
  CUSTOMER_PAYMENT_OVER_DEBT: {
    status: 422,
    message:
      'Le règlement dépasse ce que doit le client : les paramètres interdisent de payer plus que la dette.',
  },
});
