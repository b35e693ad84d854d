import type { AccountingExportErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';
import { EXPORT_REQUEST_ERRORS } from '../data-export/data-export.errors';

/** The codes of the contract, and the signed mail link's own refusal (never seen by the portal). */
export const accountingExportError = defineErrors<AccountingExportErrorCode | 'EXPORT_LINK_INVALID'>({
  ...EXPORT_REQUEST_ERRORS,
  ACCOUNTING_ONE_COMPANY: {
    status: 400,
    message: "L'export comptable porte sur un seul établissement : choisissez-en un.",
  },
  ACCOUNTING_NOT_EXPORTABLE: {
    status: 409,
    message: "Des lignes de la période n'ont pas de compte comptable : l'export n'est pas possible.",
  },
  ACCOUNTING_ACCOUNT_NUMBER_INVALID: {
    status: 409,
    message:
      "Des numéros de compte de la configuration comptable ne sont pas faits de chiffres : corrigez-les avant d'exporter.",
  },
  ACCOUNTING_PERIOD_ALREADY_EXPORTED: {
    status: 409,
    message: 'Cette période a déjà été exportée : confirmez pour numéroter de nouvelles écritures.',
  },
  ACCOUNTING_NOTHING_TO_EXPORT: {
    status: 400,
    message: 'La période ne comporte aucune écriture à exporter.',
  },
  ACCOUNTING_DAYS_OPEN: {
    status: 409,
    message:
      'Les journées de cette période ne sont pas encore clôturées (ticket Z) : seules les journées clôturées sont exportées.',
  },
  ACCOUNTING_EXPORT_NOT_FOUND: { status: 404, message: 'Export comptable introuvable.' },
  EXPORT_LINK_INVALID: { status: 403, message: 'Le lien de téléchargement est invalide ou a expiré.' },
});
