import { z } from 'zod';
import { readArchiveDay, withFiscalPeriod } from './fiscal-period';

/** What a fiscal archive holds (spec 1 §2.4): the signed sales records, or the closure records. */
export const fiscalArchiveKind = z.enum(['cashing', 'closing']);
export type FiscalArchiveKind = z.infer<typeof fiscalArchiveKind>;

/**
 * `GET /api/administration-fiscale/{companyId}/`: builds the fiscal archive of a period (at most one
 * year) and mails a download link. Dates are `YYYYMMDD` (spec 1 §5) or `YYYY-MM-DD`, Paris days,
 * both included, under the fiscal period rule (`withFiscalPeriod`). Plain strings so that a wrong
 * value answers its own code.
 */
export const fiscalArchiveQuery = withFiscalPeriod(
  z.object({
    startDate: z.string().trim().max(40),
    endDate: z.string().trim().max(40),
    email: z.string().trim().max(254),
    kind: fiscalArchiveKind,
  }),
  readArchiveDay,
);
export type FiscalArchiveQuery = z.infer<typeof fiscalArchiveQuery>;

/** `noData`: the period holds no record (nothing built, nothing mailed); `exportProcessing`: queued. */
export const fiscalArchiveAnswer = z.object({
  success: z.boolean(),
  hasData: z.boolean(),
  message: z.enum(['noData', 'exportProcessing']),
  exportId: z.uuid().nullable(),
});
export type FiscalArchiveAnswer = z.infer<typeof fiscalArchiveAnswer>;

/**
 * `POST /api/administration-fiscale/check-fiscal-file` (multipart, two parts named `myFile`: the
 * archive `.csv` and its `.txt` key). Integrity (the file's hash against the key) and authenticity
 * (the server's signature of the key) are told apart; `isValid` needs both, a known archive and an
 * unbroken chain of the earlier archives.
 */
export const fiscalFileCheckResult = z.object({
  /** When the archive was built (ISO), as the key says; null when the key is unreadable. */
  export_date: z.string().nullable(),
  /** The archived period's first and last days (YYYY-MM-DD), as the key says. */
  opening_export_date: z.string().nullable(),
  closing_export_date: z.string().nullable(),
  /** The archive is one this server built (found by its hash). */
  keyexisting: z.boolean(),
  /** Broken links in the establishment's archive chain up to this archive. */
  exportHistoryErrors: z.number().int().nonnegative(),
  /** The file's SHA-256 is the one in the key: the file is unmodified. */
  isIntact: z.boolean(),
  /** The key carries a valid server signature. */
  isAuthentic: z.boolean(),
  isValid: z.boolean(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  /** What was found wrong, in French, each naming the file at fault. */
  problems: z.array(z.string()),
});
export type FiscalFileCheckResult = z.infer<typeof fiscalFileCheckResult>;

/**
 * The archive the file check takes at most: it is hashed as it streams in, so the bound is a sanity
 * limit, far above a busy establishment's year (about 100 MB); a deployment may lower it.
 */
export const FISCAL_FILE_MAX_CSV_BYTES = 2 * 1024 ** 3;
export const FISCAL_FILE_MAX_KEY_BYTES = 64 * 1024;

/**
 * `POST /api/administration-fiscale/check-fiscal-file` body, for the OpenAPI document only: the route
 * reads the multipart parts itself (size and type rules above), so validation lets any body through.
 */
export const fiscalFileUpload = z.unknown().meta({
  type: 'object',
  required: ['myFile'],
  properties: {
    myFile: {
      type: 'array',
      description: 'The archive (.csv) and its verification key (.txt, text/plain)',
      items: { type: 'string', format: 'binary' },
      minItems: 2,
      maxItems: 2,
    },
  },
});

export const fiscalArchivesErrorCode = z.enum([
  'COMPANY_NOT_FOUND',
  'INVALID_EMAIL',
  'INVALID_DATE',
  'REVERSED_DATES',
  'PERIOD_TOO_LONG',
  'ARCHIVE_LINK_INVALID',
  'ARCHIVE_NOT_FOUND',
  'NOT_MULTIPART',
  'FILES_MISSING',
  'FILE_TYPE',
  'FILE_TOO_LARGE',
  'MALFORMED_UPLOAD',
]);
export type FiscalArchivesErrorCode = z.infer<typeof fiscalArchivesErrorCode>;
