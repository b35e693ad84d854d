// The data set of the customer-accounts bench (customer-accounts.bench.ts): 10 000 generated accounts and
// their operations, written straight into the tables.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { demoAccounts } from '@comptoir/pos-sim';
import { insertJson } from '../apps/server/src/db/bulk';

const ACCOUNTS = 10_000;
const OPERATIONS_PER_ACCOUNT = 24;

/** Deterministic pseudo-random numbers, so that every run measures the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const LASTNAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
];
const FIRSTNAMES = ['Marie', 'Jean', 'Camille', 'Louis', 'Léa', 'Hugo', 'Manon', 'Jules', 'Chloé', 'Arthur'];

/**
 * 10 000 accounts of the suite account, each linked to one of its establishments (one in ten to
 * all three), with operations over the last year written straight into the tables: the bench
 * measures reads, so the operations carry chain positions far above the registers' own but no
 * signature work. Each charge names its own
 * order, a copy of a demo order of the establishment.
 */
export async function generateAccounts(app: FastifyInstance) {
  const started = performance.now();
  const db = app.database.db;
  const suite = demoAccounts().find((a) => a.key === 'suite')!;
  const companyIds = suite.establishments.map((e) => e.companyId);
  const registers = await db
    .selectFrom('registers')
    .select(['id', 'company_id'])
    .where('company_id', 'in', companyIds)
    .execute();
  const registerOf = new Map(registers.map((r) => [r.company_id, r.id]));
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'company_id', 'user_id', 'user_firstname', 'user_lastname'])
    .where('company_id', 'in', companyIds)
    .execute();
  const ordersOf = new Map(companyIds.map((c) => [c, orders.filter((o) => o.company_id === c)]));
  const next = random(16);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const now = Date.now();
  const accounts = [];
  const links = [];
  const operations = [];
  let seq = 1_000_000_000;
  let busiest = '';
  for (let i = 0; i < ACCOUNTS; i++) {
    const id = crypto.randomUUID();
    const lastname = pick(LASTNAMES);
    const firstname = pick(FIRSTNAMES);
    const type = next() < 0.35 ? 1 : 0;
    const email = next() < 0.6 ? `${firstname}.${lastname}.${i}@example.test`.toLowerCase() : null;
    const phone = next() < 0.5 ? `+33${600_000_000 + i}` : null;
    accounts.push({
      id,
      account_id: suite.accountId,
      type,
      lastname,
      firstname,
      card_number: null,
      email,
      phone,
      address_street: null,
      address_zipcode: null,
      address_city: null,
      note: null,
      is_company: false,
      company_name: null,
      company_siren: null,
      company_vat: null,
      search: [lastname, firstname, email, phone].filter(Boolean).join(' ').toLowerCase(),
      created_at: new Date(now - 400 * 86_400_000),
      updated_at: new Date(now - 400 * 86_400_000),
    });
    const home = companyIds[i % companyIds.length]!;
    for (const companyId of i % 10 === 0 ? companyIds : [home])
      links.push({
        customer_account_id: id,
        company_id: companyId,
        account_id: suite.accountId,
        uniq_id_customer: 100_000 + i,
      });
    if (i === 0) busiest = id;
    const count = i === 0 ? 400 : OPERATIONS_PER_ACCOUNT;
    let balance = 0;
    let visits = 0;
    for (let k = 0; k < count; k++) {
      const at = new Date(now - Math.floor(((count - k) / count) * 360 * 86_400_000));
      const order = pick(ordersOf.get(home)!);
      const charge = k % 3 !== 2 || i === 0;
      if (charge) visits += 1;
      const amount = charge ? -(500 + Math.floor(next() * 4_000)) : Math.max(1_000, -balance);
      balance += amount;
      operations.push({
        id: crypto.randomUUID(),
        account_id: suite.accountId,
        company_id: home,
        register_id: registerOf.get(home)!,
        seq: seq++,
        customer_account_id: id,
        business_day: at.toISOString().slice(0, 10),
        at,
        operation: charge ? 'charge' : 'payment',
        amount,
        balance_after: balance,
        order_id: charge ? crypto.randomUUID() : null,
        payment_type_id: null,
        payment_name: charge ? 'Compte client' : 'Carte bancaire',
        user_id: order.user_id,
        user_firstname: order.user_firstname,
        user_lastname: order.user_lastname,
      });
    }
    Object.assign(accounts[accounts.length - 1]!, { balance, visits });
  }
  await insertJson(db, 'customer_accounts', accounts);
  await insertJson(db, 'customer_account_companies', links);
  await insertJson(db, 'customer_operations', operations);
  // The orders the charges name: copies of a demo order of the establishment, as charged.
  const templates = new Map<string, Record<string, unknown>>();
  for (const companyId of companyIds) {
    const template = await db
      .selectFrom('orders')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('customer_account_id', 'is', null)
      .where('amount_total_ivat', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    templates.set(companyId, template);
  }
  const charged = operations
    .filter((op) => op.order_id !== null)
    .map((op) => ({
      ...templates.get(op.company_id)!,
      id: op.order_id,
      seq: op.seq,
      customer_account_id: op.customer_account_id,
      closing_date: op.at,
      business_day: op.business_day,
    }));
  await insertJson(db, 'orders', charged as never[]);
  await sql`insert into customer_account_figures
    select account_id, company_id, customer_account_id, count(*), sum(covers), sum(amount_total_ivat),
           sum(amount_discount_ivat), sum(amount_offered_ivat)
      from orders where seq >= 1000000000 and customer_account_id is not null
     group by account_id, company_id, customer_account_id`.execute(db);
  return {
    accounts: accounts.length,
    operations: operations.length,
    busiest,
    seconds: (performance.now() - started) / 1000,
  };
}
