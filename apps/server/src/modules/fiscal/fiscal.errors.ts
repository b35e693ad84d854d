import type { FiscalErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const fiscalError = defineErrors<FiscalErrorCode>({
  INVALID_PERIOD: { status: 400, message: 'La date de début doit précéder la date de fin.' },
  FISCAL_RECORD_NOT_FOUND: { status: 404, message: "Cet enregistrement fiscal n'existe pas." },
  FILTER_REQUIRED: { status: 400, message: 'Cette liste demande un filtre (objectId).' },
});
