import {
  FISCAL_ACCESS_EXPIRE_TYPES,
  fiscalAuthorityEmail,
  type FiscalAccessErrorCode,
  type FiscalAccessExpireType,
  type FiscalAccessRequestBody,
} from '@comptoir/contracts';
import { FISCAL_SIGN_IN_PATH } from '../../api/constants';
import type { SessionKind } from '../../api/tokens';
import type { MessageKey } from './fiscal-access.i18n';

/** The access request form as typed: the inspector's address is only its local part. */
export interface AccessRequestValues {
  expireType: FiscalAccessExpireType;
  customerEmail: string;
  askerLocalPart: string;
}

export const DEFAULT_EXPIRE_TYPE: FiscalAccessExpireType = '1week';
export const EXPIRE_TYPES: readonly FiscalAccessExpireType[] = FISCAL_ACCESS_EXPIRE_TYPES;

/** Spec 2 §5: the local part must not hold "@", the domain being appended by the portal. */
export function hasAtSign(askerLocalPart: string): boolean {
  return askerLocalPart.includes('@');
}

/** Spec 2 §2, §5: Envoyer waits for both e-mail fields, a local part without "@", and is used once. */
export function canSendAccessRequest(values: AccessRequestValues, isSent: boolean): boolean {
  return (
    !isSent &&
    values.customerEmail.trim() !== '' &&
    values.askerLocalPart.trim() !== '' &&
    !hasAtSign(values.askerLocalPart)
  );
}

/** The call's body: the inspector's full address on the tax administration's domain. */
export function accessRequestBody(values: AccessRequestValues): FiscalAccessRequestBody {
  return {
    expireType: values.expireType,
    customerEmail: values.customerEmail.trim(),
    askerEmail: fiscalAuthorityEmail(values.askerLocalPart),
  };
}

export type AccessRequestField = 'customerEmail' | 'askerEmail';

/** The field a refusal of the request is about, shown under it as the "@" error is; null for the others. */
export function accessRequestFieldError(
  code: string | null,
): { field: AccessRequestField; message: MessageKey } | null {
  switch (code as FiscalAccessErrorCode | null) {
    case 'CUSTOMER_EMAIL_NOT_IN_ACCOUNT':
      return { field: 'customerEmail', message: 'fiscalAccess.request.customerEmailNotInAccount' };
    case 'INVALID_CUSTOMER_EMAIL':
      return { field: 'customerEmail', message: 'fiscalAccess.request.invalidCustomerEmail' };
    case 'ASKER_EMAIL_AT_SIGN':
      return { field: 'askerEmail', message: 'fiscalAccess.request.atSignError' };
    case 'ASKER_EMAIL_DOMAIN':
    case 'INVALID_ASKER_EMAIL':
      return { field: 'askerEmail', message: 'fiscalAccess.request.invalidAskerEmail' };
    default:
      return null;
  }
}

/** Spec 2 §5: the inspector's sign-in button is active only when e-mail and token are filled. */
export function canSignIn(email: string, token: string): boolean {
  return email.trim() !== '' && token.trim() !== '';
}

/** `/fisc-connect-as?token=...`: the token of the mailed link, or an empty field. */
export function tokenFromSearch(search: string): string {
  return new URLSearchParams(search).get('token')?.trim() ?? '';
}

/**
 * The inspector's portal: a fiscal session, or the inspector's sign-in page. It is French unless the
 * inspector chooses another language, and shows no help video (a tour for the account's holder).
 */
export function isInspectorPortal(sessionKind: SessionKind, pathname: string): boolean {
  return sessionKind === 'fiscal' || pathname.replace(/\/+$/, '') === FISCAL_SIGN_IN_PATH;
}
