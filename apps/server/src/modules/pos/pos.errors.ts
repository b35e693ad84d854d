import { AppError } from '../../platform/errors';

export const posErrorMessages = {
  REGISTER_UNAUTHENTICATED: 'Caisse non authentifiée : jeton de caisse absent ou inconnu.',
  REGISTER_MISMATCH: "Le jeton de caisse ne correspond pas à la caisse de l'adresse.",
  ENROLL_FORBIDDEN: 'Seul le titulaire du compte peut enregistrer une caisse.',
  COMPANY_FORBIDDEN: "Cet établissement n'appartient pas à votre compte.",
  INVALID_PUBLIC_KEY: "La clé publique n'est pas une clé Ed25519 valide (32 octets en base64).",
  REGISTER_ALREADY_ENROLLED: 'Une autre clé est déjà enregistrée pour ce numéro de série.',
  BAD_SIGNATURE: "La signature d'un enregistrement ne correspond pas à son contenu.",
  SEQUENCE_GAP: 'Il manque un ou plusieurs enregistrements dans la chaîne de la caisse.',
  BROKEN_LINK: "Un enregistrement ne porte pas la signature de l'enregistrement précédent.",
  SEQUENCE_CONFLICT: 'Un autre enregistrement porte déjà ce numéro de séquence.',
  INCONSISTENT_RECORD: 'Les montants de cet enregistrement ne sont pas cohérents.',
  PERIOD_CLOSED: 'La période de cet enregistrement est déjà clôturée.',
  FOREIGN_REFERENCE: "L'enregistrement fait référence à un élément d'un autre compte.",
  BATCH_ID_REUSED: "Ce numéro de lot a déjà été reçu avec d'autres enregistrements.",
  RECORD_IN_FUTURE: "Un enregistrement est daté dans le futur : vérifiez l'horloge de la caisse.",
  INVALID_CURSOR: "Le curseur de synchronisation n'est pas reconnu : relancez sans « since ».",
  BATCH_TOO_LARGE: 'Lot trop volumineux pour une caisse : découpez-le en lots plus petits (voir details).',
  BATCH_RATE_LIMITED:
    'Trop de lots envoyés par cette caisse en une minute : réessayez après le délai indiqué.',
} as const;
export type PosErrorCode = keyof typeof posErrorMessages;

const statusByCode: Record<PosErrorCode, number> = {
  REGISTER_UNAUTHENTICATED: 401,
  REGISTER_MISMATCH: 403,
  ENROLL_FORBIDDEN: 403,
  COMPANY_FORBIDDEN: 403,
  INVALID_PUBLIC_KEY: 400,
  REGISTER_ALREADY_ENROLLED: 409,
  BAD_SIGNATURE: 422,
  SEQUENCE_GAP: 422,
  BROKEN_LINK: 422,
  SEQUENCE_CONFLICT: 409,
  INCONSISTENT_RECORD: 422,
  PERIOD_CLOSED: 422,
  FOREIGN_REFERENCE: 422,
  BATCH_ID_REUSED: 409,
  RECORD_IN_FUTURE: 422,
  INVALID_CURSOR: 400,
  BATCH_TOO_LARGE: 413,
  BATCH_RATE_LIMITED: 429,
};

export function posError(code: PosErrorCode, details?: unknown): AppError {
  return new AppError(statusByCode[code], code, posErrorMessages[code], details);
}

/** BATCH_RATE_LIMITED with the seconds left of the register's minute (sent as `Retry-After`). */
export function batchRateLimited(perMinute: number, ttlMs: number): AppError {
  return posError('BATCH_RATE_LIMITED', {
    perMinute,
    retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
  });
}
