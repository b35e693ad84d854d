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
  is_company: boolean;
  company_name: string | null;
  company_siren: string | null;
  company_vat: string | null;
  address_street: string | null;
  address_zipcode: string | null;
  address_city: string | null;
}

/**
 * The given operations that are notes or credits of a present customer account of `accountId`, in
 * one of `companyIds`; the others are simply not returned (the service answers 404).
 */
export async function findTicketOperations(
  db: Db,
  scope: { accountId: string; companyIds: string[]; operationIds: string[] },
): Promise<TicketOperationRow[]> {
  if (scope.companyIds.length === 0 || scope.operationIds.length === 0) return [];
  // Two lookups by primary key rather than a join: without planner statistics (PGlite) the join
  // scanned the account's every operation against every customer, minutes at 10 000 accounts.
  const operations = await db
    .selectFrom('customer_operations as op')
    .select([
      'op.id',
      'op.customer_account_id',
      'op.company_id',
      'op.business_day',
      'op.at',
      'op.seq',
      'op.operation',
      'op.amount',
      'op.order_id',
      'op.payment_name',
      'op.user_firstname',
      'op.user_lastname',
    ])
    .where('op.id', 'in', scope.operationIds)
    .where('op.account_id', '=', scope.accountId)
    .where('op.company_id', 'in', scope.companyIds)
    .where('op.operation', 'in', [...TICKET_OPERATIONS])
    .execute();
  if (operations.length === 0) return [];
  const customers = await db
    .selectFrom('customer_accounts as ca')
    .select([
      'ca.id',
      'ca.lastname',
      'ca.firstname',
      'ca.email',
      'ca.is_company',
      'ca.company_name',
      'ca.company_siren',
      'ca.company_vat',
      'ca.address_street',
      'ca.address_zipcode',
      'ca.address_city',
    ])
    .where('ca.id', 'in', [...new Set(operations.map((op) => op.customer_account_id))])
    .where('ca.account_id', '=', scope.accountId)
    .where('ca.removed_at', 'is', null)
    .execute();
  const byId = new Map(customers.map((c) => [c.id, c]));
  return operations
    .filter((op) => byId.has(op.customer_account_id))
    .sort((x, y) => x.at.getTime() - y.at.getTime() || x.seq - y.seq)
    .map(({ seq: _seq, ...op }) => {
      const customer = byId.get(op.customer_account_id)!;
      const { id: _id, ...details } = customer;
      return { ...op, ...details };
    });
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
