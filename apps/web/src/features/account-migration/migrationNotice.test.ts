import { describe, expect, it } from 'vitest';
import { isCompanyEmail, shouldShowMigrationNotice, type MigrationNoticeSituation } from './migrationNotice';

const due: MigrationNoticeSituation = {
  user: { email: 'standard@comptoir.test', hasMigratedEmail: false, type: 'holder' },
  pathname: '/',
  hasFiscalToken: false,
  hasViewAsToken: false,
  wasShownThisSession: false,
};

describe('the account-migration notice', () => {
  it('is shown to a holder signed in with an unmigrated login of the product', () => {
    expect(shouldShowMigrationNotice(due)).toBe(true);
    expect(shouldShowMigrationNotice({ ...due, pathname: '/reporting/12' })).toBe(true);
  });

  it('is shown once per session', () => {
    expect(shouldShowMigrationNotice({ ...due, wasShownThisSession: true })).toBe(false);
  });

  it('is not shown once the user has migrated', () => {
    expect(shouldShowMigrationNotice({ ...due, user: { ...due.user, hasMigratedEmail: true } })).toBe(false);
  });

  it('is not shown to a user signed in with an e-mail of their own', () => {
    const user = { ...due.user, email: 'camille@bistrot-exemple.fr' };
    expect(shouldShowMigrationNotice({ ...due, user })).toBe(false);
  });

  it('is not shown to a sub-user, whose login the holder manages', () => {
    expect(shouldShowMigrationNotice({ ...due, user: { ...due.user, type: 'sub_user' } })).toBe(false);
  });

  it.each(['/account/migration', '/account/migration/step-1', '/check-new-email', '/fisc-connect-as'])(
    'is not shown on %s',
    (pathname) => {
      expect(shouldShowMigrationNotice({ ...due, pathname })).toBe(false);
    },
  );

  it('is shown on a page whose path merely starts like an excluded one', () => {
    expect(shouldShowMigrationNotice({ ...due, pathname: '/account/migrations-history' })).toBe(true);
  });

  it('is not shown while a fiscal or a view-as-customer token is stored', () => {
    expect(shouldShowMigrationNotice({ ...due, hasFiscalToken: true })).toBe(false);
    expect(shouldShowMigrationNotice({ ...due, hasViewAsToken: true })).toBe(false);
  });
});

describe('company e-mails', () => {
  it("are addresses on the product's own login domain, whatever the case", () => {
    expect(isCompanyEmail('demo@comptoir.test')).toBe(true);
    expect(isCompanyEmail('Demo@COMPTOIR.test')).toBe(true);
  });

  it('exclude other domains, look-alike domains and malformed addresses', () => {
    expect(isCompanyEmail('demo@comptoir.test.example.fr')).toBe(false);
    expect(isCompanyEmail('demo@notcomptoir.test')).toBe(false);
    expect(isCompanyEmail('comptoir.test')).toBe(false);
  });
});
