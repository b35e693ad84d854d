import type { CustomerHistoryErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

/**
 * The history and customer-data exports (spec 3 §5, §8). The date codes and texts are those of the
 * data export (`resolveExportPeriod`), which these routes reuse; the portal maps REVERSED_DATES and
 * PERIOD_TOO_LONG to its message keys (CUSTOMER_HISTORY_ERROR_MESSAGE_KEYS).
 */
export const customerHistoryError = defineErrors<CustomerHistoryErrorCode>({
  INVALID_DATE: {
    status: 400,
    message: 'Les dates doivent être au format AAAA-MM-JJ HH:mm:ss ou ISO 8601.',
  },
  REVERSED_DATES: { status: 400, message: 'La date de début est supérieure à la date de fin' },
  PERIOD_TOO_LONG: { status: 400, message: 'La période ne doit pas dépasser un an.' },
  INVALID_EMAIL: { status: 400, message: "L'adresse e-mail est invalide." },
  INVALID_SEARCH_NUMBER: {
    status: 400,
    message: 'Le montant ou le solde recherché doit être un nombre (chiffres, virgule ou point décimal).',
  },
  INVALID_ID_LIST: { status: 400, message: 'Les filtres doivent être des listes d’identifiants.' },
});
