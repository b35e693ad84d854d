import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { CustomerAccountSortKey, CustomerOptionKey } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { CustomerAccountTable } from '../../db/schema/pos';

/** One account of the list with its establishments and the figures computed from its records. */
export interface CustomerAccountListRow extends Omit<
  Selectable<CustomerAccountTable>,
  'account_id' | 'balance' | 'visits' | 'created_at' | 'updated_at' | 'removed_at'
> {
  companies: { id: string; company_name: string; uniq_id_customer: number }[];
  balance: number;
  visit: number;
  nb_guests: number;
  turnover: number;
  discount: number;
  offered: number;
  order_average: number;
  guest_average: number;
  total: number;
  /** Rows matching the search and filters, before the limit. */
  matching: number;
}

/** What narrows the list, already checked by the service. */
export interface CustomerAccountListScope {
  accountId: string;
  /** The establishments the caller may read: an account shows when linked to one of them. */
  companyIds: string[];
  search: string | null;
  /** The digits of the search when it reads as a phone number: matched against the phones' digit forms. */
  searchDigits: string | null;
  visit: ('none' | '1-10' | '11-50' | '51-100' | 'over100')[];
  balance: ('debit' | 'zero' | 'credit')[];
  info: ('phone' | 'email' | 'neither')[];
  types: number[];
  sort: CustomerAccountSortKey;
  descending: boolean;
  limit: number;
  offset: number;
}

const VISIT_BUCKETS = {
  none: sql`visit = 0`,
  '1-10': sql`visit between 1 and 10`,
  '11-50': sql`visit between 11 and 50`,
  '51-100': sql`visit between 51 and 100`,
  over100: sql`visit > 100`,
} as const;
const BALANCE_FILTERS = {
  debit: sql`balance < 0`,
  zero: sql`balance = 0`,
  credit: sql`balance > 0`,
} as const;
const HAS_PHONE = sql`coalesce(btrim(phone), '') <> ''`;
const HAS_EMAIL = sql`coalesce(btrim(email), '') <> ''`;
const INFO_FILTERS = {
  phone: HAS_PHONE,
  email: HAS_EMAIL,
  neither: sql`not (${HAS_PHONE}) and not (${HAS_EMAIL})`,
} as const;

/** Accented letters of French names and their base letter: text sorts ignore case and accents. */
const ACCENTED = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸŒÆ';
const UNACCENTED = 'aaaaaaceeeeiiiinooooouuuuyyoaaaaaaaceeeeiiiinooooouuuuyyoa';
const folded = (text: RawBuilder<unknown>) => sql`translate(lower(${text}), ${ACCENTED}, ${UNACCENTED})`;
const foldedColumn = (column: string) => folded(sql.ref(column));

/** Text sorts ignore case and accents; several establishments sort as 'ALL'. */
const SORT_EXPRESSIONS: Record<CustomerAccountSortKey, RawBuilder<unknown>> = {
  card_number: foldedColumn('card_number'),
  lastname: foldedColumn('lastname'),
  firstname: foldedColumn('firstname'),
  email: foldedColumn('email'),
  phone: foldedColumn('phone'),
  address: foldedColumn('address_street'),
  customer_company_id: foldedColumn('company_siren'),
  establishment: sql`case when jsonb_array_length(companies) > 1 then 'all' else ${folded(sql`companies->0->>'company_name'`)} end`,
  balance: sql`balance`,
  visit: sql`visit`,
  order_average: sql`order_average`,
  guest_average: sql`guest_average`,
  nb_guests: sql`nb_guests`,
  turnover: sql`turnover`,
  discount: sql`discount`,
  offered: sql`offered`,
  total: sql`total`,
};

function anyOf(conditions: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return conditions.length === 0 ? sql`true` : sql`(${sql.join(conditions, sql` or `)})`;
}

const STATISTIC_SORTS = new Set<CustomerAccountSortKey>([
  'visit',
  'order_average',
  'guest_average',
  'nb_guests',
  'turnover',
  'discount',
  'offered',
  'total',
]);

