import { sql, type Kysely } from 'kysely';

/**
 * Jobs and mail that recover (issue 33, part 3). A running job holds a lease its worker renews
 * (`lease_expires_at`); a job handed back by a stopped or lost worker waits with `interrupted_at`
 * until a worker takes it again. A mail is tried again with a backoff (`attempts`,
 * `next_attempt_at`, a lease while it is being sent) until it is sent or, after a day, `dead`; a
 * mail whose failure its sender answers at once (`retries` false) is tried once. An export keeps its
 * mail (`mail_id`); support staff get a notification of their own (`staff_only`) when mail dies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('interrupted_at', 'timestamptz')
    .execute();
  // Jobs left running by the release before leases: their worker has gone with it.
  await sql`update jobs set lease_expires_at = now() where status = 'running'`.execute(db);

  await sql`alter table mail_outbox drop constraint mail_outbox_status_check`.execute(db);
  await sql`alter table mail_outbox add constraint mail_outbox_status_check
    check (status in ('stored', 'queued', 'sending', 'sent', 'failed', 'dead'))`.execute(db);
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('retries', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz')
    // Tried until then (a day after it was written, or after support sent it again), then dead.
    .addColumn('retry_until', 'timestamptz')
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('dead_at', 'timestamptz')
    .execute();
  // Rows of the release before: tried once, so counted as such; their failures are not retried.
  await sql`update mail_outbox set attempts = 1, retries = false where status in ('sent', 'failed')`.execute(
    db,
  );
  await sql`update mail_outbox set next_attempt_at = created_at, retry_until = created_at + interval '1 day'
    where status = 'queued'`.execute(db);
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema
    .alterTable('exports')
    .addColumn('mail_id', 'uuid', (c) => c.references('mail_outbox.id'))
    .execute();

  await db.schema
    .alterTable('notifications')
    .addColumn('staff_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}
