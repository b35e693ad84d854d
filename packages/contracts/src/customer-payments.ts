import { z } from 'zod';
import { cents, id } from './common';

/**
 * A payment received outside the till (issue 31, item 27): a company's bank transfer for its monthly
 * tab, recorded from the back office. The server records it as a signed `customer_operation` of the
 * establishment's back-office register; like any payment it pays the oldest notes first, the
 * registers learn it through `GET /pos/v1/customer-accounts`, and the FEC books it on the account
 * linked to out-of-till transfers (512000 by default). Amounts in cents.
 */

/** The largest payment recorded at once: 1 000 000,00 €. */
export const CUSTOMER_PAYMENT_MAX_CENTS = 100_000_000;
/** The bank's reference of the transfer, on the statement and in the FEC's label. */
export const CUSTOMER_PAYMENT_REFERENCE_MAX = 60;
/** How the payment is named when no reference is given (the operation's payment name). */
export const CUSTOMER_PAYMENT_NAME_FR = 'Virement';

/** The operation's payment name: « Virement » and the bank's reference, when there is one. */
export function customerPaymentName(reference: string | undefined): string {
  const text = (reference ?? '').replace(/\s+/g, ' ').trim();
  return text ? `${CUSTOMER_PAYMENT_NAME_FR} ${text}` : CUSTOMER_PAYMENT_NAME_FR;
}

/**
 * An amount typed in euros as the French write it (`1 234,56`, `1234.5`, `80 €`) to integer cents,
 * without passing through a float; null when it is not an amount with at most two decimals.
 */
export function eurosTextToCents(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, '');
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Why a typed payment amount is refused: not an amount, zero, or over the largest payment. */
export function customerPaymentAmountProblem(text: string): 'invalid' | 'zero' | 'tooLarge' | null {
  const cents = eurosTextToCents(text);
  if (cents === null) return 'invalid';
  if (cents === 0) return 'zero';
  return cents > CUSTOMER_PAYMENT_MAX_CENTS ? 'tooLarge' : null;
}

export const customerPaymentRecord = z.object({
  customerId: id,
  /** The establishment that received it: one of the caller's, where the customer has an account. */
  companyId: id,
  amount: cents.min(1).max(CUSTOMER_PAYMENT_MAX_CENTS),
  reference: z.string().max(CUSTOMER_PAYMENT_REFERENCE_MAX).optional(),
});
export type CustomerPaymentRecord = z.infer<typeof customerPaymentRecord>;

export const customerPaymentRecorded = z.object({
  /** The operation's id (the signed record's `data.id`). */
  operationId: id,
  businessDay: z.iso.date(),
  /** The customer's balance after it, in cents. */
  balance: cents,
  /** Notes it completed (paid in full, oldest first), and what is left due on the notes after it. */
  notesPaid: z.number().int().min(0),
  owed: cents,
});
export type CustomerPaymentRecorded = z.infer<typeof customerPaymentRecorded>;

/** Why a payment is refused (nothing is recorded). */
export type CustomerPaymentErrorCode =
  'CUSTOMER_PAYMENT_CUSTOMER_NOT_FOUND' | 'CUSTOMER_PAYMENT_COMPANY_NOT_FOUND' | 'CUSTOMER_PAYMENT_OVER_DEBT';
