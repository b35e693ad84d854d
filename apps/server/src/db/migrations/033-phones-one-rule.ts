import { sql, type Kysely } from 'kysely';
import { customerSearchText, phoneToStore } from '@comptoir/contracts';

interface CustomerRow {
  id: string;
  lastname: string;
  firstname: string;
  email: string | null;
  phone: string | null;
  card_number: string | null;
  company_name: string | null;
  search: string;
}

const BATCH = 500;

/**
 * One rule for every stored phone (issue 31, item 9; spec 3 §3): the customer accounts' phones, as
 * the registers sent them or the portal saved them, and the referrals' become '+', the 2-digit
 * country code, then the national number ('07 49 68 74 40' → '+33749687440'; a text that is no
 * number stays as it is), and the accounts' search text gains the phones' digit forms, so that a
 * search by digits finds them whatever the spacing or prefix typed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (let after = ''; ;) {
    const { rows } = await sql<CustomerRow>`
      select id::text, lastname, firstname, email, phone, card_number, company_name, search
        from customer_accounts where id::text > ${after} order by id::text limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const changed = rows.flatMap((row) => {
      const phone = phoneToStore(row.phone);
      const search = customerSearchText({
        lastname: row.lastname,
        firstname: row.firstname,
        email: row.email,
        phone,
        cardNumber: row.card_number,
        companyName: row.company_name,
      });
      return phone === row.phone && search === row.search
        ? []
        : [sql`(${row.id}::uuid, ${phone}, ${search})`];
    });
    if (changed.length === 0) continue;
    await sql`update customer_accounts c set phone = v.phone, search = v.search
      from (values ${sql.join(changed)}) as v(id, phone, search) where c.id = v.id`.execute(db);
  }
  const { rows: referrals } = await sql<{ id: string; phone: string | null }>`
    select id::text, phone from referrals where phone is not null`.execute(db);
  for (const referral of referrals) {
    const phone = phoneToStore(referral.phone);
    if (phone !== referral.phone)
      await sql`update referrals set phone = ${phone} where id = ${referral.id}::uuid`.execute(db);
  }
}
