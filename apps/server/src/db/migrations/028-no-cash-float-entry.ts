import { sql, type Kysely } from 'kysely';

/**
 * No daily cash-float entry (issue 30, defect 2): a float stays in the drawer from one day to the
 * next, so the export no longer books it every day (D 531000 / C 580000 for the whole float, 325 800 €
 * a year for one brasserie). The proposed chart no longer sets the pair; the configurations that hold
 * the very pair it used to propose lose it, so that no one keeps it by default. A pair chosen by hand
 * stays (the settings screen still shows it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from accounting_vat_keys k
    where k.key in ('account_vat_cashfloat_debit', 'account_vat_cashfloat_credit')
      and exists (select 1 from accounting_vat_keys d
                  where d.company_id = k.company_id and d.key = 'account_vat_cashfloat_debit' and d.value = '531000')
      and exists (select 1 from accounting_vat_keys c
                  where c.company_id = k.company_id and c.key = 'account_vat_cashfloat_credit' and c.value = '580000')`.execute(
    db,
  );
}
