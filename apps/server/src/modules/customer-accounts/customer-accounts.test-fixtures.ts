import crypto from 'node:crypto';
import type { Db } from '../../db/database';

/** A customer account written straight into the tables, linked to one establishment. */
export async function insertTestCustomer(
  db: Db,
  customer: {
    accountId: string;
    companyId: string;
    lastname: string;
    firstname?: string;
    cardNumber?: string | null;
    phone?: string | null;
    uniqIdCustomer?: number;
    id?: string;
  },
): Promise<string> {
  const id = customer.id ?? crypto.randomUUID();
  const firstname = customer.firstname ?? 'Test';
  const searchText = [customer.lastname, firstname, customer.phone, customer.cardNumber]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  await db
    .insertInto('customer_accounts')
    .values({
      id,
      account_id: customer.accountId,
      type: 0,
      lastname: customer.lastname,
      firstname,
      card_number: customer.cardNumber ?? null,
      email: null,
      phone: customer.phone ?? null,
      address_street: null,
      address_zipcode: null,
      address_city: null,
      note: null,
      is_company: false,
      company_name: null,
      company_siren: null,
      company_vat: null,
      search: searchText,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
  await db
    .insertInto('customer_account_companies')
    .values({
      customer_account_id: id,
      company_id: customer.companyId,
      account_id: customer.accountId,
      uniq_id_customer: customer.uniqIdCustomer ?? 90_000 + Math.floor(Math.random() * 9_999),
    })
    .execute();
  return id;
}