/**
 * The list in one statement: the accounts linked to a readable establishment, their balance (the
 * `balance_after` of their last signed operation, which ingestion keeps on the account row: summing
 * 240 000 operations on each call cost 300 ms on the bench's 10 000 accounts), the figures of the
 * orders put on them, summed from `customer_account_figures` that ingestion keeps per establishment
 * (readable establishments only), then search, filters, sort and one page. The figures and the
 * establishments are joined to the page's rows only, unless the sort or a filter needs them for
 * every account (the first page of 10 000 accounts went from 99 to a few ms on PGlite).
 */
export async function listCustomerAccounts(db: Db, scope: CustomerAccountListScope) {
  const companies = sql`${scope.companyIds}::uuid[]`;
  const direction = scope.descending ? sql`desc` : sql`asc`;
  const filters = [
    scope.search === null
      ? sql`true`
      : scope.searchDigits === null
        ? sql`strpos(search, ${scope.search}) > 0`
        : sql`(strpos(search, ${scope.search}) > 0 or strpos(search, ${scope.searchDigits}) > 0)`,
    anyOf(scope.visit.map((v) => VISIT_BUCKETS[v])),
    anyOf(scope.balance.map((b) => BALANCE_FILTERS[b])),
    anyOf(scope.info.map((i) => INFO_FILTERS[i])),
    scope.types.length === 0 ? sql`true` : sql`type = any(${scope.types}::smallint[])`,
  ];
  const order = sql`${SORT_EXPRESSIONS[scope.sort]} ${direction} nulls last, ${SORT_EXPRESSIONS.lastname}, ${SORT_EXPRESSIONS.firstname}, id`;
  const isFiguresFirst = scope.visit.length > 0 || STATISTIC_SORTS.has(scope.sort);
  const isCompaniesFirst = scope.sort === 'establishment';
  const companiesOf = (row: string) => sql`(
      select jsonb_agg(jsonb_build_object('id', c.id, 'company_name', c.company_name,
                                          'uniq_id_customer', cac.uniq_id_customer)
                       order by c.company_name, c.id)
        from customer_account_companies cac
        join companies c on c.id = cac.company_id
       where cac.customer_account_id = ${sql.ref(`${row}.id`)} and cac.company_id = any(${companies}))`;
  const figuresOf = (row: string) => sql`
      left join lateral (
        select sum(f.visit)::bigint as visit, sum(f.nb_guests)::bigint as nb_guests,
               sum(f.turnover)::bigint as turnover, sum(f.discount)::bigint as discount,
               sum(f.offered)::bigint as offered
          from customer_account_figures f
         where f.customer_account_id = ${sql.ref(`${row}.id`)} and f.company_id = any(${companies})
      ) figures on true`;
  const figureColumns = sql`
      coalesce(figures.visit, 0)::bigint as visit,
      coalesce(figures.nb_guests, 0)::bigint as nb_guests,
      coalesce(figures.turnover, 0)::bigint as turnover,
      coalesce(figures.discount, 0)::bigint as discount,
      coalesce(figures.offered, 0)::bigint as offered,
      coalesce(figures.turnover + figures.discount + figures.offered, 0)::bigint as total,
      case when coalesce(figures.visit, 0) = 0 then 0
           else round(figures.turnover::numeric / figures.visit) end::bigint as order_average,
      case when coalesce(figures.nb_guests, 0) = 0 then 0
           else round(figures.turnover::numeric / figures.nb_guests) end::bigint as guest_average`;
  const none = sql``;
  const { rows } = await sql<CustomerAccountListRow>`
    with listed as (
      select ca.id, ca.type, ca.lastname, ca.firstname, ca.card_number, ca.email, ca.phone,
             ca.address_street, ca.address_zipcode, ca.address_city, ca.note, ca.is_company,
             ca.company_name, ca.company_siren, ca.company_vat, ca.search, ca.balance::bigint as balance
             ${isCompaniesFirst ? sql`, ${companiesOf('ca')} as companies` : none}
             ${isFiguresFirst ? sql`, ${figureColumns}` : none}
        from customer_accounts ca
        ${isFiguresFirst ? figuresOf('ca') : none}
       where ca.account_id = ${scope.accountId}
         and ca.removed_at is null
         and ca.id in (select cac.customer_account_id from customer_account_companies cac
                        where cac.company_id = any(${companies}))
    ),
    page as (
      select *, (count(*) over ())::bigint as matching
        from listed
       where ${sql.join(filters, sql` and `)}
       order by ${order}
       limit ${scope.limit} offset ${scope.offset}
    )
    select page.*
           ${isCompaniesFirst ? none : sql`, ${companiesOf('page')} as companies`}
           ${isFiguresFirst ? none : sql`, ${figureColumns}`}
      from page
      ${isFiguresFirst ? none : figuresOf('page')}
     order by ${order}`.execute(db);
  return rows;
}

