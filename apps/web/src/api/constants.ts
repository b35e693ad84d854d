import { USER_TOKEN_STORAGE_KEYS, type AuthErrorCode } from '@comptoir/contracts';

/** Session constants from the spec (§3, §4, §7) and the auth service's addresses, kept in one place. */

export const STORAGE_KEYS = {
  /** The user's own tokens, where the server's sign-in and change-password pages keep them too. */
  ...USER_TOKEN_STORAGE_KEYS,
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
  /** The shell's drawer state (spec §9). */
  drawerOpen: 'drawerOpen',
} as const;

/** Spec §4 and §9: check every 3 minutes, renew when 180 s or less remain. */
export const TOKEN_CHECK_INTERVAL_MS = 180_000;

export const AUTH_SCOPE = 'bo-client';
export const SIGN_IN_PATH = '/auth/login';
export const SIGN_OUT_URL = '/auth/logout?redirect=/';
export const CHANGE_PASSWORD_URL = '/auth/password';
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

/** Shared with the server's change-password page, which renews the same way (packages/contracts). */
export {
  TOKEN_RENEWAL_HOLDER_WAIT_MS,
  TOKEN_RENEWAL_PATH,
  TOKEN_RENEWAL_THRESHOLD_SECONDS,
  tokenRenewalLockName,
} from '@comptoir/contracts';
