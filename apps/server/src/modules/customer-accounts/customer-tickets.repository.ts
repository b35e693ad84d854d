import type { Db } from '../../db/database';

/** The operations a ticket may show: a charge is a note, a top-up or a payment is a credit. */
export const TICKET_OPERATIONS = ['charge', 'topup', 'payment'] as const;

export interface TicketOperationRow {
  id: string;
  customer_account_id: string;
  company_id: string;
  business_day: string;
  at: Date;
  operation: string;
  amount: number;
  order_id: string | null;
  payment_name: string | null;
  user_firstname: string;
  user_lastname: string;
  lastname: string;
  firstname: string;
  email: string | null;
}

/**
 * The given operations that are notes or credits of a present customer account of `accountId`, in
 * one of `companyIds`; the others are simply not returned (the service answers 404).
 */
export function findTicketOperations(
  db: Db,
  scope: { accountId: string; companyIds: string[]; operationIds: string[] },
): Promise<TicketOperationRow[]> {
  if (scope.companyIds.length === 0 || scope.operationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customer_operations as op')
    .innerJoin('customer_accounts as ca', 'ca.id', 'op.customer_account_id')
    .select([
      'op.id',
      'op.customer_account_id',
      'op.company_id',
      'op.business_day',
      'op.at',
      'op.operation',
      'op.amount',
      'op.order_id',
      'op.payment_name',
      'op.user_firstname',
      'op.user_lastname',
      'ca.lastname',
      'ca.firstname',
      'ca.email',
    ])
    .where('op.id', 'in', scope.operationIds)
    .where('op.account_id', '=', scope.accountId)
    .where('ca.account_id', '=', scope.accountId)
    .where('ca.removed_at', 'is', null)
    .where('op.company_id', 'in', scope.companyIds)
    .where('op.operation', 'in', [...TICKET_OPERATIONS])
    .orderBy('op.at')
    .orderBy('op.seq')
    .execute();
}

export interface TicketOrderRow {
  id: string;
  number: number;
  closing_date: Date;
  user_firstname: string;
  user_lastname: string;
  amount_total_ivat: number;
}

export interface TicketOrderLineRow {
  order_id: string;
  product_name: string;
  quantity: number;
  price: number;
  vat_rate: string;
  amount_evat: number;
  amount_tax: number;
}

/** The orders the notes name, of the caller's account only, with their lines that were not removed. */
export async function findTicketOrders(
  db: Db,
  accountId: string,
  orderIds: string[],
): Promise<{ orders: TicketOrderRow[]; lines: TicketOrderLineRow[] }> {
  if (orderIds.length === 0) return { orders: [], lines: [] };
  const [orders, lines] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'number', 'closing_date', 'user_firstname', 'user_lastname', 'amount_total_ivat'])
      .where('account_id', '=', accountId)
      .where('id', 'in', orderIds)
      .execute(),
    db
      .selectFrom('order_lines')
      .select(['order_id', 'product_name', 'quantity', 'price', 'vat_rate', 'amount_evat', 'amount_tax'])
      .where('account_id', '=', accountId)
      .where('order_id', 'in', orderIds)
      .where('removed', '=', false)
      .orderBy('order_id')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  return { orders, lines };
}

export interface TicketCompanyRow {
  id: string;
  company_name: string;
  legal_name: string | null;
  siret: string | null;
  vat_number: string | null;
  address_street: string | null;
  address_zipcode: string | null;
  address_city: string | null;
}

export function findTicketCompanies(db: Db, accountId: string, companyIds: string[]) {
  if (companyIds.length === 0) return Promise.resolve([] as TicketCompanyRow[]);
  return db
    .selectFrom('companies')
    .select([
      'id',
      'company_name',
      'legal_name',
      'siret',
      'vat_number',
      'address_street',
      'address_zipcode',
      'address_city',
    ])
    .where('account_id', '=', accountId)
    .where('id', 'in', companyIds)
    .orderBy('company_name')
    .execute();
}

/** The signed-in user's own address: the only sender a ticket mail may name. */
export async function findUserEmail(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}