export function listPosStaff(db: Db, accountId: string, companyIds: string[]) {
  if (companyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pos_staff')
    .select(['id', 'firstname', 'lastname'])
    .where('account_id', '=', accountId)
    .where('company_id', 'in', companyIds)
    .orderBy('lastname')
    .orderBy('firstname')
    .orderBy('id')
    .execute();
}

export function listPaymentTypes(db: Db, accountId: string, companyIds: string[]) {
  if (companyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payment_types')
    .select(['id', 'company_id', 'name'])
    .where('account_id', '=', accountId)
    .where('company_id', 'in', companyIds)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function userIsSwift(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('is_swift').where('id', '=', userId).executeTakeFirst();
  return row?.is_swift ?? false;
}

/** The account-wide values (no establishment) of the given option keys. */
export function listOptions(db: Db, accountId: string, keys: CustomerOptionKey[]) {
  return db
    .selectFrom('customer_account_options')
    .select(['key', 'value'])
    .where('account_id', '=', accountId)
    .where('company_id', 'is', null)
    .where('key', 'in', keys)
    .execute();
}

export async function upsertOption(db: Db, accountId: string, key: CustomerOptionKey, value: string) {
  await db
    .insertInto('customer_account_options')
    .values({ account_id: accountId, company_id: null, key, value, updated_at: new Date() })
    .onConflict((oc) =>
      oc.columns(['account_id', 'company_id', 'key']).doUpdateSet({ value, updated_at: new Date() }),
    )
    .execute();
}

/**
 * The listed accounts still present and linked to a readable establishment, locked until the end of
 * the transaction (ingestion updates the account row with each operation), with their balance.
 */
export async function lockRemovableAccounts(
  db: Db,
  accountId: string,
  companyIds: string[],
  customerIds: string[],
) {
  if (companyIds.length === 0 || customerIds.length === 0) return [];
  const { rows } = await sql<{ id: string; balance: number }>`
    select ca.id,
           coalesce((select sum(op.amount) from customer_operations op
                      where op.account_id = ca.account_id and op.customer_account_id = ca.id), 0)::bigint
             as balance
      from customer_accounts ca
     where ca.account_id = ${accountId}
       and ca.id = any(${customerIds}::uuid[])
       and ca.removed_at is null
       and exists (select 1 from customer_account_companies cac
                    where cac.customer_account_id = ca.id and cac.company_id = any(${companyIds}::uuid[]))
     order by ca.id
       for update of ca`.execute(db);
  return rows;
}

/** Marks the accounts removed; their signed operations stay as the registers recorded them. */
export async function markAccountsRemoved(db: Db, accountId: string, customerIds: string[]) {
  const now = new Date();
  await db
    .updateTable('customer_accounts')
    .set({ removed_at: now, updated_at: now })
    .where('account_id', '=', accountId)
    .where('id', 'in', customerIds)
    .execute();
}
