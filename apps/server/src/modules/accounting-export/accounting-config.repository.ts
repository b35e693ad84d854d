import { sql } from 'kysely';
import type { AccountingAccountType, AccountingVatKey } from '@comptoir/contracts';
import type { Db } from '../../db/database';

/** The establishment a configuration call is about, inside the caller's account. */
export interface CompanyScope {
  accountId: string;
  companyId: string;
}

export function listAccounts(db: Db, scope: CompanyScope) {
  return db
    .selectFrom('accounting_accounts')
    .select([
      'id',
      'company_id',
      'type',
      'account_number',
      'label',
      'analytics',
      'all_floors',
      'floors',
      'table_id',
    ])
    .where('account_id', '=', scope.accountId)
    .where('company_id', '=', scope.companyId)
    .orderBy('type')
    .orderBy('account_number')
    .orderBy('id')
    .execute();
}
export type AccountingAccountRow = Awaited<ReturnType<typeof listAccounts>>[number];

export function findAccount(db: Db, scope: CompanyScope, id: string) {
  return db
    .selectFrom('accounting_accounts')
    .select([
      'id',
      'company_id',
      'type',
      'account_number',
      'label',
      'analytics',
      'all_floors',
      'floors',
      'table_id',
    ])
    .where('account_id', '=', scope.accountId)
    .where('company_id', '=', scope.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listLinks(db: Db, scope: CompanyScope) {
  return db
    .selectFrom('accounting_links')
    .select(['id', 'id_account', 'id_table', 'type', 'tax_rates', 'all_tax_rates', 'tax_rate'])
    .where('account_id', '=', scope.accountId)
    .where('company_id', '=', scope.companyId)
    .orderBy('id_account')
    .orderBy('id_table')
    .orderBy('tax_rate')
    .execute();
}
export type AccountingLinkRow = Awaited<ReturnType<typeof listLinks>>[number];

export interface AccountValues {
  type: AccountingAccountType;
  account_number: string;
  label: string;
  analytics: string;
  all_floors: boolean;
  floors: string[];
  table_id: string | null;
}

export async function insertAccount(db: Db, scope: CompanyScope, values: AccountValues): Promise<string> {
  const row = await db
    .insertInto('accounting_accounts')
    .values({
      account_id: scope.accountId,
      company_id: scope.companyId,
      ...values,
      floors: JSON.stringify(values.floors),
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAccount(db: Db, scope: CompanyScope, id: string, values: AccountValues) {
  await db
    .updateTable('accounting_accounts')
    .set({ ...values, floors: JSON.stringify(values.floors), updated_at: new Date() })
    .where('account_id', '=', scope.accountId)
    .where('company_id', '=', scope.companyId)
    .where('id', '=', id)
    .execute();
}

/** Its links go with it (foreign key `on delete cascade`). */
export async function deleteAccount(db: Db, scope: CompanyScope, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('accounting_accounts')
    .where('account_id', '=', scope.accountId)
    .where('company_id', '=', scope.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Another customer-type account of the establishment standing for this customer, if any. */
export function findCustomerAccountLink(
  db: Db,
  scope: CompanyScope,
  customerId: string,
  exceptId: string | null,
) {
  let query = db
    .selectFrom('accounting_accounts')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where('company_id', '=', scope.companyId)
    .where('type', '=', 'customer')
    .where('table_id', '=', customerId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** The customer accounts of the establishment (not removed), by name. */
export function listCustomers(db: Db, scope: CompanyScope) {
  return db
    .selectFrom('customer_accounts as ca')
    .innerJoin('customer_account_companies as cac', 'cac.customer_account_id', 'ca.id')
    .select(['ca.id', 'ca.lastname', 'ca.firstname', 'ca.company_name', 'ca.is_company'])
    .where('ca.account_id', '=', scope.accountId)
    .where('cac.company_id', '=', scope.companyId)
    .where('ca.removed_at', 'is', null)
    .orderBy('ca.lastname')
    .orderBy('ca.firstname')
    .orderBy('ca.id')
    .execute();
}

export function listRooms(db: Db, scope: CompanyScope) {
  return db
    .selectFrom('rooms')
    .select(['id', 'name'])
    .where('account_id', '=', scope.accountId)
    .where('company_id', '=', scope.companyId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function listVatRates(db: Db, scope: CompanyScope) {
  return db
    .selectFrom('vat_rates')
    .select(['id', 'label', 'rate', 'rate_bp'])
    .where('account_id', '=', scope.accountId)
    .where('company_id', '=', scope.companyId)
    .orderBy('rate_bp')
    .orderBy('id')
    .execute();
}

export function listCategories(db: Db, scope: CompanyScope) {
  return db
    .selectFrom('product_categories')
    .select(['id', 'name'])
    .where('account_id', '=', scope.accountId)
    .where('company_id', '=', scope.companyId)
    .orderBy('position')
    .orderBy('name')
    .execute();
}

export function listProducts(db: Db, scope: CompanyScope) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'category_id'])
    .where('account_id', '=', scope.accountId)
    .where('company_id', '=', scope.companyId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function listPaymentTypes(db: Db, scope: CompanyScope) {
  return db
    .selectFrom('payment_types')
    .select(['id', 'name', 'code', 'is_cash'])
    .where('account_id', '=', scope.accountId)
    .where('company_id', '=', scope.companyId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export interface LinkValues {
  id_account: string;
  id_table: string;
  type: AccountingAccountType;
  tax_rates: string[];
  all_tax_rates: boolean;
  tax_rate: string | null;
}

/** Replaces the links of the given accounts by `links` (all of the same establishment). */
export async function replaceLinks(db: Db, scope: CompanyScope, accountIds: string[], links: LinkValues[]) {
  if (accountIds.length > 0) {
    await db
      .deleteFrom('accounting_links')
      .where('account_id', '=', scope.accountId)
      .where('company_id', '=', scope.companyId)
      .where('id_account', 'in', accountIds)
      .execute();
  }
  if (links.length === 0) return;
  await db
    .insertInto('accounting_links')
    .values(
      links.map((l) => ({
        account_id: scope.accountId,
        company_id: scope.companyId,
        ...l,
        tax_rates: JSON.stringify(l.tax_rates),
      })),
    )
    .execute();
}

export function listVatKeys(db: Db, scope: CompanyScope) {
  return db
    .selectFrom('accounting_vat_keys')
    .select(['key', 'value'])
    .where('account_id', '=', scope.accountId)
    .where('company_id', '=', scope.companyId)
    .execute();
}

export async function upsertVatKeys(db: Db, scope: CompanyScope, keys: [AccountingVatKey, string][]) {
  if (keys.length === 0) return;
  const now = new Date();
  await db
    .insertInto('accounting_vat_keys')
    .values(
      keys.map(([key, value]) => ({
        account_id: scope.accountId,
        company_id: scope.companyId,
        key,
        value,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['company_id', 'key']).doUpdateSet({
        value: (eb) => eb.ref('excluded.value'),
        updated_at: now,
      }),
    )
    .execute();
}

/** The next entry number; 1 for an establishment that never exported. */
export async function nextEcritureNum(db: Db, scope: CompanyScope): Promise<number> {
  const row = await db
    .selectFrom('accounting_counters')
    .select('ecriture_num')
    .where('account_id', '=', scope.accountId)
    .where('company_id', '=', scope.companyId)
    .executeTakeFirst();
  return row ? Number(row.ecriture_num) : 1;
}

export async function setEcritureNum(db: Db, scope: CompanyScope, value: number) {
  await db
    .insertInto('accounting_counters')
    .values({
      company_id: scope.companyId,
      account_id: scope.accountId,
      ecriture_num: value,
      updated_at: new Date(),
    })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ ecriture_num: value, updated_at: new Date() }))
    .execute();
}

/** The last entry number a recorded accounting export of the establishment gave, if any. */
export async function lastExportedEcritureNum(db: Db, scope: CompanyScope): Promise<number | null> {
  const row = await db
    .selectFrom('exports')
    .select(sql<string | null>`max((params->>'lastEcritureNum')::bigint)`.as('last'))
    .where('account_id', '=', scope.accountId)
    .where('kind', 'in', ['fec', 'accounting_csv'])
    .where(sql<boolean>`company_ids @> ${JSON.stringify([scope.companyId])}::jsonb`)
    .where(sql<boolean>`jsonb_typeof(params->'lastEcritureNum') = 'number'`)
    .executeTakeFirst();
  return row?.last == null ? null : Number(row.last);
}
