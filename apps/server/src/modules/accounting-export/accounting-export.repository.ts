import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AccountingVatKey, ExportRow } from '../../db/schema/backoffice';
import type { AccountingSetup, DayData } from './fec-entries';

/** The FEC exports' kinds in `exports`. */
export const ACCOUNTING_EXPORT_KINDS = ['fec', 'accounting_csv'] as const;

/** A VAT rate as the order lines hold it (`0.1000`) in basis points (1000). */
export const rateBp = (rate: string | number): number => Math.round(Number(rate) * 10000);

export interface CompanyIdentity {
  id: string;
  accountId: string;
  name: string;
  siren: string | null;
  siret: string | null;
}

export async function findCompany(db: Db, companyId: string): Promise<CompanyIdentity | undefined> {
  const row = await db
    .selectFrom('companies')
    .select(['id', 'account_id', 'company_name', 'siren', 'siret'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      accountId: row.account_id,
      name: row.company_name,
      siren: row.siren,
      siret: row.siret,
    }
  );
}

/** The establishment's accounts, links (VAT links with their rate) and VAT keys. */
export async function loadAccountingSetup(db: Db, companyId: string): Promise<AccountingSetup> {
  const [accounts, links, keys, vatRates] = await Promise.all([
    db
      .selectFrom('accounting_accounts')
      .select(['id', 'type', 'account_number', 'label', 'analytics', 'all_floors', 'floors', 'table_id'])
      .where('company_id', '=', companyId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('accounting_links')
      .select(['id_account', 'id_table', 'type', 'all_tax_rates', 'tax_rate'])
      .where('company_id', '=', companyId)
      .execute(),
    db
      .selectFrom('accounting_vat_keys')
      .select(['key', 'value'])
      .where('company_id', '=', companyId)
      .execute(),
    db.selectFrom('vat_rates').select(['id', 'rate_bp']).where('company_id', '=', companyId).execute(),
  ]);
  const rateOfVatId = new Map(vatRates.map((r) => [r.id, r.rate_bp]));
  return {
    accounts: accounts.map((a) => ({
      id: a.id,
      type: a.type,
      number: a.account_number,
      label: a.label,
      analytics: a.analytics,
      allFloors: a.all_floors,
      floors: a.floors,
      tableId: a.table_id,
    })),
    links: links.map((l) => ({
      accountId: l.id_account,
      itemId: l.id_table,
      type: l.type,
      rateBp:
        l.tax_rate !== null && !l.all_tax_rates
          ? rateBp(l.tax_rate)
          : l.type === 'vat'
            ? (rateOfVatId.get(l.id_table) ?? (l.tax_rate !== null ? rateBp(l.tax_rate) : null))
            : null,
    })),
    keys: Object.fromEntries(keys.map((k) => [k.key, k.value])) as Partial<Record<AccountingVatKey, string>>,
  };
}

/** The business days of the period that hold sales, payments, settlements or a service (ascending). */
export async function activeDays(
  db: Db,
  companyId: string,
  startDay: string,
  endDay: string,
): Promise<string[]> {
  const rows = await sql<{ day: string }>`
    select distinct business_day::text as day from (
      select business_day from order_lines where company_id = ${companyId}
        and business_day between ${startDay} and ${endDay} and not removed
      union select business_day from payment_lines where company_id = ${companyId}
        and business_day between ${startDay} and ${endDay} and not removed
      union select business_day from customer_operations where company_id = ${companyId}
        and business_day between ${startDay} and ${endDay} and operation in ('payment', 'topup', 'refund')
      union select business_day from services where company_id = ${companyId}
        and business_day between ${startDay} and ${endDay}
    ) d order by day`.execute(db);
  return rows.rows.map((r) => r.day);
}

/**
 * The figures of the business days from `firstDay` to `lastDay` of an establishment, summed by SQL
 * per day (a handful of rows each), days without figures left out; `byDay` false sums the whole
 * span into one (the exportability check, dated `firstDay`).
 */
export async function loadDays(
  db: Db,
  companyId: string,
  firstDay: string,
  lastDay: string,
  byDay = true,
): Promise<DayData[]> {
  const dayOf = (column: string) => (byDay ? sql<string>`${sql.ref(column)}::text` : sql<string>`''`);
  const [sales, payments, settlements, services, closures] = await Promise.all([
    db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select((eb) => [
        dayOf('l.business_day').as('day'),
        'l.vat_rate',
        'l.product_id',
        'l.category_id',
        eb.fn.max('l.product_name').as('product_name'),
        eb.fn.max('l.category_name').as('category_name'),
        'o.room_id',
        eb.fn.sum<string>('l.amount_evat').as('evat'),
        eb.fn.sum<string>('l.amount_tax').as('tax'),
        eb.fn.sum<string>('l.discount').as('discount'),
        eb.fn.sum<string>('l.offered').as('offered'),
      ])
      .where('l.company_id', '=', companyId)
      .where('l.business_day', '>=', firstDay)
      .where('l.business_day', '<=', lastDay)
      .where('l.removed', '=', false)
      .groupBy([sql`1`, 'l.vat_rate', 'l.product_id', 'l.category_id', 'o.room_id'])
      .orderBy(sql`1`)
      .orderBy('l.vat_rate')
      .orderBy('l.category_id')
      .orderBy('l.product_id')
      .orderBy('o.room_id')
      .execute(),
    db
      .selectFrom('payment_lines as p')
      .leftJoin('customer_accounts as c', 'c.id', 'p.customer_account_id')
      .leftJoin('customer_account_companies as cc', (join) =>
        join
          .onRef('cc.customer_account_id', '=', 'p.customer_account_id')
          .on('cc.company_id', '=', companyId),
      )
      .select((eb) => [
        dayOf('p.business_day').as('day'),
        'p.payment_type_id',
        eb.fn.max('p.payment_name').as('payment_name'),
        'p.customer_account_id',
        eb.fn.max('c.lastname').as('lastname'),
        eb.fn.max('c.firstname').as('firstname'),
        eb.fn.max('c.company_name').as('customer_company'),
        eb.fn.max('cc.uniq_id_customer').as('uniq_id'),
        eb.fn.sum<string>('p.amount').as('amount'),
        eb.fn.sum<string>('p.tip').as('tip'),
      ])
      .where('p.company_id', '=', companyId)
      .where('p.business_day', '>=', firstDay)
      .where('p.business_day', '<=', lastDay)
      .where('p.removed', '=', false)
      .groupBy([sql`1`, 'p.payment_type_id', 'p.customer_account_id'])
      .orderBy(sql`1`)
      .orderBy('p.payment_type_id')
      .orderBy('p.customer_account_id')
      .execute(),
    db
      .selectFrom('customer_operations as op')
      .innerJoin('customer_accounts as c', 'c.id', 'op.customer_account_id')
      .leftJoin('customer_account_companies as cc', (join) =>
        join
          .onRef('cc.customer_account_id', '=', 'op.customer_account_id')
          .on('cc.company_id', '=', companyId),
      )
      .select((eb) => [
        dayOf('op.business_day').as('day'),
        'op.customer_account_id',
        'op.payment_type_id',
        eb.fn.max('op.payment_name').as('payment_name'),
        eb.fn.max('c.lastname').as('lastname'),
        eb.fn.max('c.firstname').as('firstname'),
        eb.fn.max('c.company_name').as('customer_company'),
        eb.fn.max('cc.uniq_id_customer').as('uniq_id'),
        eb.fn.sum<string>('op.amount').as('amount'),
      ])
      .where('op.company_id', '=', companyId)
      .where('op.business_day', '>=', firstDay)
      .where('op.business_day', '<=', lastDay)
      .where('op.operation', 'in', ['payment', 'topup', 'refund'])
      .groupBy([sql`1`, 'op.customer_account_id', 'op.payment_type_id'])
      .orderBy(sql`1`)
      .orderBy('op.customer_account_id')
      .orderBy('op.payment_type_id')
      .execute(),
    db
      .selectFrom('services')
      .select((eb) => [dayOf('business_day').as('day'), eb.fn.sum<string>('cash_float').as('cash_float')])
      .where('company_id', '=', companyId)
      .where('business_day', '>=', firstDay)
      .where('business_day', '<=', lastDay)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('closures')
      .select(['end_day', 'seq'])
      .where('company_id', '=', companyId)
      .where('type', '=', 1)
      .where('end_day', '>=', firstDay)
      .where('end_day', '<=', lastDay)
      .orderBy('seq')
      .execute(),
  ]);
  const customerName = (r: {
    lastname: string | null;
    firstname: string | null;
    customer_company: string | null;
  }) => r.customer_company?.trim() || `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim() || 'Client';
  const days = new Map<string, DayData>();
  const dayData = (key: string): DayData => {
    let data = days.get(key);
    if (!data) {
      data = {
        day: key || firstDay,
        closureNumber: null,
        cashFloat: 0,
        sales: [],
        payments: [],
        settlements: [],
      };
      days.set(key, data);
    }
    return data;
  };
  for (const s of sales) {
    dayData(s.day).sales.push({
      rateBp: rateBp(s.vat_rate),
      productId: s.product_id,
      productName: s.product_name ?? '',
      categoryId: s.category_id,
      categoryName: s.category_name ?? '',
      roomId: s.room_id,
      evat: Number(s.evat),
      tax: Number(s.tax),
      discount: Number(s.discount),
      offered: Number(s.offered),
    });
  }
  for (const p of payments) {
    dayData(p.day).payments.push({
      paymentTypeId: p.payment_type_id,
      paymentName: p.payment_name ?? '',
      customer: p.customer_account_id
        ? { id: p.customer_account_id, uniqId: p.uniq_id ?? null, name: customerName(p) }
        : null,
      amount: Number(p.amount),
      tip: Number(p.tip),
    });
  }
  for (const op of settlements) {
    dayData(op.day).settlements.push({
      paymentTypeId: op.payment_type_id,
      paymentName: op.payment_name ?? '',
      customer: { id: op.customer_account_id, uniqId: op.uniq_id ?? null, name: customerName(op) },
      amount: Number(op.amount),
    });
  }
  for (const service of services) dayData(service.day).cashFloat = Number(service.cash_float ?? 0);
  if (byDay) {
    for (const closure of closures) {
      const data = days.get(closure.end_day);
      if (data && data.closureNumber === null) data.closureNumber = `Z${closure.seq}`;
    }
  }
  return [...days.values()].sort((x, y) => (x.day < y.day ? -1 : x.day > y.day ? 1 : 0));
}

/** The figures of the whole span summed together (the exportability check). */
export async function loadSpan(
  db: Db,
  companyId: string,
  firstDay: string,
  lastDay: string,
): Promise<DayData> {
  const [span] = await loadDays(db, companyId, firstDay, lastDay, false);
  return (
    span ?? { day: firstDay, closureNumber: null, cashFloat: 0, sales: [], payments: [], settlements: [] }
  );
}

/** The next entry number of the establishment (1 when it has none yet). */
export async function readCounter(db: Db, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('accounting_counters')
    .select('ecriture_num')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row ? Number(row.ecriture_num) : 1;
}

/**
 * Advances the counter from `from` to `to` if it still reads `from` (compare and set, in the caller's
 * transaction); false when another export or an edit moved it meanwhile.
 */
export async function advanceCounter(
  trx: Db,
  company: { id: string; accountId: string },
  from: number,
  to: number,
): Promise<boolean> {
  if (from === 1) {
    await trx
      .insertInto('accounting_counters')
      .values({
        company_id: company.id,
        account_id: company.accountId,
        ecriture_num: 1,
        updated_at: new Date(),
      })
      .onConflict((oc) => oc.column('company_id').doNothing())
      .execute();
  }
  const result = await trx
    .updateTable('accounting_counters')
    .set({ ecriture_num: to, updated_at: new Date() })
    .where('company_id', '=', company.id)
    .where('ecriture_num', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Earlier FEC/CSV exports of the establishment (not failed) whose period overlaps the given one. */
export async function overlappingExports(
  db: Db,
  accountId: string,
  companyId: string,
  start: Date,
  end: Date,
): Promise<{ id: string }[]> {
  return db
    .selectFrom('exports')
    .select('id')
    .where('account_id', '=', accountId)
    .where('kind', 'in', [...ACCOUNTING_EXPORT_KINDS])
    .where('status', 'in', ['queued', 'running', 'done'])
    .where(sql<boolean>`company_ids @> ${JSON.stringify([companyId])}::jsonb`)
    .where('period_start', '<=', end)
    .where('period_end', '>=', start)
    .execute();
}

export async function listAccountingExports(
  db: Db,
  accountId: string,
  companyId: string,
): Promise<ExportRow[]> {
  return db
    .selectFrom('exports')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('kind', 'in', [...ACCOUNTING_EXPORT_KINDS])
    .where(sql<boolean>`company_ids @> ${JSON.stringify([companyId])}::jsonb`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

export async function findAccountingExport(db: Db, exportId: string): Promise<ExportRow | undefined> {
  return db
    .selectFrom('exports')
    .selectAll()
    .where('id', '=', exportId)
    .where('kind', 'in', [...ACCOUNTING_EXPORT_KINDS])
    .executeTakeFirst();
}

export async function requesterNames(db: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'firstname', 'lastname'])
    .where('id', 'in', userIds)
    .execute();
  return new Map(rows.map((u) => [u.id, `${u.firstname} ${u.lastname}`.trim() || u.email]));
}
