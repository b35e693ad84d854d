import type { FiscalErrorsErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const fiscalErrorsError = defineErrors<FiscalErrorsErrorCode>({
  INVALID_PERIOD: { status: 400, message: 'La date de début doit précéder la date de fin.' },
  DEFECT_NOT_FOUND: { status: 404, message: "Cette erreur n'existe pas." },
  REGISTER_NOT_FOUND: { status: 404, message: "Cette caisse n'existe pas." },
});
