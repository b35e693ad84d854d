import { sql, type Kysely } from 'kysely';

/**
 * What each accounting export wrote, per business day: the movements of its entries (kind, account,
 * account label, auxiliary account and name, line label, signed amount in cents). A later export of
 * the same days compares the entries as they are now with the sum of what the finished exports wrote,
 * and writes only the differences as new correction entries: entries never change silently between
 * two exports. The rows of an export count once it is `done` (the job rewrites its own on a retry).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounting_exported_days')
    .addColumn('export_id', 'uuid', (c) => c.notNull().references('exports.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id'))
    .addColumn('business_day', 'date', (c) => c.notNull())
    .addColumn('movements', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('accounting_exported_days_pk', ['export_id', 'business_day'] as never)
    .execute();
  await sql`create index accounting_exported_days_company_idx
    on accounting_exported_days (company_id, business_day)`.execute(db);
}
