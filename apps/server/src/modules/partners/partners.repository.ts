import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { PartnerIntegrationTable } from '../../db/schema/partners';

/** A catalogue partner with the account's integration, if any (left join). */
export interface PartnerWithIntegrationRow {
  category_id: string;
  category_code: string | null;
  category_name: string;
  id: string | null;
  code: string | null;
  name: string | null;
  logo: string | null;
  description: string | null;
  website: string | null;
  with_action: boolean | null;
  key_display: 'copy' | 'read_only' | null;
  integration_id: string | null;
  status: 'waiting' | 'validated' | 'refused' | null;
  key_prefix: string | null;
  key_created_at: Date | null;
  partner_customer_id: string | null;
  refused_reason: string | null;
  status_changed_at: Date | null;
  connexion_token_hash: string | null;
}

/** Every category (empty ones too, one row with null partner) and its partners, in order. */
export async function listCatalogue(db: Db, accountId: string): Promise<PartnerWithIntegrationRow[]> {
  return db
    .selectFrom('partner_categories as c')
    .leftJoin('partners as p', 'p.category_id', 'c.id')
    .leftJoin('partner_integrations as i', (join) =>
      join.onRef('i.partner_id', '=', 'p.id').on('i.account_id', '=', accountId),
    )
    .select([
      'c.id as category_id',
      'c.code as category_code',
      'c.name as category_name',
      'p.id',
      'p.code',
      'p.name',
      'p.logo',
      'p.description',
      'p.website',
      'p.with_action',
      'p.key_display',
      'i.id as integration_id',
      'i.status',
      'i.key_prefix',
      'i.key_created_at',
      'i.partner_customer_id',
      'i.refused_reason',
      'i.status_changed_at',
      'i.connexion_token_hash',
    ])
    .orderBy('c.position')
    .orderBy('c.name')
    .orderBy('p.position')
    .orderBy('p.name')
    .execute();
}

/** One partner with the account's integration; undefined when the partner does not exist. */
export async function findPartner(
  db: Db,
  accountId: string,
  partnerId: string,
): Promise<PartnerWithIntegrationRow | undefined> {
  const rows = await listCatalogue(db, accountId);
  return rows.find((r) => r.id === partnerId);
}

/** The app version each register of the account last reported (its most recent service). */
export async function latestAppVersions(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('services as s')
    .innerJoin('registers as r', 'r.id', 's.register_id')
    .where('s.account_id', '=', accountId)
    .where('r.is_active', '=', true)
    .distinctOn('s.register_id')
    .select(['s.register_id', 's.app_version'])
    .orderBy('s.register_id')
    .orderBy('s.closing_date', 'desc')
    .execute();
  return rows.map((r) => r.app_version);
}

export async function insertActivationToken(
  db: Db,
  row: { token_hash: string; account_id: string; user_id: string; expires_at: Date },
): Promise<void> {
  await db.insertInto('partner_activation_tokens').values(row).execute();
}

/** The account of an unexpired activation token, or undefined. */
export async function findActivationToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ account_id: string } | undefined> {
  return db
    .selectFrom('partner_activation_tokens')
    .select('account_id')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Expired activation tokens are useless: dropped whenever a new one is issued. */
export async function deleteExpiredActivationTokens(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('partner_activation_tokens').where('expires_at', '<=', now).execute();
}

export async function lockIntegration(db: Db, accountId: string, partnerId: string) {
  return db
    .selectFrom('partner_integrations')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('partner_id', '=', partnerId)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertIntegration(db: Db, row: Insertable<PartnerIntegrationTable>): Promise<void> {
  await db.insertInto('partner_integrations').values(row).execute();
}

export async function updateIntegration(
  db: Db,
  id: string,
  changes: Updateable<PartnerIntegrationTable>,
): Promise<void> {
  await db
    .updateTable('partner_integrations')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The integration a partner key (its hash) belongs to, with its partner, locked for the change. */
export async function lockIntegrationByKeyHash(db: Db, keyHash: string) {
  return db
    .selectFrom('partner_integrations as i')
    .innerJoin('partners as p', 'p.id', 'i.partner_id')
    .selectAll('i')
    .select(['p.code as partner_code', 'p.name as partner_name'])
    .where('i.key_hash', '=', keyHash)
    .forUpdate('i')
    .executeTakeFirst();
}

/** The integration a connection token (its hash) belongs to, with the partner and the account's name. */
export async function findByConnexionTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('partner_integrations as i')
    .innerJoin('partners as p', 'p.id', 'i.partner_id')
    .innerJoin('accounts as a', 'a.id', 'i.account_id')
    .select([
      'i.account_id',
      'i.status',
      'i.partner_customer_id',
      'p.code as partner_code',
      'a.name as account_name',
    ])
    .where('i.connexion_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function listEstablishments(db: Db, accountId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'company_name as name'])
    .where('account_id', '=', accountId)
    .orderBy('company_name')
    .execute();
}
