import { sql, type Kysely } from 'kysely';

/**
 * The VAT settings keys are checked by their shape, no more by a list each new key had to copy
 * (migrations 029 and 031 did): the application refuses any key outside its list (the contract), the
 * table any name that is not an `account_vat_…` key. Issue 30, part 19 adds
 * `account_vat_exercise_end`, the exercise's closing day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounting_vat_keys drop constraint accounting_vat_keys_key_check`.execute(db);
  await sql`alter table accounting_vat_keys add constraint accounting_vat_keys_key_check
    check (key ~ '^account_vat_[a-z_]+$')`.execute(db);
}
