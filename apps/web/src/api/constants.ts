import type { AuthErrorCode } from '@comptoir/contracts';

/** Shell constants from the spec (§4, §9) and the auth service's addresses, kept in one place. */

export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  /** When the stored refresh token was issued, in ms since the epoch (see storeTokens). */
  refreshTokenIssuedAt: 'refreshTokenIssuedAt',
  /** View-as-customer session of a support user (spec §3 browser storage). */
  viewAsAccessToken: 'viewAsAccessToken',
  viewAsCustomerToken: 'viewAsCustomerToken',
  viewAsIssuedAt: 'viewAsIssuedAt',
  /** Tax inspector's fiscal session. */
  fiscalAccessToken: 'fiscalAccessToken',
  fiscalRefreshToken: 'fiscalRefreshToken',
  fiscalIssuedAt: 'fiscalIssuedAt',
  /** Reporting filters sent as x-id-company, x-date-begin, x-date-end (session storage, spec §7). */
  idCompany: 'id-company',
  dateBegin: 'date-begin',
  dateEnd: 'date-end',
  drawerOpen: 'drawerOpen',
} as const;

/** Spec §4 and §9: check every 3 minutes, renew when 180 s or less remain. */
export const TOKEN_CHECK_INTERVAL_MS = 180_000;
export const TOKEN_RENEWAL_THRESHOLD_SECONDS = 180;

export const AUTH_SCOPE = 'bo-client';
export const SIGN_IN_PATH = '/auth/login';
export const SIGN_OUT_URL = '/auth/logout?redirect=/';
export const CHANGE_PASSWORD_URL = '/auth/password';
export const TOKEN_RENEWAL_PATH = '/api/auth/accessToken/';
export const FISCAL_TOKEN_RENEWAL_PATH = '/api/auth/accessToken/administration-fiscale/';
export const FISCAL_SIGN_IN_PATH = '/fisc-connect-as';
/** The product's customer area (spec §3 urlEspaceClient), outside the portal. */
export const CUSTOMER_SPACE_URL = 'https://espace-client.comptoir.fr';

/** `?clear` in the address wipes local storage once (spec §4). */
export const CLEAR_SESSION_PARAM = 'clear';

/** The only 401 code that is answered by a renewal and one retry. */
export const ACCESS_TOKEN_EXPIRED = 'ACCESS_TOKEN_EXPIRED' satisfies AuthErrorCode;
/** A sub-user whose services no longer allow the portal (spec §6, §8). */
export const SUB_USER_NO_ACCESS = 'SUB_USER_NO_ACCESS' satisfies AuthErrorCode;

/** Name of the Web Lock that keeps two tabs from rotating the same refresh token at once. */
export const TOKEN_RENEWAL_LOCK = 'comptoir-token-renewal';

/** Spec §9: below this width the drawer is the mobile one. */
export const MOBILE_BREAKPOINT_PX = 764;

/** Spec §9 version labels of the interface and the application. */
export const UI_VERSION = '1.2.1';

/** Spec §9: the sponsorship reward, in euros. */
export const SPONSORSHIP_REWARD_EUROS = 100;
