import {
  FISCAL_ACCESS_EXPIRE_TYPES,
  fiscalAuthorityEmail,
  type FiscalAccessExpireType,
  type FiscalAccessRequestBody,
} from '@comptoir/contracts';

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

/** Spec 2 §5: the inspector's sign-in button is active only when e-mail and token are filled. */
export function canSignIn(email: string, token: string): boolean {
  return email.trim() !== '' && token.trim() !== '';
}

/** `/fisc-connect-as?token=...`: the token of the mailed link, or an empty field. */
export function tokenFromSearch(search: string): string {
  return new URLSearchParams(search).get('token')?.trim() ?? '';
}
