import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The partner's row (seeded by the partners' migration); null when it is not there. */
export async function findPartner(db: Db, code: string): Promise<{ isAvailable: boolean } | null> {
  const row = await db
    .selectFrom('partners')
    .select('is_available')
    .where('code', '=', code)
    .executeTakeFirst();
  return row ? { isAvailable: row.is_available } : null;
}

/** The partner's customer id for this account: set once the partner has validated the integration. */
export async function findValidatedCustomerId(
  db: Db,
  accountId: string,
  code: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('partner_integrations as i')
    .innerJoin('partners as p', 'p.id', 'i.partner_id')
    .select('i.partner_customer_id')
    .where('i.account_id', '=', accountId)
    .where('p.code', '=', code)
    .where('i.partner_customer_id', 'is not', null)
    .executeTakeFirst();
  return row?.partner_customer_id ?? null;
}

export interface EstablishmentRow {
  company_name: string;
  siret: string | null;
  address_street: string | null;
  address_zipcode: string | null;
  address_city: string | null;
  country_code: string;
}

/** These establishments, by name (ordered the same on every call). */
export async function findEstablishments(db: Db, companyIds: string[]): Promise<EstablishmentRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .selectFrom('companies')
    .select(['company_name', 'siret', 'address_street', 'address_zipcode', 'address_city', 'country_code'])
    .where('id', 'in', companyIds)
    .orderBy('company_name')
    .orderBy('id')
    .execute();
}

/** The account's name and a holder: the caller when a holder, else the first one created. */
export async function findAccountHolder(
  db: Db,
  accountId: string,
  callerId: string,
): Promise<{ accountName: string; firstname: string; lastname: string; email: string } | null> {
  const row = await db
    .selectFrom('accounts as a')
    .innerJoin('users as u', (join) => join.onRef('u.account_id', '=', 'a.id').on('u.role', '=', 'holder'))
    .select(['a.name as accountName', 'u.firstname', 'u.lastname', 'u.email'])
    .where('a.id', '=', accountId)
    .orderBy(sql`u.id = ${callerId}`, 'desc')
    .orderBy('u.created_at')
    .orderBy('u.id')
    .executeTakeFirst();
  return row ?? null;
}
