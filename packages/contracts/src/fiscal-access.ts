import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * Tax-inspector access (spec 2 §2-§8, issue 5): the owner asks for a time-limited access for an
 * inspector of the tax administration, the product team validates or refuses it, and the inspector
 * signs in with the e-mail and the token mailed on validation. The fiscal session reads only the
 * fiscal endpoints of that one account, until the end of the chosen duration.
 */

/** The only domain an inspector's address may have; the portal shows it read-only. */
export const FISCAL_AUTHORITY_EMAIL_DOMAIN = 'dgfip.finances.gouv.fr';

/** The inspector's full address from the local part typed in the access request form. */
export function fiscalAuthorityEmail(localPart: string): string {
  return `${localPart.trim()}@${FISCAL_AUTHORITY_EMAIL_DOMAIN}`;
}

/** Spec 2 §9: 1 week, 2 weeks, 1 month, 2 months, counted from the validation. */
export const fiscalAccessExpireType = z.enum(['1week', '2week', '1month', '2month']);
export type FiscalAccessExpireType = z.infer<typeof fiscalAccessExpireType>;
export const FISCAL_ACCESS_EXPIRE_TYPES = fiscalAccessExpireType.options;

const email = z.string().trim().min(1).max(254);

/**
 * `POST /api/administration-fiscale` (the account holder, or a sub-user with the
 * `fiscal_administration` service, in their own session). `askerEmail` is the inspector's full
 * address on FISCAL_AUTHORITY_EMAIL_DOMAIN; `customerEmail` the owner's, told of the decision: the
 * caller's own address or another active user's of the same account (the portal fills in the caller's).
 */
export const fiscalAccessRequestBody = z.object({
  askerEmail: email,
  customerEmail: email,
  expireType: fiscalAccessExpireType,
});
export type FiscalAccessRequestBody = z.infer<typeof fiscalAccessRequestBody>;

/**
 * `validated` requests give access until `expiresAt`; `expired` is a validated one past it. The
 * database keeps the first three; `expired` is computed when answering.
 */
export const fiscalAccessStatus = z.enum(['pending', 'validated', 'refused', 'expired']);
export type FiscalAccessStatus = z.infer<typeof fiscalAccessStatus>;

/** One access request as its owner sees it (spec 2 §3 "Fiscal access"); the token is never sent back. */
export const fiscalAccess = z.object({
  id: z.uuid(),
  askerEmail: z.string(),
  customerEmail: z.string(),
  expireType: fiscalAccessExpireType,
  status: fiscalAccessStatus,
  createdAt: isoDateTime,
  /** Set on validation: the end of the access. */
  expiresAt: isoDateTime.nullable(),
});
export type FiscalAccess = z.infer<typeof fiscalAccess>;

/** The answer the spec calls "fiscAccess list": the stored request, 201. */
export const fiscalAccessCreateResponse = z.object({ fiscAccess: z.array(fiscalAccess).length(1) });
export type FiscalAccessCreateResponse = z.infer<typeof fiscalAccessCreateResponse>;

/** `POST /api/administration-fiscale/check` (public, rate-limited): the mailed token and the inspector's e-mail. */
export const fiscalAccessCheckRequest = z.object({
  token: z.string().trim().min(1).max(200),
  askerEmail: email,
});
export type FiscalAccessCheckRequest = z.infer<typeof fiscalAccessCheckRequest>;

/**
 * A fiscal session: the pair to keep as `fiscalAccessToken` / `fiscalRefreshToken`, renewed at
 * `GET /api/auth/accessToken/administration-fiscale/` and never beyond `expiresAt`. `fiscAccess[0].token`
 * repeats the access token, where the spec reads it.
 */
export const fiscalAccessCheckResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  fiscAccess: z
    .array(
      z.object({
        askerEmail: z.string(),
        customerEmail: z.string(),
        expireType: fiscalAccessExpireType,
        expiresAt: isoDateTime,
        token: z.string(),
      }),
    )
    .length(1),
});
export type FiscalAccessCheckResponse = z.infer<typeof fiscalAccessCheckResponse>;

/** One request in the product team's list, with the account it opens. */
export const supportFiscalAccessRequest = fiscalAccess.extend({
  accountId: z.uuid(),
  accountName: z.string(),
  /** Who asked ("Firstname Lastname"); null when that user was deleted since. */
  requestedByName: z.string().nullable(),
  decidedAt: isoDateTime.nullable(),
  /** The inspector's last sign-in. */
  lastUsedAt: isoDateTime.nullable(),
});
export type SupportFiscalAccessRequest = z.infer<typeof supportFiscalAccessRequest>;

/** `GET /api/support/fiscal-access-requests` (support staff): pending first (oldest first), then newest decided. */
export const supportFiscalAccessRequestsResponse = z.object({
  requests: z.array(supportFiscalAccessRequest),
});
export type SupportFiscalAccessRequestsResponse = z.infer<typeof supportFiscalAccessRequestsResponse>;

export const fiscalAccessRequestParams = z.object({ id: z.uuid() });

/**
 * `POST /api/support/fiscal-access-requests/{id}/validate` and `/refuse` (support staff): the request
 * as decided. Validation mails the token to the inspector and tells the owner; refusal tells the owner.
 */
export const fiscalAccessDecisionResponse = z.object({ request: supportFiscalAccessRequest });
export type FiscalAccessDecisionResponse = z.infer<typeof fiscalAccessDecisionResponse>;

/** Refusals of the fiscal-access calls, besides the auth guard's codes. */
export const fiscalAccessErrorCode = z.enum([
  /** 400: the inspector's address is not on FISCAL_AUTHORITY_EMAIL_DOMAIN. */
  'ASKER_EMAIL_DOMAIN',
  /** 400: the local part typed holds "@" (spec 2 §5). */
  'ASKER_EMAIL_AT_SIGN',
  /** 400: the inspector's address is not a valid e-mail address. */
  'INVALID_ASKER_EMAIL',
  /** 400: the owner's address is not a valid e-mail address. */
  'INVALID_CUSTOMER_EMAIL',
  /** 400: the owner's address is not the caller's nor another active user's of the account. */
  'CUSTOMER_EMAIL_NOT_IN_ACCOUNT',
  /** 403: only the holder or a sub-user with the fiscal_administration service, in their own session. */
  'FISCAL_ACCESS_FORBIDDEN',
  /** 404 */
  'REQUEST_NOT_FOUND',
  /** 409: the request was already validated or refused. */
  'ALREADY_DECIDED',
  /** 401: unknown token, another e-mail, refused, not yet validated or expired access (one code for all). */
  'FISCAL_ACCESS_REFUSED',
  /** 502: the mail to the inspector could not be delivered; the request stays pending. */
  'MAIL_NOT_SENT',
]);
export type FiscalAccessErrorCode = z.infer<typeof fiscalAccessErrorCode>;
