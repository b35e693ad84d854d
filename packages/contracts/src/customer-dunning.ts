import { z } from 'zod';
import { cents, id, isoDateTime } from './common';

/**
 * Dunning (« relancer », issue 31, item 26): the selected debtors are each mailed their unpaid notes
 * and their statement, from the platform's address under the establishment's name, Reply-To the
 * establishment; every mail is recorded. Money is integer cents.
 */

/** At most this many customers in one action. */
export const CUSTOMER_DUNNING_MAX_CUSTOMERS = 25;
export const CUSTOMER_DUNNING_SUBJECT_MAX_LENGTH = 200;
export const CUSTOMER_DUNNING_MESSAGE_MAX_LENGTH = 5000;

/** The subject when none is typed: the establishment's name (or the sender name) after the dash. */
export const customerDunningDefaultSubject = (establishment: string) =>
  `Relance : notes impayées – ${establishment}`;

// `POST /api/customer-account/dunning`.

/**
 * The fields are wider than the rules so that a rule broken answers its own code and field
 * (`customerDunningProblem`), not a generic validation error.
 */
export const customerDunningRequest = z.object({
  customerIds: z.array(id).max(100),
  /** One of the caller's establishments; all of them when absent. */
  companyId: id.optional(),
  subject: z.string().max(1000).optional(),
  /** Plain text, the same for every customer. */
  message: z.string().max(20_000),
});
export type CustomerDunningRequest = z.infer<typeof customerDunningRequest>;

export const CUSTOMER_DUNNING_SKIP_REASONS = ['NOTHING_OWED', 'NO_EMAIL'] as const;
export const customerDunningReason = z.enum([...CUSTOMER_DUNNING_SKIP_REASONS, 'MAIL_FAILED']);
export type CustomerDunningReason = z.infer<typeof customerDunningReason>;

export const customerDunningResult = z.object({
  customerId: id,
  /** sent: the mail left (or waits in the dev mailbox); failed: the mail server refused it. */
  status: z.enum(['sent', 'failed', 'skipped']),
  /** NOTHING_OWED: no debit balance or no unpaid note here; NO_EMAIL: no usable address on file. */
  reason: customerDunningReason.optional(),
  /** What the unpaid notes in the establishments asked still leave due, positive cents. */
  owed: cents,
  /** The unpaid notes attached. */
  notes: z.number().int(),
});
export type CustomerDunningResult = z.infer<typeof customerDunningResult>;

export const customerDunningResponse = z.object({
  /** In the order asked. */
  results: z.array(customerDunningResult),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type CustomerDunningResponse = z.infer<typeof customerDunningResponse>;

// `GET /api/customer-account/dunning?customerId=`: the reminders sent to one customer.

export const customerDunningListQuery = z.object({ customerId: id });
export type CustomerDunningListQuery = z.infer<typeof customerDunningListQuery>;

export const customerDunningSend = z.object({
  id,
  sentAt: isoDateTime,
  to: z.string(),
  subject: z.string(),
  owed: cents,
  notes: z.number().int(),
  status: z.enum(['sent', 'failed']),
  /** Who sent it: the user's name, else the e-mail. */
  sentBy: z.string(),
});
export type CustomerDunningSend = z.infer<typeof customerDunningSend>;

export const customerDunningListResponse = z.object({
  /** The newest first, the last 50. */
  sends: z.array(customerDunningSend),
});
export type CustomerDunningListResponse = z.infer<typeof customerDunningListResponse>;

export const customerDunningErrorCode = z.enum([
  'DUNNING_NO_CUSTOMER',
  'DUNNING_TOO_MANY_CUSTOMERS',
  'DUNNING_SUBJECT_TOO_LONG',
  'DUNNING_MESSAGE_REQUIRED',
  'DUNNING_MESSAGE_TOO_LONG',
  'CUSTOMER_ACCOUNT_NOT_FOUND',
  'CUSTOMER_COMPANY_NOT_FOUND',
]);
export type CustomerDunningErrorCode = z.infer<typeof customerDunningErrorCode>;

export interface CustomerDunningProblem {
  code: CustomerDunningErrorCode;
  field: 'customerIds' | 'subject' | 'message';
}

/** The form's rule, in the portal and on the server (400 with `details.field`). Null when fine. */
export function customerDunningProblem(
  request: Pick<CustomerDunningRequest, 'customerIds' | 'subject' | 'message'>,
): CustomerDunningProblem | null {
  const customers = new Set(request.customerIds).size;
  if (customers === 0) return { code: 'DUNNING_NO_CUSTOMER', field: 'customerIds' };
  if (customers > CUSTOMER_DUNNING_MAX_CUSTOMERS)
    return { code: 'DUNNING_TOO_MANY_CUSTOMERS', field: 'customerIds' };
  if ((request.subject ?? '').trim().length > CUSTOMER_DUNNING_SUBJECT_MAX_LENGTH)
    return { code: 'DUNNING_SUBJECT_TOO_LONG', field: 'subject' };
  const message = request.message.trim();
  if (message === '') return { code: 'DUNNING_MESSAGE_REQUIRED', field: 'message' };
  if (message.length > CUSTOMER_DUNNING_MESSAGE_MAX_LENGTH)
    return { code: 'DUNNING_MESSAGE_TOO_LONG', field: 'message' };
  return null;
}
