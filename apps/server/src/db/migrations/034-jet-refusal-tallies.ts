import { sql, type Kysely } from 'kysely';

/**
 * Refused requests the journal records (JET 73 register key refused, 43 a fiscal file that fails its
 * check) are journaled once per caller, code, reason and hour (issue 31 item 7): 61 refused
 * enrolments had written 21 signed events. The hour's first refusal is the JET event; this table
 * counts them all, so the journal stays bounded and the count is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jet_refusal_tallies')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    // The user who was refused, or `fiscal:<session>` for an inspector.
    .addColumn('caller', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[0-9]{2,3}$'`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('jet_refusal_tallies_pk', ['account_id', 'caller', 'code', 'reason', 'hour'])
    .execute();
}
