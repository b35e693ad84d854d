import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * Partners (spec 1 §2.6, §3, §4; issue 19 parts 1–2). The product's partner catalogue grouped by
 * category, and per account one integration per partner:
 *
 * - `none`: no key generated (no row);
 * - `waiting`: a key was generated and shown once, the partner has not answered yet;
 * - `validated`: the partner called back with its customer id (`partnerCustomerId` present);
 * - `refused`: the partner refused the key; a new key can be generated (back to `waiting`).
 *
 * The key authenticates the partner's calls to `POST /api/partners/callback`; only its SHA-256 is
 * stored, with a short non-secret prefix to recognise it.
 */

export const partnerIntegrationStatus = z.enum(['none', 'waiting', 'validated', 'refused']);
export type PartnerIntegrationStatus = z.infer<typeof partnerIntegrationStatus>;

/** 'read_only': the named partner of spec §2.6 whose token the portal shows in a read-only field. */
export const partnerKeyDisplay = z.enum(['copy', 'read_only']);
export type PartnerKeyDisplay = z.infer<typeof partnerKeyDisplay>;

/**
 * `canActivate` rule: a register of the account must run an iPad app at least this version (the
 * first to carry partner connections), as reported by its most recent service. No register data
 * at all also means "update the iPad app" (nothing would receive the partner's data).
 */
export const PARTNER_MIN_APP_VERSION = '4.2.0';

/** True when `version` ("4.2.1") is at least `minimum` ("4.2.0"), comparing numeric parts. */
export function isAppVersionAtLeast(version: string, minimum: string): boolean {
  const parts = (v: string) => v.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const [a, b] = [parts(version), parts(minimum)];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const [x, y] = [a[i] ?? 0, b[i] ?? 0];
    if (x !== y) return x > y;
  }
  return true;
}

/** Partner keys start with this; the callback header is `Authorization: PartnerKey <key>`. */
export const PARTNER_KEY_PREFIX = 'cpk_';
/** Partner connection tokens (`generate-connexion-token`): `Authorization: PartnerToken <token>`. */
export const PARTNER_CONNEXION_TOKEN_PREFIX = 'cct_';
/** The `ipadToken` of `partnership/ipadToken` is valid this long. */
export const IPAD_TOKEN_TTL_MINUTES = 15;

export const partner = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  /** Path of the logo under the portal, e.g. `/partners/ouilink.svg`. */
  logo: z.string().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  /** False: an informational partner, nothing to activate. */
  withAction: z.boolean(),
  keyDisplay: partnerKeyDisplay,
  /** The account may generate a key for this partner now (withAction and the app-version rule). */
  canActivate: z.boolean(),
  status: partnerIntegrationStatus,
  /** First characters of the current key (not secret); null without integration. */
  keyPrefix: z.string().nullable(),
  keyCreatedAt: isoDateTime.nullable(),
  partnerCustomerId: z.string().nullable(),
  refusedReason: z.string().nullable(),
  /** When the partner last answered, or the key was generated. */
  statusChangedAt: isoDateTime.nullable(),
  hasConnexionToken: z.boolean(),
});
export type Partner = z.infer<typeof partner>;

export const partnerCategory = z.object({
  id: z.uuid(),
  /** Stable name the portal translates; null for a category without translation (name shown). */
  code: z.string().nullable(),
  name: z.string(),
  partners: z.array(partner),
});
export type PartnerCategory = z.infer<typeof partnerCategory>;

/** `GET /api/partners`: the grid, categories in order (an empty one included). */
export const partnersResponse = z.object({
  partnersCategories: z.array(partnerCategory),
  canActivate: z.boolean(),
  minAppVersion: z.string(),
});
export type PartnersResponse = z.infer<typeof partnersResponse>;

/**
 * `POST /api/partnership/ipadToken`: the spec's body `{refreshToken}` (spec 1 §7) is accepted, and so is
 * `{}`; the session's Bearer token is what authenticates, the refresh token is neither read nor kept.
 */
export const ipadTokenRequest = z.object({ refreshToken: z.string().max(512).optional() }).strict();
export const ipadTokenResponse = z.object({ ipadToken: z.string(), expiresAt: isoDateTime });
export type IpadTokenResponse = z.infer<typeof ipadTokenResponse>;

/** `POST /api/partnership/generate-link`: a new key for one partner, shown once. */
export const generateLinkRequest = z.object({
  ipadToken: z.string().trim().min(1).max(200),
  partnerId: z.uuid(),
});
export type GenerateLinkRequest = z.infer<typeof generateLinkRequest>;
export const generateLinkResponse = z.object({ token: z.string(), partner });
export type GenerateLinkResponse = z.infer<typeof generateLinkResponse>;

/** `POST /api/partners/connexion-token`: a partner connection token for a validated integration, shown once. */
export const connexionTokenRequest = z.object({ partnerId: z.uuid() });
export type ConnexionTokenRequest = z.infer<typeof connexionTokenRequest>;
export const connexionTokenResponse = z.object({ token: z.string(), createdAt: isoDateTime, partner });
export type ConnexionTokenResponse = z.infer<typeof connexionTokenResponse>;

/**
 * `POST /api/partners/callback` (the partner's server, `Authorization: PartnerKey <key>`):
 * `validate` with the partner's own id for this customer, or `refuse` with an optional reason.
 */
export const partnerCallbackRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('validate'), customerId: z.string().trim().min(1).max(100) }),
  z.object({ action: z.literal('refuse'), reason: z.string().trim().max(500).optional() }),
]);
export type PartnerCallbackRequest = z.infer<typeof partnerCallbackRequest>;
export const partnerCallbackResponse = z.object({
  status: partnerIntegrationStatus,
  partnerCustomerId: z.string().nullable(),
});
export type PartnerCallbackResponse = z.infer<typeof partnerCallbackResponse>;

/** `GET /api/partners/connexion` (the partner, `Authorization: PartnerToken <token>`): who it is connected to. */
export const partnerConnexionResponse = z.object({
  partnerCode: z.string(),
  partnerCustomerId: z.string().nullable(),
  accountName: z.string(),
  establishments: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type PartnerConnexionResponse = z.infer<typeof partnerConnexionResponse>;

export const partnersErrorCode = z.enum([
  /** 403: no register of the account runs PARTNER_MIN_APP_VERSION or later ("update the iPad app"). */
  'APP_UPDATE_NEEDED',
  /** 403: the ipadToken is unknown, expired or another account's. */
  'IPAD_TOKEN_INVALID',
  /** 404 */
  'PARTNER_NOT_FOUND',
  /** 409: an informational partner (withAction false): nothing to activate. */
  'PARTNER_WITHOUT_ACTION',
  /** 409: the integration is validated; no new key. */
  'PARTNER_ALREADY_VALIDATED',
  /** 409: a connection token needs a validated integration. */
  'PARTNER_NOT_VALIDATED',
  /** 401: missing, malformed or unknown partner key / connection token. */
  'PARTNER_KEY_REFUSED',
  /** 409: the callback's action does not apply to the integration's state. */
  'PARTNER_TRANSITION_REFUSED',
]);
export type PartnersErrorCode = z.infer<typeof partnersErrorCode>;
