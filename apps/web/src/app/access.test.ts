import { describe, expect, it } from 'vitest';
import { checkAccess, type Visitor } from './access';

const holder: Visitor = { authState: 'authenticated', sessionKind: 'user', role: 'holder', services: [] };
const subUser: Visitor = {
  authState: 'authenticated',
  sessionKind: 'user',
  role: 'sub_user',
  services: ['customer_account', 'sales_reporting'],
};

describe('access check on every navigation (spec §2.1, §6)', () => {
  it('shows the unauthorized page to a signed-out visitor, except on public pages', () => {
    const visitor: Visitor = { ...holder, authState: 'unauthenticated', role: undefined };
    expect(checkAccess({}, visitor)).toBe('signedOut');
    expect(checkAccess({ isPublic: true }, visitor)).toBe('allow');
  });

  it('shows the no-access state to a user in the not-authorised state', () => {
    expect(checkAccess({}, { ...holder, authState: 'notAuthorised' })).toBe('noAccess');
  });

  it('limits a sub-user to its services and hides user-account pages', () => {
    expect(checkAccess({ service: 'sales_reporting' }, subUser)).toBe('allow');
    expect(checkAccess({ service: 'accounting_export' }, subUser)).toBe('noAccess');
    expect(checkAccess({ isHolderOnly: true }, subUser)).toBe('noAccess');
    expect(checkAccess({ service: 'accounting_export' }, holder)).toBe('allow');
  });

  it('waits for the services before deciding for a sub-user', () => {
    expect(checkAccess({ service: 'sales_reporting' }, { ...subUser, services: undefined })).toBe('pending');
    expect(checkAccess({ service: 'sales_reporting' }, { ...holder, role: undefined })).toBe('pending');
  });

  it('keeps a fiscal session inside fiscal administration', () => {
    const inspector: Visitor = {
      authState: 'authenticated',
      sessionKind: 'fiscal',
      role: undefined,
      services: [],
    };
    expect(checkAccess({ isFiscal: true, service: 'fiscal_administration' }, inspector)).toBe('allow');
    expect(checkAccess({ service: 'sales_reporting' }, inspector)).toBe('fiscalOnly');
  });

  it('opens staff pages to support staff only, not inside a view-as session', () => {
    expect(checkAccess({ isStaffOnly: true }, { ...holder, role: 'staff' })).toBe('allow');
    expect(checkAccess({ isStaffOnly: true }, holder)).toBe('noAccess');
    expect(checkAccess({ isStaffOnly: true }, { ...holder, role: 'staff', sessionKind: 'viewAs' })).toBe(
      'noAccess',
    );
  });
});
