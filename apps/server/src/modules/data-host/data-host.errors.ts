import type { PdfLinkErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const dataHostError = defineErrors<PdfLinkErrorCode>({
  PDF_LINK_INVALID: { status: 403, message: "Ce lien de document n'est pas valide." },
  PDF_LINK_EXPIRED: { status: 403, message: 'Ce lien de document a expiré : rouvrez-le depuis le portail.' },
  PDF_DOCUMENT_NOT_FOUND: { status: 404, message: "Ce document n'existe pas." },
  PDF_TARGET_REQUIRED: { status: 400, message: 'Le lien ne dit pas quel document imprimer.' },
});
