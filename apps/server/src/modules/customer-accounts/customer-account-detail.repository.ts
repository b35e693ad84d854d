import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CustomerAccountTable } from '../../db/schema/pos';

/**
 * The accounts named by uniq_id_customer numbers in the given establishments: present accounts of
 * the caller's account only.
 */
export function resolveUniqIds(db: Db, accountId: string, companyIds: string[], uniqIds: number[]) {
  if (companyIds.length === 0 || uniqIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customer_account_companies as cac')
    .innerJoin('customer_accounts as ca', 'ca.id', 'cac.customer_account_id')
    .select(['cac.customer_account_id', 'cac.company_id', 'cac.uniq_id_customer'])
    .where('cac.account_id', '=', accountId)
    .where('ca.account_id', '=', accountId)
    .where('ca.removed_at', 'is', null)
    .where('cac.company_id', 'in', companyIds)
    .where('cac.uniq_id_customer', 'in', uniqIds)
    .execute();
}

/**
 * The present accounts among `customerIds` that belong to the caller's account and are linked to
 * one of `companyIds`; `forUpdate` locks them until the end of the transaction.
 */
export async function findAccounts(
  db: Db,
  accountId: string,
  companyIds: string[],
  customerIds: string[],
  forUpdate = false,
) {
  if (companyIds.length === 0 || customerIds.length === 0) return [];
  let query = db
    .selectFrom('customer_accounts as ca')
    .selectAll('ca')
    .where('ca.account_id', '=', accountId)
    .where('ca.id', 'in', customerIds)
    .where('ca.removed_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('customer_account_companies as cac')
          .select(sql`1`.as('one'))
          .whereRef('cac.customer_account_id', '=', 'ca.id')
          .where('cac.company_id', 'in', companyIds),
      ),
    )
    .orderBy('ca.id');
  if (forUpdate) query = query.forUpdate();
  return query.execute();
}

/** The account's establishments among `companyIds`, by name. */
export function listAccountCompanies(db: Db, accountId: string, customerId: string, companyIds: string[]) {
  if (companyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customer_account_companies as cac')
    .innerJoin('companies as c', 'c.id', 'cac.company_id')
    .select(['c.id', 'c.company_name', 'cac.uniq_id_customer'])
    .where('cac.account_id', '=', accountId)
    .where('cac.customer_account_id', '=', customerId)
    .where('cac.company_id', 'in', companyIds)
    .orderBy('c.company_name')
    .orderBy('c.id')
    .execute();
}

export interface AccountFigures {
  balance: number;
  visit: number;
  nb_guests: number;
  turnover: number;
  order_average: number;
  guest_average: number;
}

/**
 * The list's figures (`customer-accounts.repository.ts` `listCustomerAccounts`) for one account, from
 * the same sources: the balance ingestion keeps on the account row (its last signed operation's
 * `balance_after`), visits, guests and turnover from `customer_account_figures` in the given
 * establishments.
 */
export async function accountFigures(
  db: Db,
  accountId: string,
  customerId: string,
  companyIds: string[],
): Promise<AccountFigures> {
  const { rows } = await sql<AccountFigures>`
    select f.*,
           case when f.visit = 0 then 0 else round(f.turnover::numeric / f.visit) end::bigint as order_average,
           case when f.nb_guests = 0 then 0 else round(f.turnover::numeric / f.nb_guests) end::bigint
             as guest_average
      from (
    select ca.balance::bigint as balance,
           coalesce(sum(cf.visit), 0)::bigint as visit,
           coalesce(sum(cf.nb_guests), 0)::bigint as nb_guests,
           coalesce(sum(cf.turnover), 0)::bigint as turnover
      from customer_accounts ca
      left join customer_account_figures cf
        on cf.customer_account_id = ca.id and cf.company_id = any(${companyIds}::uuid[])
     where ca.account_id = ${accountId} and ca.id = ${customerId}
     group by ca.id
      ) f`.execute(db);
  return rows[0] ?? { balance: 0, visit: 0, nb_guests: 0, turnover: 0, order_average: 0, guest_average: 0 };
}

/**
 * The customer accounts that owe (a debit balance) and are linked to one of the establishments, with
 * what tells namesakes apart and their number in the first of those establishments (by name).
 */
export async function listDebtors(db: Db, accountId: string, companyIds: string[]) {
  if (companyIds.length === 0) return [];
  const { rows } = await sql<{
    id: string;
    lastname: string;
    firstname: string;
    company_name: string | null;
    card_number: string | null;
    email: string | null;
    balance: string;
    company_id: string | null;
    uniq_id_customer: number | null;
  }>`
    select ca.id, ca.lastname, ca.firstname, ca.company_name, ca.card_number, ca.email,
           ca.balance::text as balance, first.company_id, first.uniq_id_customer
      from customer_accounts ca
      join lateral (
        select cac.company_id, cac.uniq_id_customer
          from customer_account_companies cac
          join companies c on c.id = cac.company_id
         where cac.customer_account_id = ca.id and cac.company_id = any(${companyIds}::uuid[])
         order by c.company_name, c.id limit 1) first on true
     where ca.account_id = ${accountId} and ca.removed_at is null and ca.balance < 0`.execute(db);
  return rows;
}

/** Every operation of the accounts, in time order per account, with the number of the order charged. */
export function listOperations(db: Db, accountId: string, customerIds: string[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customer_operations as op')
    .leftJoin('orders as o', (join) =>
      join.onRef('o.id', '=', 'op.order_id').on('o.account_id', '=', accountId),
    )
    .select([
      'op.id',
      'op.customer_account_id',
      'op.company_id',
      'op.at',
      sql<string>`op.business_day::text`.as('business_day'),
      'op.operation',
      'op.amount',
      'op.order_id',
      'op.payment_type_id',
      'op.payment_name',
      'op.user_firstname',
      'op.user_lastname',
      'o.number as order_number',
    ])
    .where('op.account_id', '=', accountId)
    .where('op.customer_account_id', 'in', customerIds)
    .orderBy('op.customer_account_id')
    .orderBy('op.at')
    .orderBy('op.seq')
    .orderBy('op.id')
    .execute();
}

export function listCompanyNames(db: Db, accountId: string, companyIds: string[]) {
  if (companyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('companies')
    .select(['id', 'company_name'])
    .where('account_id', '=', accountId)
    .where('id', 'in', companyIds)
    .execute();
}

export function listCompanyPaymentTypes(db: Db, accountId: string, companyId: string) {
  return db
    .selectFrom('payment_types')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .where('company_id', '=', companyId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The back office's edit of the account's own fields; its operations are never touched. */
export async function updateAccount(
  db: Db,
  accountId: string,
  customerId: string,
  values: Updateable<CustomerAccountTable>,
) {
  await db
    .updateTable('customer_accounts')
    .set(values)
    .where('account_id', '=', accountId)
    .where('id', '=', customerId)
    .execute();
}
