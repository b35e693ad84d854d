import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { UserGroupName, UserRow } from '../../db/schema/identity';
import { accountHoldersQuery } from '../../platform/account-holders.repository';

export type UserProfileRow = Pick<
  UserRow,
  'id' | 'username' | 'email' | 'firstname' | 'lastname' | 'role' | 'locale' | 'has_migrated_email'
> & { groups: UserGroupName[] };

export async function findUserProfile(db: Db, userId: string): Promise<UserProfileRow | undefined> {
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.username',
      'u.email',
      'u.firstname',
      'u.lastname',
      'u.role',
      'u.locale',
      'u.has_migrated_email',
      sql<UserGroupName[]>`array(${eb
        .selectFrom('user_groups as g')
        .select('g.name')
        .whereRef('g.user_id', '=', 'u.id')
        .orderBy('g.name')})`.as('groups'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export interface CompanySummaryRow {
  id: string;
  company_name: string;
  siret: string | null;
  address_city: string | null;
}

export async function listCompanySummaries(db: Db, companyIds: string[]): Promise<CompanySummaryRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .selectFrom('companies')
    .select(['id', 'company_name', 'siret', 'address_city'])
    .where('id', 'in', companyIds)
    .orderBy('company_name')
    .orderBy('id')
    .execute();
}

export async function findLocale(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst();
  return row?.locale;
}

export async function updateLocale(db: Db, userId: string, locale: string): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}

export interface AccountHolderRow {
  firstname: string;
  lastname: string;
  email: string;
}

export async function findAccountHolder(db: Db, accountId: string): Promise<AccountHolderRow | undefined> {
  return accountHoldersQuery(db).where('u.account_id', '=', accountId).executeTakeFirst();
}

export async function findAccountName(db: Db, accountId: string): Promise<string | undefined> {
  const row = await db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirst();
  return row?.name;
}
