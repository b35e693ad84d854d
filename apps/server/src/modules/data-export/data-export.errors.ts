import type { DataExportErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

/** The e-mail and period refusals every export shares (sales lines, accounting, product lines). */
export const EXPORT_REQUEST_ERRORS = {
  INVALID_EMAIL: { status: 400, message: "L'adresse e-mail est invalide." },
  INVALID_DATE: {
    status: 400,
    message: 'Les dates doivent être au format AAAA-MM-JJ HH:mm:ss ou ISO 8601.',
  },
  REVERSED_DATES: { status: 400, message: 'La date de début est supérieure à la date de fin' },
  PERIOD_TOO_LONG: { status: 400, message: 'La période ne doit pas dépasser un an.' },
} as const;

export const dataExportError = defineErrors<DataExportErrorCode>({
  FEATURE_DISABLED: {
    status: 403,
    message: "L'export des lignes produits de paiement n'est pas activé pour votre compte.",
  },
  ...EXPORT_REQUEST_ERRORS,
});
