import { z } from 'zod';
import { businessDay, int32 } from './common';
import { withFiscalPeriod } from './fiscal-period';
import { technicalInterventionRow } from './fiscal';
import { signatureDefect } from './fiscal-check';

/**
 * The errors page (spec 2 §2 « Error list », issue 6 part 4): the defects the signature check stored,
 * grouped by what they name — an erroneous service, an erroneous server closure, or something else
 * (the JET, the archives, a chain head) — with the technical interventions of the same days, and the
 * errors a client reports through `POST administration-fiscale/error` (spec 2 §7).
 */

const id = z.uuid();

/**
 * `GET /api/administration-fiscale/errors?startDate=&endDate=`: business days, both optional (all),
 * under the fiscal period rule (`withFiscalPeriod`).
 */
export const fiscalErrorsQuery = withFiscalPeriod(
  z.object({
    startDate: businessDay.optional(),
    endDate: businessDay.optional(),
  }),
);
export type FiscalErrorsQuery = z.infer<typeof fiscalErrorsQuery>;

/** A service (shift) at least one defect belongs to. */
export const erroneousService = z.object({
  serviceId: id,
  /** The service's number on its register; null when the service row itself is missing. */
  number: z.number().int().nullable(),
  registerId: id.nullable(),
  registerName: z.string().nullable(),
  companyId: id.nullable(),
  companyName: z.string().nullable(),
  businessDay: businessDay.nullable(),
  openingDate: z.string().nullable(),
  closingDate: z.string().nullable(),
  /** Turnover incl. VAT, cents; null when the service row is missing. */
  amountTotalIvat: z.number().int().nullable(),
  defectCount: z.number().int().nonnegative(),
  defects: z.array(signatureDefect),
});
export type ErroneousService = z.infer<typeof erroneousService>;

/** A server closure at least one defect names. */
export const erroneousServerClosure = z.object({
  closureId: id,
  /** 1..6 as the closures list; null when the closure row itself is missing. */
  type: z.number().int().nullable(),
  startDay: businessDay.nullable(),
  endDay: businessDay.nullable(),
  companyId: id.nullable(),
  companyName: z.string().nullable(),
  amountTotalIvat: z.number().int().nullable(),
  grandTotalIvat: z.number().int().nullable(),
  defectCount: z.number().int().nonnegative(),
  defects: z.array(signatureDefect),
});
export type ErroneousServerClosure = z.infer<typeof erroneousServerClosure>;

export const fiscalErrorsResponse = z.object({
  services: z.array(erroneousService),
  serverClosures: z.array(erroneousServerClosure),
  technicalInterventions: z.array(technicalInterventionRow),
  /** Defects on no service and no server closure: JET, archives, chain heads, unplaced client reports. */
  other: z.array(signatureDefect),
});
export type FiscalErrorsResponse = z.infer<typeof fiscalErrorsResponse>;

export const fiscalErrorParams = z.object({ id });

/** `GET /api/administration-fiscale/errors/:id`: one defect and what it names. */
export const fiscalErrorDetail = z.object({
  defect: signatureDefect,
  service: erroneousService.omit({ defects: true }).nullable(),
  serverClosure: erroneousServerClosure.omit({ defects: true }).nullable(),
});
export type FiscalErrorDetail = z.infer<typeof fiscalErrorDetail>;

/** Errors a client (a register's own check, the portal) reports: at most 200 per call. */
export const MAX_CLIENT_ERRORS = 200;
export const MAX_CLIENT_ERROR_MESSAGE = 500;

export const clientReportedError = z.object({
  idCashRegister: id,
  /** The record kind of the chain (`order`, `service`...). */
  kind: z.string().trim().min(1).max(40),
  /** Position in the chain; records store it as a 32-bit integer. */
  seq: int32.nonnegative().optional(),
  recordId: id.optional(),
  /** The client's own code for the error (kept in the details; the defect's code is CLIENT_REPORTED). */
  code: z.string().trim().min(1).max(60),
  message: z.string().trim().min(1).max(MAX_CLIENT_ERROR_MESSAGE),
});
export type ClientReportedError = z.infer<typeof clientReportedError>;

/** `POST /api/administration-fiscale/error`. */
export const clientErrorsBody = z.object({
  errors: z.array(clientReportedError).min(1).max(MAX_CLIENT_ERRORS),
});
export type ClientErrorsBody = z.infer<typeof clientErrorsBody>;

export const clientErrorsResponse = z.object({ ids: z.array(id) });
export type ClientErrorsResponse = z.infer<typeof clientErrorsResponse>;

export const fiscalErrorsErrorCode = z.enum(['INVALID_PERIOD', 'DEFECT_NOT_FOUND', 'REGISTER_NOT_FOUND']);
export type FiscalErrorsErrorCode = z.infer<typeof fiscalErrorsErrorCode>;
