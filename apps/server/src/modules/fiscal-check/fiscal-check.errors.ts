import type { FiscalCheckErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const fiscalCheckError = defineErrors<FiscalCheckErrorCode>({
  INVALID_DATE: {
    status: 400,
    message: 'Les dates doivent être des secondes Unix ou au format AAAA-MM-JJ.',
  },
  REVERSED_DATES: { status: 400, message: 'La date de début est supérieure à la date de fin' },
  PERIOD_TOO_LONG: { status: 400, message: 'La période ne doit pas dépasser 366 jours.' },
  REGISTER_NOT_FOUND: { status: 404, message: "Cette caisse n'existe pas dans votre compte." },
  JOB_NOT_FOUND: { status: 404, message: "Ce contrôle n'existe pas dans votre compte." },
  DEFECT_NOT_FOUND: { status: 404, message: "Ce défaut n'existe pas dans votre compte." },
});
