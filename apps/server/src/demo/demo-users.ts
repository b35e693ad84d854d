import type { Db } from '../db/database';
import type { UserRole } from '../db/schema/identity';
import { findUserByEmail } from '../modules/auth/auth.repository';
import { createUser, type NewUserInput } from '../modules/auth/auth.service';
import { hashPassword } from '../modules/auth/passwords';

/** Every demo user signs in with this password (it satisfies the spec's strength rule). */
export const DEMO_PASSWORD = 'demo-Comptoir-2026';

export interface DemoUser {
  email: string;
  role: UserRole;
  description: string;
}

export interface DemoAccountIds {
  suiteAccountId: string;
  suiteCompanyIds: string[];
  standardAccountId: string;
  standardCompanyId: string;
}

/** Creates the five demo users that are missing (existing ones are left as they are) and lists them all. */
export async function seedDemoUsers(db: Db, ids: DemoAccountIds): Promise<DemoUser[]> {
  const firstSuiteCompanyId = ids.suiteCompanyIds[0];
  if (!firstSuiteCompanyId) throw new Error('seedDemoUsers needs at least one suite company');
  const users: (Omit<NewUserInput, 'password'> & { description: string })[] = [
    {
      email: 'demo@comptoir.test',
      accountId: ids.suiteAccountId,
      role: 'holder',
      firstname: 'Camille',
      lastname: 'Dupont',
      groups: ['comptoir-suite', 'export_product_lines'],
      hasMigratedEmail: true,
      description: 'Holder of the suite account (groups comptoir-suite, export_product_lines)',
    },
    {
      email: 'standard@comptoir.test',
      accountId: ids.standardAccountId,
      role: 'holder',
      firstname: 'Julien',
      lastname: 'Martin',
      description:
        'Holder of the standard account, no group, login not migrated yet (sees the login-change notice)',
    },
    {
      email: 'serveur@comptoir.test',
      accountId: ids.suiteAccountId,
      role: 'sub_user',
      firstname: 'Léa',
      lastname: 'Bernard',
      companyIds: [firstSuiteCompanyId],
      services: ['customer_account', 'sales_reporting'],
      description:
        'Sub-user of the suite account: services customer_account and sales_reporting, first company only',
    },
    {
      email: 'client@comptoir.test',
      accountId: ids.suiteAccountId,
      role: 'holder',
      firstname: 'Hugo',
      lastname: 'Petit',
      groups: ['espace_client'],
      hasMigratedEmail: true,
      description: 'Customer-space user of the suite account (group espace_client)',
    },
    {
      email: 'support@comptoir.test',
      accountId: null,
      role: 'staff',
      hasMigratedEmail: true,
      firstname: 'Inès',
      lastname: 'Moreau',
      description: 'Comptoir support staff, no account (view as customer, tax-inspector access requests)',
    },
  ];

  // The demo's users share one password, so one hash (a scrypt costs about 100 ms).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    for (const { description: _description, ...user } of users) {
      if (!(await findUserByEmail(trx, user.email)))
        await createUser(trx, { ...user, password: DEMO_PASSWORD, passwordHash });
    }
  });
  return users.map(({ email, role, description }) => ({ email, role, description }));
}
