import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The operations the history shows: one account, readable establishments, a period, filters. */
export interface HistoryScope {
  accountId: string;
  /** Readable establishments, narrowed by the query's; never empty. */
  companyIds: string[];
  start: Date;
  end: Date;
  /** Empty: every payment type (and operations without one). */
  paymentTypeIds: string[];
  /** Empty: every user. */
  userIds: string[];
  /** Lowercased text searched in "firstname lastname" and "lastname firstname". */
  name: string | null;
  /** Cents, compared with the absolute amount. */
  amount: number | null;
  /** Cents, compared with the absolute balance after the operation. */
  balance: number | null;
}

export interface HistoryDbRow {
  id: string;
  company_name: string;
  operation: string;
  at: Date;
  customer_firstname: string;
  customer_lastname: string;
  customer_card_number: string | null;
  customer_email: string | null;
  company_id: string;
  customer_uniq_id: number | null;
  user_firstname: string;
  user_lastname: string;
  payment_name: string | null;
  amount: number;
  balance_after: number;
}

/**
 * The operations alone (no join): the index on (account_id, at, seq) reads the period backwards and
 * the newest page stops early; names are searched through the matching accounts' ids.
 */
function historyBase(db: Db, scope: HistoryScope) {
  let query = db
    .selectFrom('customer_operations as op')
    .where('op.account_id', '=', scope.accountId)
    .where('op.at', '>=', scope.start)
    .where('op.at', '<=', scope.end)
    .where('op.company_id', 'in', scope.companyIds);
  if (scope.paymentTypeIds.length > 0) query = query.where('op.payment_type_id', 'in', scope.paymentTypeIds);
  if (scope.userIds.length > 0) query = query.where('op.user_id', 'in', scope.userIds);
  if (scope.amount !== null) query = query.where(sql<boolean>`abs(op.amount) = ${scope.amount}`);
  if (scope.balance !== null) query = query.where(sql<boolean>`abs(op.balance_after) = ${scope.balance}`);
  if (scope.name !== null) {
    const pattern = `%${scope.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // An array computed once (an init plan), not a lookup of the account per operation.
    query = query.where(
      sql<boolean>`op.customer_account_id = any(array(
        select named.id from customer_accounts named
         where named.account_id = ${scope.accountId}
           and (lower(named.firstname || ' ' || named.lastname) like ${pattern}
             or lower(named.lastname || ' ' || named.firstname) like ${pattern})))`,
    );
  }
  return query;
}

/** How many operations match. */
export async function countHistory(db: Db, scope: HistoryScope): Promise<number> {
  const row = await historyBase(db, scope)
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The matching operations, newest first; `limit` rows from `offset`. Names joined on the page only. */
export async function historyRows(
  db: Db,
  scope: HistoryScope,
  page: { limit: number; offset?: number },
): Promise<HistoryDbRow[]> {
  // PGlite keeps no planner statistics: it would read the whole period and sort it; without bitmap
  // scans it reads the index backwards and stops at the page.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_bitmapscan = off`.execute(trx);
    return pageRows(trx, scope, page);
  });
}

async function pageRows(
  db: Db,
  scope: HistoryScope,
  page: { limit: number; offset?: number },
): Promise<HistoryDbRow[]> {
  const rows = await db
    .with(
      (cte) => cte('page').materialized(),
      () =>
        historyBase(db, scope)
          .select([
            'op.id',
            'op.company_id',
            'op.customer_account_id',
            'op.operation',
            'op.at',
            'op.seq',
            'op.user_firstname',
            'op.user_lastname',
            'op.payment_name',
            'op.amount',
            'op.balance_after',
          ])
          .orderBy('op.at', 'desc')
          .orderBy('op.seq', 'desc')
          .limit(page.limit)
          .offset(page.offset ?? 0),
    )
    .selectFrom('page')
    .innerJoin('customer_accounts as ca', 'ca.id', 'page.customer_account_id')
    .innerJoin('companies as c', 'c.id', 'page.company_id')
    .leftJoin('customer_account_companies as cac', (join) =>
      join.onRef('cac.customer_account_id', '=', 'ca.id').onRef('cac.company_id', '=', 'page.company_id'),
    )
    .where('ca.account_id', '=', scope.accountId)
    .select([
      'page.id',
      'c.company_name',
      'page.operation',
      'page.at',
      'ca.firstname as customer_firstname',
      'ca.lastname as customer_lastname',
      'ca.card_number as customer_card_number',
      'ca.email as customer_email',
      'page.company_id',
      'cac.uniq_id_customer as customer_uniq_id',
      'page.user_firstname',
      'page.user_lastname',
      'page.payment_name',
      'page.amount',
      'page.balance_after',
    ])
    .orderBy('page.at', 'desc')
    .orderBy('page.seq', 'desc')
    .execute();
  return rows as HistoryDbRow[];
}

/** Every matching operation, newest first, a page at a time (the export). */
export async function* historyBatches(
  db: Db,
  scope: HistoryScope,
  size = 5000,
): AsyncGenerator<HistoryDbRow[]> {
  for (let offset = 0; ; offset += size) {
    const rows = await historyRows(db, scope, { limit: size, offset });
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
  }
}

/** An account of the all-customers export: contact fields, balance, establishments, period sums. */
export interface AllCustomersDbRow {
  id: string;
  type: number;
  lastname: string;
  firstname: string;
  card_number: string | null;
  email: string | null;
  phone: string | null;
  address_street: string | null;
  address_zipcode: string | null;
  address_city: string | null;
  is_company: boolean;
  company_name: string | null;
  company_siren: string | null;
  company_vat: string | null;
  balance: number;
  establishments: string;
  charges: number;
  payments: number;
  topups: number;
  refunds: number;
  operations: number;
}

