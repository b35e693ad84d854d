import { z } from 'zod';
import { businessDay, isoDateTime } from './common';
import { withFiscalPeriod } from './fiscal-period';

/**
 * The technical events journal (JET, NF525) of the caller's account, read by the account holder (or a
 * sub-user with `fiscal_administration`), a view-as session or the inspector's fiscal token. Event
 * codes and labels are the catalogue of the server (`JET_EVENTS`): 10 start-up, 11 shutdown, 21
 * sign-in, 25 rights changed, 31/33/35 server closures, 40 data export, 41 fiscal archive, 43 fiscal
 * file checked, 45 inspector's archive export, 50 signature check, 51 integrity defect, 61-63 tax audit
 * access, 71-73 register enrolment, re-enrolment, key refused.
 */

/** Rows per page when `limit` is not given, and at most. */
export const JET_PAGE_SIZE = 500;
export const JET_MAX_PAGE_SIZE = 1000;

/**
 * `GET /api/administration-fiscale/jet`: newest first; startDate/endDate are Paris business days (both
 * included, under the fiscal period rule `withFiscalPeriod`); `code` one event code; `beforeSeq` the
 * `nextBeforeSeq` of the previous page.
 */
export const jetQuery = withFiscalPeriod(
  z.object({
    startDate: businessDay.optional(),
    endDate: businessDay.optional(),
    code: z
      .string()
      .regex(/^\d{2,3}$/)
      .optional(),
    beforeSeq: z.coerce.number().int().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(JET_MAX_PAGE_SIZE).default(JET_PAGE_SIZE),
  }),
);
export type JetQuery = z.infer<typeof jetQuery>;

/**
 * `ok`: the event verifies with the server key and links to the previous event of the chain (the
 * first one to nothing); `bad` otherwise (altered, re-signed elsewhere, or an event missing before it).
 */
export const jetSignatureStatus = z.enum(['ok', 'bad']);
export type JetSignatureStatus = z.infer<typeof jetSignatureStatus>;

export const jetJournalRow = z.object({
  /** Position in the account's chain, from 1. */
  seq: z.number().int(),
  code: z.string(),
  label: z.string(),
  occurredAt: isoDateTime,
  /** The establishment the event is about, null for the whole account. */
  companyName: z.string().nullable(),
  /** First and last name (or e-mail) of the user who acted; null for the server or an inspector. */
  userName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  signature: jetSignatureStatus,
});
export type JetJournalRow = z.infer<typeof jetJournalRow>;

export const jetListResponse = z.object({
  rows: z.array(jetJournalRow),
  /** Pass as `beforeSeq` for the next (older) page; null on the last page. */
  nextBeforeSeq: z.number().int().nullable(),
});
export type JetListResponse = z.infer<typeof jetListResponse>;

export const jetErrorCode = z.enum(['INVALID_PERIOD']);
export type JetErrorCode = z.infer<typeof jetErrorCode>;
