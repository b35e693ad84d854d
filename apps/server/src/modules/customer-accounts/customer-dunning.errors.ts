import type { CustomerDunningErrorCode, CustomerDunningProblem } from '@comptoir/contracts';
import { AppError, defineErrors } from '../../platform/errors';

export const customerDunningError = defineErrors<CustomerDunningErrorCode>({
  DUNNING_NO_CUSTOMER: { status: 400, message: 'Sélectionnez au moins un client à relancer.' },
  DUNNING_TOO_MANY_CUSTOMERS: { status: 400, message: 'Relancez au plus 25 clients à la fois.' },
  DUNNING_SUBJECT_TOO_LONG: { status: 400, message: 'L’objet compte au plus 200 caractères.' },
  DUNNING_MESSAGE_REQUIRED: { status: 400, message: 'Le message de la relance est obligatoire.' },
  DUNNING_MESSAGE_TOO_LONG: { status: 400, message: 'Le message compte au plus 5 000 caractères.' },
  CUSTOMER_ACCOUNT_NOT_FOUND: {
    status: 404,
    message: 'Un des clients sélectionnés est introuvable : aucune relance n’a été envoyée.',
  },
  CUSTOMER_COMPANY_NOT_FOUND: { status: 404, message: 'Établissement introuvable.' },
});

/** A broken rule of the form, naming its field for the portal to mark. */
export function dunningProblemError(problem: CustomerDunningProblem): AppError {
  const error = customerDunningError(problem.code);
  return new AppError(error.statusCode, error.code, error.message, { field: problem.field });
}
