import { sql, type Kysely } from 'kysely';

/**
 * What the signature check needs to say a defect in words and group it on the errors page: the
 * chain it is on, the service (shift) it belongs to, and its French wording. Client-reported errors
 * (`administration-fiscale/error`) have scope `register`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('signature_check_errors')
    .addColumn('scope', 'text', (c) =>
      c
        .notNull()
        .defaultTo('register')
        .check(sql`scope in ('register', 'server_closure', 'jet', 'archive')`),
    )
    .addColumn('service_id', 'uuid')
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('signature_check_errors_service_idx')
    .on('signature_check_errors')
    .column('service_id')
    .execute();
}
