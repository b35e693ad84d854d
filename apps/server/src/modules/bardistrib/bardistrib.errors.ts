import { FISCAL_PERIOD_ERROR_MESSAGES, type BardistribErrorCode } from '@comptoir/contracts';
import { AppError } from '../../platform/errors';

const catalog: Record<BardistribErrorCode, { status: number; message: string }> = {
  INVALID_DATE: { status: 400, message: 'Les dates doivent être au format AAAA-MM-JJ.' },
  DATE_OUT_OF_RANGE: { status: 400, message: FISCAL_PERIOD_ERROR_MESSAGES.DATE_OUT_OF_RANGE },
  REVERSED_DATES: { status: 400, message: 'La date de début est supérieure à la date de fin' },
  INVALID_COMPANIES: {
    status: 400,
    message: 'id_companies doit être une liste JSON d’identifiants d’établissement.',
  },
  INVALID_SHIFTS: { status: 400, message: 'shifts doit être une liste JSON d’identifiants de service.' },
  INVALID_WARE: { status: 400, message: 'wareInfo doit désigner une marchandise (id_ware).' },
  WARE_NOT_FOUND: { status: 404, message: 'Cette marchandise n’existe pas dans les établissements choisis.' },
  UNKNOWN_WARE: {
    status: 422,
    message: 'Un versement désigne une marchandise inconnue de cet établissement.',
  },
  UNKNOWN_PRODUCT: {
    status: 422,
    message: 'Une marchandise est liée à un produit absent du catalogue de cet établissement.',
  },
  FOREIGN_REFERENCE: {
    status: 422,
    message: 'Le comptage fait référence à un élément d’un autre établissement.',
  },
  CASHED_OUT_OF_SHIFT: {
    status: 422,
    message: 'Un versement encaissé doit appartenir à un service.',
  },
  POUR_CONFLICT: {
    status: 409,
    message: 'Un autre versement porte déjà cet identifiant.',
  },
};

/** A bardistrib error; `details` names the offending ids or indexes. */
export function bardistribError(code: BardistribErrorCode, details?: unknown): AppError {
  return new AppError(catalog[code].status, code, catalog[code].message, details);
}