/**
 * The caller's accounts linked to a readable establishment (not removed), with the sums of their
 * operations of the period in readable establishments. Balance: the account's last operation.
 */
export async function allCustomersRows(
  db: Db,
  scope: { accountId: string; companyIds: string[]; start: Date; end: Date },
): Promise<AllCustomersDbRow[]> {
  const companies = sql.join(scope.companyIds);
  const { rows } = await sql<AllCustomersDbRow>`
    with listed as (
      select ca.*
        from customer_accounts ca
       where ca.account_id = ${scope.accountId}
         and ca.removed_at is null
         and exists (select 1 from customer_account_companies cac
                      where cac.customer_account_id = ca.id and cac.company_id in (${companies}))
    ),
    period as (
      select op.customer_account_id,
             coalesce(sum(-op.amount) filter (where op.operation = 'charge'), 0)::bigint as charges,
             coalesce(sum(op.amount) filter (where op.operation = 'payment'), 0)::bigint as payments,
             coalesce(sum(op.amount) filter (where op.operation = 'topup'), 0)::bigint as topups,
             coalesce(sum(-op.amount) filter (where op.operation = 'refund'), 0)::bigint as refunds,
             count(*)::int as operations
        from customer_operations op
       where op.account_id = ${scope.accountId}
         and op.company_id in (${companies})
         and op.at >= ${scope.start} and op.at <= ${scope.end}
       group by op.customer_account_id
    )
    select l.id, l.type, l.lastname, l.firstname, l.card_number, l.email, l.phone, l.address_street,
           l.address_zipcode, l.address_city, l.is_company, l.company_name, l.company_siren, l.company_vat,
           coalesce((select op.balance_after from customer_operations op
                      where op.customer_account_id = l.id and op.account_id = ${scope.accountId}
                      order by op.at desc, op.seq desc limit 1), 0)::bigint as balance,
           (select string_agg(c.company_name, ', ' order by c.company_name)
              from customer_account_companies cac join companies c on c.id = cac.company_id
             where cac.customer_account_id = l.id and cac.company_id in (${companies})) as establishments,
           coalesce(p.charges, 0)::bigint as charges, coalesce(p.payments, 0)::bigint as payments,
           coalesce(p.topups, 0)::bigint as topups, coalesce(p.refunds, 0)::bigint as refunds,
           coalesce(p.operations, 0)::int as operations
      from listed l
      left join period p on p.customer_account_id = l.id
     order by lower(l.lastname), lower(l.firstname), l.id`.execute(db);
  return rows;
}

/** An operation of an account with what the allocation and the unpaid-sales sheet need. */
export interface AccountOperationDbRow {
  id: string;
  customer_account_id: string;
  company_id: string;
  at: Date;
  operation: string;
  amount: number;
  order_id: string | null;
  payment_type_id: string | null;
  payment_name: string | null;
  user_firstname: string;
  user_lastname: string;
}

/**
 * The accounts of the caller that have a charge of the period in a readable establishment, with ALL
 * their operations up to now (the allocation needs the whole story), in time order.
 */
export async function operationsOfAccountsCharged(
  db: Db,
  scope: { accountId: string; companyIds: string[]; start: Date; end: Date },
): Promise<AccountOperationDbRow[]> {
  const companies = sql.join(scope.companyIds);
  const { rows } = await sql<AccountOperationDbRow>`
    select op.id, op.customer_account_id, op.company_id, op.at, op.operation, op.amount, op.order_id,
           op.payment_type_id, op.payment_name, op.user_firstname, op.user_lastname
      from customer_operations op
     where op.account_id = ${scope.accountId}
       and op.customer_account_id in (
         select c.customer_account_id from customer_operations c
          where c.account_id = ${scope.accountId}
            and c.company_id in (${companies})
            and c.operation = 'charge'
            and c.at >= ${scope.start} and c.at <= ${scope.end})
     order by op.customer_account_id, op.at, op.seq, op.id`.execute(db);
  return rows;
}

/** Customer names, establishment names and order numbers for the unpaid-sales sheet. */
export async function unpaidSalesLabels(
  db: Db,
  accountId: string,
  ids: { customerIds: string[]; companyIds: string[]; orderIds: string[] },
): Promise<{
  customers: Map<string, { lastname: string; firstname: string }>;
  companies: Map<string, string>;
  orders: Map<string, number>;
}> {
  const [customers, companies, orders] = await Promise.all([
    ids.customerIds.length === 0
      ? []
      : db
          .selectFrom('customer_accounts')
          .select(['id', 'lastname', 'firstname'])
          .where('account_id', '=', accountId)
          .where('id', 'in', ids.customerIds)
          .execute(),
    ids.companyIds.length === 0
      ? []
      : db
          .selectFrom('companies')
          .select(['id', 'company_name'])
          .where('account_id', '=', accountId)
          .where('id', 'in', ids.companyIds)
          .execute(),
    ids.orderIds.length === 0
      ? []
      : db
          .selectFrom('orders')
          .select(['id', 'number'])
          .where('account_id', '=', accountId)
          .where('id', 'in', ids.orderIds)
          .execute(),
  ]);
  return {
    customers: new Map(customers.map((c) => [c.id, { lastname: c.lastname, firstname: c.firstname }])),
    companies: new Map(companies.map((c) => [c.id, c.company_name])),
    orders: new Map(orders.map((o) => [o.id, o.number])),
  };
}
