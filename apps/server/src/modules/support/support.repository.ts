import type { Db } from '../../db/database';
import type { AccountTable } from '../../db/schema/identity';
import { accountHoldersQuery } from '../../platform/account-holders.repository';

export interface SupportAccountRow {
  id: string;
  name: string;
  edition: AccountTable['edition'];
  holder_firstname: string | null;
  holder_lastname: string | null;
  holder_email: string | null;
  establishment_count: number;
}

/** Every customer account with its holder and its number of establishments, by name. */
export async function listAccounts(db: Db): Promise<SupportAccountRow[]> {
  return db
    .selectFrom('accounts as a')
    .leftJoin(accountHoldersQuery(db).as('h'), 'h.account_id', 'a.id')
    .select((eb) => [
      'a.id',
      'a.name',
      'a.edition',
      'h.firstname as holder_firstname',
      'h.lastname as holder_lastname',
      'h.email as holder_email',
      eb
        .selectFrom('companies as c')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('c.account_id', '=', 'a.id')
        .$asScalar()
        .$notNull()
        .as('establishment_count'),
    ])
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();
}

export async function accountExists(db: Db, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst();
  return row !== undefined;
}
