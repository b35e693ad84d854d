import type { FiscalArchivesErrorCode } from '@comptoir/contracts';
import { FISCAL_FILE_MAX_CSV_BYTES, FISCAL_FILE_MAX_KEY_BYTES } from '@comptoir/contracts';
import { AppError, defineErrors } from '../../platform/errors';

/** A size as the message says it: `2 Go`, `120 Mo`, `64 Ko`. */
const sizeText = (bytes: number) =>
  bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0
    ? `${bytes / 1024 ** 3} Go`
    : bytes >= 1024 * 1024
      ? `${Math.round(bytes / (1024 * 1024))} Mo`
      : `${Math.round(bytes / 1024)} Ko`;

const fileTooLargeMessage = (maxCsvBytes: number) =>
  `Fichier trop volumineux : au plus ${sizeText(maxCsvBytes)} pour l’archive et ${sizeText(FISCAL_FILE_MAX_KEY_BYTES)} pour la clé.`;

/** FILE_TOO_LARGE naming the archive limit in force (the configured one, 2 Go by default). */
export const fileTooLarge = (maxCsvBytes: number) =>
  new AppError(413, 'FILE_TOO_LARGE', fileTooLargeMessage(maxCsvBytes));

export const fiscalArchivesError = defineErrors<FiscalArchivesErrorCode>({
  COMPANY_NOT_FOUND: { status: 404, message: "Cet établissement n'existe pas dans votre compte." },
  INVALID_EMAIL: { status: 400, message: "L'adresse e-mail est invalide." },
  INVALID_DATE: { status: 400, message: 'Les dates doivent être au format AAAAMMJJ ou AAAA-MM-JJ.' },
  REVERSED_DATES: { status: 400, message: 'La date de début est supérieure à la date de fin' },
  PERIOD_TOO_LONG: { status: 400, message: 'La période ne doit pas dépasser un an.' },
  ARCHIVE_LINK_INVALID: { status: 403, message: 'Ce lien de téléchargement est invalide ou a expiré.' },
  ARCHIVE_NOT_FOUND: { status: 404, message: "Cette archive n'existe pas." },
  NOT_MULTIPART: { status: 400, message: 'Envoyez les fichiers en multipart/form-data, parties « myFile ».' },
  FILES_MISSING: {
    status: 400,
    message:
      'Envoyez exactement un fichier .csv (l’archive) et un fichier .txt (sa clé), parties « myFile ».',
  },
  FILE_TYPE: {
    status: 400,
    message: 'Seuls un fichier .csv et un fichier .txt de type text/plain sont acceptés.',
  },
  MALFORMED_UPLOAD: { status: 400, message: "L'envoi des fichiers est illisible (multipart mal formé)." },
  FILE_TOO_LARGE: { status: 413, message: fileTooLargeMessage(FISCAL_FILE_MAX_CSV_BYTES) },
});
