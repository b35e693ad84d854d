import { sql, type Kysely } from 'kysely';

/**
 * The accounting journal's kept days (issue 17's time budget): the text of each business day's
 * entries, as the FEC or CSV writes it (entry numbers and the validation date left as markers), kept
 * once a preview or an export has computed it, so that the next file of the period streams stored text
 * instead of summing a year of rollups again.
 *
 * A kept day is a memo, never a record: the file is the same byte for byte with or without it. It is
 * used only while what it was computed from is unchanged:
 * - the figures of the day: its row in `accounting_day_versions` (also the list of the days that
 *   hold figures, which the export walks); every statement that writes a source of the day's entries
 *   (the accounting rollups, customer-account operations, services, closures) bumps the day's version
 *   when its transaction commits (statement triggers below, whoever writes); a kept day records the
 *   version it was computed at, read in the same snapshot as its figures, so a change committed at any
 *   time after leaves it unused;
 * - the customer accounts' names and establishment ids, which the entries print: a change bumps the
 *   account's `accounting_name_versions`, part of the kept day's `setup_hash`;
 * - the configuration (accounts, links, keys), the establishment's name, the mode and the format:
 *   hashed into `setup_hash` when the file is written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounting_day_versions')
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('business_day', 'date', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('accounting_day_versions_pk', ['company_id', 'business_day'] as never)
    .execute();
  await db.schema
    .createTable('accounting_name_versions')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('accounting_day_texts')
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('business_day', 'date', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('mode', 'smallint', (c) => c.notNull())
    .addColumn('setup_hash', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('movements', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('accounting_day_texts_pk', [
      'company_id',
      'format',
      'mode',
      'business_day',
    ] as never)
    .execute();

  // The days already holding figures, at version 0 (the triggers below number the changes from 1).
  await sql`insert into accounting_day_versions (company_id, business_day, version)
    select company_id, business_day, 0 from daily_rollups
    union select company_id, business_day, 0 from customer_operations
    union select company_id, business_day, 0 from services
    union select company_id, end_day, 0 from closures
    on conflict do nothing`.execute(db);

  // What a transaction touched is noted as it goes, without a lock: a version row bumped mid-way
  // would be held until the commit, while the same transaction waits for other rows (a customer's
  // balance) that another batch holds and that batch for the version row: a deadlock on PostgreSQL.
  await sql`create table accounting_touches (
      txid bigint not null, company_id uuid, business_day date, account_id uuid)`.execute(db);
  await sql`create index accounting_touches_txid_idx on accounting_touches (txid)`.execute(db);
  await sql`create table accounting_touch_marks (txid bigint primary key)`.execute(db);
  // Applied once per transaction at its commit (a deferred trigger on its one mark), in one order
  // (days, then accounts, sorted): two committing transactions wait for each other, never in a cycle.
  await sql`
    create function accounting_touches_apply() returns trigger language plpgsql as $$
    begin
      insert into accounting_day_versions (company_id, business_day, version)
        select company_id, business_day, 1 from accounting_touches
         where txid = new.txid and business_day is not null
         group by company_id, business_day order by company_id, business_day
        on conflict (company_id, business_day)
        do update set version = accounting_day_versions.version + 1;
      insert into accounting_name_versions (account_id, version)
        select account_id, 1 from accounting_touches
         where txid = new.txid and account_id is not null
         group by account_id order by account_id
        on conflict (account_id) do update set version = accounting_name_versions.version + 1;
      delete from accounting_touches where txid = new.txid;
      delete from accounting_touch_marks where txid = new.txid;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger accounting_touch_marks_apply
    after insert on accounting_touch_marks deferrable initially deferred
    for each row execute function accounting_touches_apply()`.execute(db);
  const mark = sql`insert into accounting_touch_marks values (txid_current()) on conflict do nothing`;

  // One function per day column: the (company, day) pairs a statement touched.
  for (const [fn, dayColumn] of [
    ['accounting_days_touched', 'business_day'],
    ['accounting_closure_days_touched', 'end_day'],
  ] as const) {
    await sql`
      create function ${sql.raw(fn)}() returns trigger language plpgsql as $$
      begin
        insert into accounting_touches (txid, company_id, business_day)
          select distinct txid_current(), company_id, ${sql.raw(dayColumn)} from touched_rows;
        ${mark};
        return null;
      end $$`.execute(db);
  }
  const watched: [table: string, events: ('insert' | 'update' | 'delete')[], fn: string][] = [
    ['daily_rollups', ['insert', 'update', 'delete'], 'accounting_days_touched'],
    ['customer_operations', ['insert'], 'accounting_days_touched'],
    ['services', ['insert'], 'accounting_days_touched'],
    ['closures', ['insert'], 'accounting_closure_days_touched'],
  ];
  for (const [table, events, fn] of watched) {
    for (const event of events) {
      // A statement trigger sees the rows it wrote as a transition table (one per event).
      const rows = event === 'delete' ? sql`old table as touched_rows` : sql`new table as touched_rows`;
      await sql`create trigger ${sql.raw(`${table}_${event}_accounting_days`)}
        after ${sql.raw(event)} on ${sql.table(table)} referencing ${rows}
        for each statement execute function ${sql.raw(fn)}()`.execute(db);
    }
  }

  await sql`
    create function accounting_names_touched() returns trigger language plpgsql as $$
    begin
      insert into accounting_touches (txid, account_id) values (txid_current(), new.account_id);
      ${mark};
      return null;
    end $$`.execute(db);
  await sql`create trigger customer_accounts_accounting_names
    after update on customer_accounts for each row
    when (old.lastname is distinct from new.lastname or old.firstname is distinct from new.firstname
          or old.company_name is distinct from new.company_name)
    execute function accounting_names_touched()`.execute(db);
  await sql`create trigger customer_account_companies_insert_accounting_names
    after insert on customer_account_companies for each row
    execute function accounting_names_touched()`.execute(db);
  await sql`create trigger customer_account_companies_update_accounting_names
    after update on customer_account_companies for each row
    when (old.uniq_id_customer is distinct from new.uniq_id_customer)
    execute function accounting_names_touched()`.execute(db);
}
