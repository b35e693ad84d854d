import type { SalesLinesErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';
import { EXPORT_REQUEST_ERRORS } from './data-export.errors';

export const salesLinesError = defineErrors<SalesLinesErrorCode>({
  ...EXPORT_REQUEST_ERRORS,
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
