import { z } from 'zod';
import { isoDateTime } from './common';
import { mailStatus } from './mailbox';

/** One customer account as support staff see it in the list of accounts. */
export const supportAccount = z.object({
  id: z.uuid(),
  name: z.string(),
  edition: z.enum(['standard', 'suite']),
  /** The account holder shown by view-as ("Firstname Lastname"); null when the account has none. */
  holderName: z.string().nullable(),
  holderEmail: z.string().nullable(),
  establishmentCount: z.number().int(),
});
export type SupportAccount = z.infer<typeof supportAccount>;

/** `GET /api/support/accounts` (support staff only, 403 STAFF_ONLY otherwise), by account name. */
export const supportAccountsResponse = z.object({ accounts: z.array(supportAccount) });
export type SupportAccountsResponse = z.infer<typeof supportAccountsResponse>;

/** `POST /api/support/view-as`: opens a read-only view-as-customer session on this account. */
export const viewAsRequest = z.object({ accountId: z.uuid() });
export type ViewAsRequest = z.infer<typeof viewAsRequest>;

/**
 * The view-as refresh token, exchanged by the portal at `GET /api/auth/accessToken/` once it has
 * opened `path` (`/connect-as/{viewAsCustomerToken}`); the session ends at `expiresAt`.
 */
export const viewAsResponse = z.object({
  viewAsCustomerToken: z.string(),
  path: z.string(),
  expiresAt: isoDateTime,
});
export type ViewAsResponse = z.infer<typeof viewAsResponse>;

/**
 * One mail of the outbox as support staff see it (`GET /api/support/mail-outbox`): who it is for,
 * what it is about, where it stands, never its body.
 */
export const supportOutboxMail = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  status: mailStatus,
  attempts: z.number().int().nonnegative(),
  /** The last failed try's answer (the SMTP server's, or the network's), in one line. */
  lastError: z.string().nullable(),
  /** When it is tried again; null when it will not be (sent, given up, or tried once). */
  nextAttemptAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  lastAttemptAt: isoDateTime.nullable(),
  /** Support may send it again: it failed or was given up on. */
  isResendable: z.boolean(),
});
export type SupportOutboxMail = z.infer<typeof supportOutboxMail>;

/** Which mail the page lists: all, or those that did not leave (failed or dead). */
export const supportOutboxQuery = z.object({
  filter: z.enum(['all', 'undelivered']).default('all'),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type SupportOutboxQuery = z.infer<typeof supportOutboxQuery>;

export const supportOutboxResponse = z.object({ messages: z.array(supportOutboxMail) });
export type SupportOutboxResponse = z.infer<typeof supportOutboxResponse>;

/** `POST /api/support/mail-outbox/{id}/resend`: a failed or dead mail is tried again now. */
export const supportOutboxParams = z.object({ id: z.uuid() });

/** Codes of the support area besides the auth guard's (STAFF_ONLY is an auth code). */
export const supportErrorCode = z.enum(['ACCOUNT_NOT_FOUND', 'MAIL_NOT_FOUND', 'MAIL_NOT_RESENDABLE']);
export type SupportErrorCode = z.infer<typeof supportErrorCode>;
