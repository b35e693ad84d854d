import { describe, expect, it } from 'vitest';
import {
  accessRequestBody,
  accessRequestFieldError,
  canSendAccessRequest,
  canSignIn,
  hasAtSign,
  isInspectorPortal,
  tokenFromSearch,
  type AccessRequestValues,
} from './fiscalAccessRules';

const filled: AccessRequestValues = {
  expireType: '2week',
  customerEmail: 'camille@brasserie.fr',
  askerLocalPart: 'jeanne.martin',
};

describe('access request form', () => {
  it('keeps Envoyer disabled while either e-mail field is empty', () => {
    expect(canSendAccessRequest(filled, false)).toBe(true);
    expect(canSendAccessRequest({ ...filled, customerEmail: '  ' }, false)).toBe(false);
    expect(canSendAccessRequest({ ...filled, askerLocalPart: '' }, false)).toBe(false);
  });

  it('refuses a tax-authority e-mail containing @', () => {
    expect(hasAtSign('jeanne@dgfip.finances.gouv.fr')).toBe(true);
    expect(hasAtSign('jeanne.martin')).toBe(false);
    expect(canSendAccessRequest({ ...filled, askerLocalPart: 'jeanne@gmail.com' }, false)).toBe(false);
  });

  it('keeps Envoyer disabled once the request is sent', () => {
    expect(canSendAccessRequest(filled, true)).toBe(false);
  });

  it('appends the fixed domain to the local part', () => {
    expect(accessRequestBody({ ...filled, askerLocalPart: ' jeanne.martin ' })).toEqual({
      expireType: '2week',
      customerEmail: 'camille@brasserie.fr',
      askerEmail: 'jeanne.martin@dgfip.finances.gouv.fr',
    });
  });
});

describe("the inspector's portal", () => {
  it('is the fiscal session and the sign-in page, whoever else is signed in', () => {
    expect(isInspectorPortal('fiscal', '/administration-fiscale')).toBe(true);
    expect(isInspectorPortal('user', '/fisc-connect-as')).toBe(true);
    expect(isInspectorPortal('user', '/fisc-connect-as/')).toBe(true);
    expect(isInspectorPortal('user', '/administration-fiscale')).toBe(false);
    expect(isInspectorPortal('viewAs', '/')).toBe(false);
  });
});

describe('inspector sign-in form', () => {
  it('activates the button only when e-mail and token are filled', () => {
    expect(canSignIn('jeanne.martin@dgfip.finances.gouv.fr', 'abc')).toBe(true);
    expect(canSignIn('', 'abc')).toBe(false);
    expect(canSignIn('jeanne.martin@dgfip.finances.gouv.fr', ' ')).toBe(false);
  });

  it('prefills the token from the mailed link', () => {
    expect(tokenFromSearch('?token=Xy_9-z')).toBe('Xy_9-z');
    expect(tokenFromSearch('')).toBe('');
  });
});

describe("the server's refusals of the request", () => {
  it("shows an owner address outside the account under the owner's field", () => {
    expect(accessRequestFieldError('CUSTOMER_EMAIL_NOT_IN_ACCOUNT')).toEqual({
      field: 'customerEmail',
      message: 'fiscalAccess.request.customerEmailNotInAccount',
    });
    expect(accessRequestFieldError('INVALID_CUSTOMER_EMAIL')?.field).toBe('customerEmail');
  });

  it("shows the inspector's address refusals under the inspector's field, and no field for the others", () => {
    expect(accessRequestFieldError('ASKER_EMAIL_AT_SIGN')).toEqual({
      field: 'askerEmail',
      message: 'fiscalAccess.request.atSignError',
    });
    expect(accessRequestFieldError('INVALID_ASKER_EMAIL')?.field).toBe('askerEmail');
    expect(accessRequestFieldError('TOO_MANY_REQUESTS')).toBeNull();
    expect(accessRequestFieldError(null)).toBeNull();
  });
});
