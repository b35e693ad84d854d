import { z } from 'zod';
import { readSignatureCheckDay, withFiscalPeriod } from './fiscal-period';

/**
 * The signature check (spec 2 §4, §7; issue 6 part 3) and the errors page it feeds (part 4).
 *
 * A check re-verifies, over a range of Paris business days, every chain the account has: each
 * register's chains (one per record kind), the server closures of each establishment, the JET and
 * the archives. What it finds is stored as defects (`signature_check_errors`), each naming the
 * record, the link, and what was expected against what was found.
 */

const id = z.uuid();
/** `YYYY-MM-DD`, a Paris business day. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Which chain a defect is on. */
export const signatureChainScope = z.enum(['register', 'server_closure', 'jet', 'archive']);
export type SignatureChainScope = z.infer<typeof signatureChainScope>;

/**
 * What is wrong, one code per kind of defect:
 * - `BAD_SIGNATURE`: the record's signature does not verify with its signer's key (register or server);
 * - `BROKEN_LINK`: the record's previous-signature link is not the previous record's signature;
 * - `SEQUENCE_GAP`: sequence numbers are missing between two stored records (a deleted middle);
 * - `HEAD_MISMATCH`: the signed chain head names a last record that is not the last stored one (a deleted tail);
 * - `HEAD_BAD_SIGNATURE`: the chain head itself is missing or its server signature does not verify;
 * - `ROW_MISMATCH`: a stored row (order, line, payment...) differs from the signed record it comes from;
 * - `CLOSURE_TOTAL_MISMATCH`: a closure's total is not the sum of the records it closes;
 * - `GRAND_TOTAL_MISMATCH`: a perpetual grand total is not the previous one plus the period total;
 * - `CLIENT_REPORTED`: an error sent by a client through `POST administration-fiscale/error`.
 */
export const signatureDefectCode = z.enum([
  'BAD_SIGNATURE',
  'BROKEN_LINK',
  'SEQUENCE_GAP',
  'HEAD_MISMATCH',
  'HEAD_BAD_SIGNATURE',
  'ROW_MISMATCH',
  'CLOSURE_TOTAL_MISMATCH',
  'GRAND_TOTAL_MISMATCH',
  'CLIENT_REPORTED',
]);
export type SignatureDefectCode = z.infer<typeof signatureDefectCode>;

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** The structured facts of a defect; which fields are set depends on the code. */
export const signatureDefectDetails = z.object({
  /** Table of the stored row at fault (`order_lines`, `closures`...), for ROW_MISMATCH and totals. */
  table: z.string().optional(),
  /** Column or total at fault (`amount_total_ivat`, `price`...). */
  field: z.string().optional(),
  /** What the signed record (or the recomputation) says. */
  expected: scalar.optional(),
  /** What is stored. */
  found: scalar.optional(),
  /** For SEQUENCE_GAP: the first and last missing sequence numbers. */
  missingFrom: z.number().int().optional(),
  missingTo: z.number().int().optional(),
  /** For HEAD_MISMATCH: what the head says and the last stored sequence number. */
  headSeq: z.number().int().optional(),
  lastStoredSeq: z.number().int().nullable().optional(),
  /** For CLIENT_REPORTED: the client's own code for the error. */
  clientCode: z.string().optional(),
});
export type SignatureDefectDetails = z.infer<typeof signatureDefectDetails>;

/** One defect as the errors page and its detail screen read it. */
export const signatureDefect = z.object({
  id,
  detectedAt: z.string(),
  jobId: z.number().int().nullable(),
  source: z.enum(['server', 'client']),
  scope: signatureChainScope,
  code: signatureDefectCode,
  companyId: id.nullable(),
  companyName: z.string().nullable(),
  registerId: id.nullable(),
  registerName: z.string().nullable(),
  /** The record kind of the chain (`order`, `closure`...; `server_closure`, `jet_event`, `archive`). */
  recordKind: z.string(),
  recordId: id.nullable(),
  seq: z.number().int().nullable(),
  businessDay: day.nullable(),
  /** The service (shift) the record belongs to, when it belongs to one: the erroneous service. */
  serviceId: id.nullable(),
  details: signatureDefectDetails,
  /** The defect in words, in French (also what the JET and the incident list PDF carry). */
  message: z.string(),
});
export type SignatureDefect = z.infer<typeof signatureDefect>;

const checkRange = { startDate: z.string().trim().max(40), endDate: z.string().trim().max(40) };

/**
 * `POST /api/check/signatureServer?startDate=&endDate=` and
 * `POST /api/check/signaturePos?idCashRegister=&startDate=&endDate=` (body `{ lastSignatures }`).
 * Dates are unix seconds (spec 2 §7) or `YYYY-MM-DD`; the range is whole Paris days, both included,
 * under the fiscal period rule (`withFiscalPeriod`: at most 366 days). Both start a job and answer at once.
 */
export const signatureCheckQuery = withFiscalPeriod(
  z.object({ ...checkRange, idCashRegister: id.optional() }),
  readSignatureCheckDay,
);
export type SignatureCheckQuery = z.infer<typeof signatureCheckQuery>;
export const signatureServerQuery = withFiscalPeriod(z.object(checkRange), readSignatureCheckDay);
export const signaturePosQuery = withFiscalPeriod(
  z.object({ ...checkRange, idCashRegister: id }),
  readSignatureCheckDay,
);

/** The heads a register knows of its own chains: compared with the server's signed heads. */
export const signaturePosBody = z.object({
  lastSignatures: z
    .array(
      z.object({ kind: z.string().max(40), seq: z.number().int().nonnegative(), sig: z.string().max(200) }),
    )
    .max(50)
    .default([]),
});
export type SignaturePosBody = z.infer<typeof signaturePosBody>;

export const signatureCheckStarted = z.object({ jobId: z.number().int() });
export type SignatureCheckStarted = z.infer<typeof signatureCheckStarted>;

/** `GET /api/check/jobs/{jobId}`: where a check stands. */
export const signatureCheckStatus = z.object({
  jobId: z.number().int(),
  /** `interrupted`: its worker stopped or was lost; another takes it up again (issue 33). */
  status: z.enum(['queued', 'running', 'interrupted', 'done', 'failed']),
  /** 0-100. */
  progress: z.number().int().min(0).max(100),
  /** Seconds left, estimated from the rate so far; null until enough has been checked to tell. */
  remainingSeconds: z.number().nonnegative().nullable(),
  /** Set once done. */
  result: z
    .object({
      startDay: day,
      endDay: day,
      checkedRecords: z.number().int().nonnegative(),
      defects: z.number().int().nonnegative(),
      seconds: z.number().nonnegative(),
    })
    .nullable(),
});
export type SignatureCheckStatus = z.infer<typeof signatureCheckStatus>;

/** `GET /api/administration-fiscale/check/fetchIdsCashRegisters?startDate=&endDate=` (unix seconds). */
export const cashRegisterIdsQuery = withFiscalPeriod(z.object(checkRange), readSignatureCheckDay);
export const cashRegisterIdsResponse = z.array(
  z.object({ id_cash_register: id, name: z.string(), companyId: id, companyName: z.string() }),
);
export type CashRegisterIdsResponse = z.infer<typeof cashRegisterIdsResponse>;

export const fiscalCheckErrorCode = z.enum([
  'INVALID_DATE',
  'REVERSED_DATES',
  'PERIOD_TOO_LONG',
  'REGISTER_NOT_FOUND',
  'JOB_NOT_FOUND',
  'DEFECT_NOT_FOUND',
]);
export type FiscalCheckErrorCode = z.infer<typeof fiscalCheckErrorCode>;
