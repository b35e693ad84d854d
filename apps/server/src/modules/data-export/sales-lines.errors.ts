import type { SalesLinesErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const salesLinesError = defineErrors<SalesLinesErrorCode>({
  INVALID_EMAIL: { status: 400, message: "L'adresse e-mail est invalide." },
  INVALID_DATE: {
    status: 400,
    message: 'Les dates doivent être au format AAAA-MM-JJ HH:mm:ss ou ISO 8601.',
  },
  REVERSED_DATES: { status: 400, message: 'La date de début est supérieure à la date de fin' },
  PERIOD_TOO_LONG: { status: 400, message: 'La période ne doit pas dépasser un an.' },
  INVALID_COMPANY_LIST: {
    status: 400,
    message: 'Les établissements doivent être une liste JSON d’identifiants.',
  },
  INVALID_ACTIVITY_TYPES: {
    status: 400,
    message:
      "Les types d'activité doivent être une liste JSON de 1 (sur place), 2 (à emporter) ou 3 (livraison).",
  },
  COMPANY_NOT_FOUND: {
    status: 404,
    message: "Cet établissement n'existe pas ou ne vous est pas accessible.",
  },
  EXPORT_NOT_FOUND: { status: 404, message: "Cet export n'existe pas." },
  EXPORT_LINK_INVALID: { status: 403, message: 'Ce lien de téléchargement est invalide ou a expiré.' },
});
