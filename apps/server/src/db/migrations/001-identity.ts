import { sql, type Kysely } from 'kysely';

/** Tenancy and identity: accounts, establishments, users and their sessions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('edition', 'text', (c) => c.notNull().check(sql`edition in ('standard', 'suite')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('legal_name', 'text')
    .addColumn('siren', 'text')
    .addColumn('siret', 'text')
    .addColumn('vat_number', 'text')
    .addColumn('naf_code', 'text')
    .addColumn('address_street', 'text')
    .addColumn('address_zipcode', 'text')
    .addColumn('address_city', 'text')
    .addColumn('country_code', 'text', (c) => c.notNull().defaultTo('FR'))
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Europe/Paris'))
    .addColumn('activity', 'text', (c) => c.notNull().defaultTo('restaurant'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('companies_account_idx').on('companies').column('account_id').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.references('accounts.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('holder', 'sub_user', 'staff')`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('fr-FR'))
    .addColumn('has_migrated_email', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_swift', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_uq on users (lower(email))`.execute(db);
  await db.schema.createIndex('users_account_idx').on('users').column('account_id').execute();

  await db.schema
    .createTable('user_groups')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) =>
      c.notNull().check(sql`name in ('comptoir-suite', 'espace_client', 'export_product_lines')`),
    )
    .addPrimaryKeyConstraint('user_groups_pk', ['user_id', 'name'])
    .execute();

  // Which establishments a user may read; a holder reads all of the account's.
  await db.schema
    .createTable('user_companies')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_companies_pk', ['user_id', 'company_id'])
    .execute();

  await db.schema
    .createTable('sub_user_services')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service_name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sub_user_services_pk', ['user_id', 'service_name'])
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('user', 'fiscal', 'view_as')`))
    // The account the session reads: the user's own, or the viewed one for fiscal and view_as sessions.
    .addColumn('account_id', 'uuid', (c) => c.references('accounts.id'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('session_id', 'uuid', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('replaced_by', 'uuid')
    .execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'boolean', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_attempts_email_idx')
    .on('login_attempts')
    .columns(['email', 'at'])
    .execute();
}
