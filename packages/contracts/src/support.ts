import { z } from 'zod';
import { isoDateTime } from './common';

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

/** Codes of the support area besides the auth guard's (STAFF_ONLY is an auth code). */
export const supportErrorCode = z.enum(['ACCOUNT_NOT_FOUND']);
export type SupportErrorCode = z.infer<typeof supportErrorCode>;
