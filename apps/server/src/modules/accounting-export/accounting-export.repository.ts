// Over 400 lines: the figures' two month-at-a-time queries (activeDays, loadDays) are most of it; the rest are small queries of the export's tables.
import { sql } from 'kysely';
import { cashMovementKind } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { AccountingVatKey, BookedHeader, ExportedMovement, ExportRow } from '../../db/schema/backoffice';
import {
  accountingDimensions,
  parseAccountingPaymentKey,
  parseAccountingSaleKey,
  parseAccountingSaleLabel,
} from '../pos/rollups';
import type {
  AccountingSetup,
  AvoirGroup,
  CashGroup,
  DayData,
  PaymentGroup,
  SalesGroup,
} from './fec-entries';

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
      .orderBy('id_account')
      .orderBy('id_table')
      .orderBy('type')
      .orderBy('tax_rate')
      .execute(),
    db
      .selectFrom('accounting_vat_keys')
      .select(['key', 'value'])
      .where('company_id', '=', companyId)
      .orderBy('key')
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

/**
 * The business days of the period that hold orders (their `total` rollup: a handful of rows a day),
 * settlements or a service (ascending); a day whose orders leave nothing gives no entry.
 */
export async function activeDays(
  db: Db,
  companyId: string,
  startDay: string,
  endDay: string,
): Promise<string[]> {
  const rows = await sql<{ day: string }>`
    select distinct business_day::text as day from (
      select business_day from daily_rollups where company_id = ${companyId} and dimension = 'total'
        and business_day between ${startDay} and ${endDay}
      union select business_day from customer_operations where company_id = ${companyId}
        and business_day between ${startDay} and ${endDay} and operation in ('payment', 'topup', 'refund')
      union select business_day from services where company_id = ${companyId}
        and business_day between ${startDay} and ${endDay}
    ) d order by day`.execute(db);
  return rows.rows.map((r) => r.day);
}

/** A customer account's name on its entries: the company's, else first and last name. */
const customerName = (r: {
  lastname: string | null;
  firstname: string | null;
  customer_company: string | null;
}) => r.customer_company?.trim() || `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim() || 'Client';

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
/** Ascending, null last (as SQL orders). */
const byNullableText = (x: string | null, y: string | null) =>
  x === y ? 0 : x === null ? 1 : y === null ? -1 : byText(x, y);

/** A stored accounting rollup: day ('' over the span), dimension, key, label, then the measures. */
type AccountingRollup = [string, string, string, string, number, number, number, number, number];

/**
 * Sales and payments (with their tips) of the days from `firstDay` to `lastDay`, from the
 * accounting rollups kept by ingestion, summed over activity types (and over the span when `byDay`
 * is false): sales by day, VAT rate, category, product and room, payments by day, payment type and
 * customer account. The rows travel as one JSON text (PGlite hands thousands of rows over a
 * hundred times slower) and a month's are summed here; the names of the customer accounts paid on
 * come in one more query.
 */
async function loadAccountingRollups(
  db: Db,
  companyId: string,
  firstDay: string,
  lastDay: string,
  byDay: boolean,
): Promise<{
  sales: { day: string; group: SalesGroup }[];
  payments: { day: string; group: PaymentGroup }[];
  /** The discounts given on whole orders, by day. */
  orderDiscounts: Map<string, number>;
}> {
  const inPeriod = sql`company_id = ${companyId} and dimension = any(${[...accountingDimensions]}::text[])
    and business_day between ${firstDay} and ${lastDay}`;
  const { rows } = await (
    byDay
      ? sql<{ rows: string | null }>`select json_agg(json_build_array(business_day::text, dimension, key,
          label, amount_ivat, amount_evat, amount_tax, discount, offered))::text as rows
        from daily_rollups where ${inPeriod}`
      : sql<{ rows: string | null }>`select json_agg(json_build_array('', dimension, key, label, ivat,
          evat, tax, discount, offered))::text as rows
        from (select dimension, key, max(label) as label, sum(amount_ivat) as ivat,
                     sum(amount_evat) as evat, sum(amount_tax) as tax, sum(discount) as discount,
                     sum(offered) as offered
                from daily_rollups where ${inPeriod} group by dimension, key) span`
  ).execute(db);
  const sales = new Map<string, { day: string; group: SalesGroup; label: string }>();
  const payments = new Map<
    string,
    { day: string; group: PaymentGroup; label: string; customerId: string | null }
  >();
  const orderDiscounts = new Map<string, number>();
  const payment = (day: string, key: string) => {
    let entry = payments.get(`${day}|${key}`);
    if (!entry) {
      const { paymentTypeId, customerAccountId } = parseAccountingPaymentKey(key);
      entry = {
        day,
        group: { paymentTypeId, paymentName: '', customer: null, amount: 0, tip: 0 },
        label: '',
        customerId: customerAccountId,
      };
      payments.set(`${day}|${key}`, entry);
    }
    return entry;
  };
  const stored = JSON.parse(rows[0]?.rows ?? '[]') as AccountingRollup[];
  for (const [day, dimension, key, label, ivat, evat, tax, discount, offered] of stored) {
    if (dimension === 'accounting_sale') {
      let entry = sales.get(`${day}|${key}`);
      if (!entry) {
        const { vatRateBp, productId, categoryId, roomId } = parseAccountingSaleKey(key);
        entry = {
          day,
          group: {
            rateBp: vatRateBp,
            productId,
            productName: '',
            categoryId,
            categoryName: '',
            roomId,
            evat: 0,
            tax: 0,
            discount: 0,
            offered: 0,
          },
          label: '',
        };
        sales.set(`${day}|${key}`, entry);
      }
      if (label > entry.label) entry.label = label;
      entry.group.evat += evat;
      entry.group.tax += tax;
      entry.group.discount += discount;
      entry.group.offered += offered;
    } else if (dimension === 'accounting_payment') {
      const entry = payment(day, key);
      if (label > entry.label) entry.label = label;
      entry.group.amount += ivat;
    } else if (dimension === 'accounting_tip') {
      payment(day, key).group.tip += ivat;
    } else if (dimension === 'accounting_discount') {
      orderDiscounts.set(day, (orderDiscounts.get(day) ?? 0) + ivat);
    }
  }
  for (const { group, label } of sales.values()) Object.assign(group, parseAccountingSaleLabel(label));
  const customerIds = new Set<string>();
  for (const entry of payments.values()) {
    entry.group.paymentName = entry.label;
    if (entry.customerId) customerIds.add(entry.customerId);
  }
  const customers =
    customerIds.size === 0
      ? []
      : await db
          .selectFrom('customer_accounts as c')
          .leftJoin('customer_account_companies as cc', (join) =>
            join.onRef('cc.customer_account_id', '=', 'c.id').on('cc.company_id', '=', companyId),
          )
          .select([
            'c.id',
            'c.lastname',
            'c.firstname',
            'c.company_name as customer_company',
            'cc.uniq_id_customer',
          ])
          .where('c.id', 'in', [...customerIds])
          .execute();
  const customerById = new Map(customers.map((c) => [c.id, c]));
  for (const { group, customerId } of payments.values()) {
    if (!customerId) continue;
    const c = customerById.get(customerId);
    group.customer = {
      id: customerId,
      uniqId: c?.uniq_id_customer ?? null,
      name: customerName(c ?? { lastname: null, firstname: null, customer_company: null }),
    };
  }
  return {
    sales: [...sales.values()]
      .sort(
        (x, y) =>
          byText(x.day, y.day) ||
          x.group.rateBp - y.group.rateBp ||
          byText(x.group.categoryId, y.group.categoryId) ||
          byText(x.group.productId, y.group.productId) ||
          byNullableText(x.group.roomId, y.group.roomId),
      )
      .map(({ day, group }) => ({ day, group })),
    payments: [...payments.values()]
      .sort(
        (x, y) =>
          byText(x.day, y.day) ||
          byText(x.group.paymentTypeId, y.group.paymentTypeId) ||
          byNullableText(x.customerId, y.customerId),
      )
      .map(({ day, group }) => ({ day, group })),
    orderDiscounts,
  };
}

/**
 * The figures of the business days from `firstDay` to `lastDay` of an establishment, summed by SQL
 * per day (a handful of rows each), days without figures left out; `byDay` false sums the whole
 * span into one (the exportability check, dated `firstDay`). Without their closure numbers, which
 * the service gives them (`dailyClosureNumbers`).
 */
export async function loadDays(
  db: Db,
  companyId: string,
  firstDay: string,
  lastDay: string,
  byDay = true,
): Promise<DayData[]> {
  const [{ sales, payments, orderDiscounts }, settlements, services, avoirs, cash] = await Promise.all([
    loadAccountingRollups(db, companyId, firstDay, lastDay, byDay),
    loadCustomerOperations(db, companyId, firstDay, lastDay, byDay),
    // Each service's float and its change since the register's service before it (the first
    // service of a register: its whole float, which came into the drawer then).
    sql<{ day: string; cash_float: string; float_change: string }>`
      select ${byDay ? sql`s.business_day::text` : sql`''`} as day, sum(s.cash_float)::text as cash_float,
             sum(s.cash_float - coalesce(s.previous_float, 0))::text as float_change
        from (select business_day, cash_float,
                     lag(cash_float) over (partition by register_id order by opening_date, id) as previous_float
                from services where company_id = ${companyId} and business_day <= ${lastDay}) s
       where s.business_day >= ${firstDay}
       group by 1`
      .execute(db)
      .then((result) => result.rows),
    loadAvoirs(db, companyId, firstDay, lastDay, byDay),
    loadCash(db, companyId, firstDay, lastDay, byDay),
  ]);
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
  for (const { day, group } of sales) dayData(day).sales.push(group);
  for (const { day, group } of payments) dayData(day).payments.push(group);
  for (const op of settlements) {
    const customer = { id: op.customer_account_id, uniqId: op.uniq_id ?? null, name: customerName(op) };
    if (op.charge) {
      const prepaid = -Number(op.prepaid);
      if (prepaid !== 0) (dayData(op.day).prepaidUse ??= []).push({ customer, amount: prepaid });
      continue;
    }
    dayData(op.day).settlements.push({
      paymentTypeId: op.payment_type_id,
      paymentName: op.payment_name ?? '',
      customer,
      amount: Number(op.amount),
      prepaid: Number(op.prepaid),
    });
  }
  for (const service of services) {
    dayData(service.day).cashFloat = Number(service.cash_float ?? 0);
    const change = Number(service.float_change ?? 0);
    if (change !== 0) dayData(service.day).floatChange = change;
  }
  for (const { day, group } of avoirs) (dayData(day).avoirs ??= []).push(group);
  for (const { day, group } of cash) (dayData(day).cash ??= []).push(group);
  for (const [day, amount] of orderDiscounts) dayData(day).orderDiscount = amount;
  return [...days.values()].sort((x, y) => (x.day < y.day ? -1 : x.day > y.day ? 1 : 0));
}

/**
 * The customer-account operations of the days, per day, customer and payment type (charges apart),
 * each with the part of it that moved the customer's credit (issue 30, part 22): a customer's
 * operations in the establishment, in time order from its first, keep a running balance; what an
 * operation changes in the credit side of that balance (money held for the customer) is booked on
 * the prepaid account (4191), the rest on the receivable (411). A top-up of an account that owes
 * nothing is all credit; a charge to an account holding credit consumes it first.
 */
async function loadCustomerOperations(
  db: Db,
  companyId: string,
  firstDay: string,
  lastDay: string,
  byDay: boolean,
) {
  const result = await sql<{
    day: string;
    customer_account_id: string;
    payment_type_id: string | null;
    charge: boolean;
    payment_name: string | null;
    lastname: string | null;
    firstname: string | null;
    customer_company: string | null;
    uniq_id: number | null;
    amount: string;
    prepaid: string;
  }>`
    with running as (
      select business_day, customer_account_id, payment_type_id, payment_name, operation, amount,
             sum(amount) over (partition by customer_account_id order by at, id) as after
        from customer_operations
       where company_id = ${companyId} and business_day <= ${lastDay}
    )
    select ${byDay ? sql`r.business_day::text` : sql`''`} as day, r.customer_account_id,
           case when r.operation = 'charge' then null else r.payment_type_id end as payment_type_id,
           r.operation = 'charge' as charge,
           max(r.payment_name) as payment_name, max(c.lastname) as lastname, max(c.firstname) as firstname,
           max(c.company_name) as customer_company, max(cc.uniq_id_customer) as uniq_id,
           sum(r.amount)::text as amount,
           sum(greatest(r.after, 0) - greatest(r.after - r.amount, 0))::text as prepaid
      from running r
      join customer_accounts c on c.id = r.customer_account_id
      left join customer_account_companies cc
        on cc.customer_account_id = r.customer_account_id and cc.company_id = ${companyId}
     where r.business_day >= ${firstDay}
       and r.operation in ('charge', 'payment', 'topup', 'refund')
     group by 1, 2, 3, 4
     order by 1, 2, 3`.execute(db);
  return result.rows;
}

/**
 * The avoirs (credit notes) issued on the days (issue 30, defect 4), each split over the VAT rates of
 * the sale it was issued against in proportion to that sale's lines (the last rate takes the
 * remaining cents), without rate when it was issued against no sale; with the customer when known.
 */
async function loadAvoirs(
  db: Db,
  companyId: string,
  firstDay: string,
  lastDay: string,
  byDay: boolean,
): Promise<{ day: string; group: AvoirGroup }[]> {
  const rows = await db
    .selectFrom('credits as cr')
    .leftJoin('order_lines as ol', (join) =>
      join.onRef('ol.order_id', '=', 'cr.order_id').on('ol.removed', '=', false),
    )
    .leftJoin('payment_types as pt', 'pt.id', 'cr.payment_type_id')
    .leftJoin('customer_accounts as c', 'c.id', 'cr.customer_account_id')
    .leftJoin('customer_account_companies as cc', (join) =>
      join.onRef('cc.customer_account_id', '=', 'cr.customer_account_id').on('cc.company_id', '=', companyId),
    )
    .select((eb) => [
      sql<string>`cr.business_day::text`.as('day'),
      'cr.id',
      'cr.amount',
      'cr.payment_type_id',
      'cr.customer_account_id',
      eb.fn.max('pt.name').as('payment_name'),
      eb.fn.max('c.lastname').as('lastname'),
      eb.fn.max('c.firstname').as('firstname'),
      eb.fn.max('c.company_name').as('customer_company'),
      eb.fn.max('cc.uniq_id_customer').as('uniq_id'),
      sql<string | null>`ol.vat_rate::text`.as('vat_rate'),
      eb.fn.sum<string>('ol.price').as('ivat'),
    ])
    .where('cr.company_id', '=', companyId)
    .where('cr.business_day', '>=', firstDay)
    .where('cr.business_day', '<=', lastDay)
    .groupBy([
      'cr.business_day',
      'cr.id',
      'cr.amount',
      'cr.payment_type_id',
      'cr.customer_account_id',
      'ol.vat_rate',
    ])
    .orderBy('cr.business_day')
    .orderBy('cr.id')
    .orderBy('ol.vat_rate')
    .execute();
  const byCredit = new Map<string, typeof rows>();
  for (const row of rows) byCredit.set(row.id, [...(byCredit.get(row.id) ?? []), row]);
  const groups: { day: string; group: AvoirGroup }[] = [];
  for (const parts of byCredit.values()) {
    const first = parts[0]!;
    const customer = first.customer_account_id
      ? { id: first.customer_account_id, uniqId: first.uniq_id ?? null, name: customerName(first) }
      : null;
    const rated = parts.filter((p) => p.vat_rate !== null && Number(p.ivat ?? 0) > 0);
    const total = rated.reduce((sum, p) => sum + Number(p.ivat), 0);
    let left = first.amount;
    const shares =
      rated.length === 0
        ? [{ rateBp: null, amount: left }]
        : rated.map((p, i) => {
            const amount =
              i === rated.length - 1 ? left : Math.round((first.amount * Number(p.ivat)) / total);
            left -= amount;
            return { rateBp: rateBp(p.vat_rate!), amount };
          });
    for (const share of shares) {
      groups.push({
        day: byDay ? first.day : '',
        group: {
          paymentTypeId: first.payment_type_id,
          paymentName: first.payment_name ?? 'Avoir',
          customer,
          rateBp: share.rateBp,
          amount: share.amount,
        },
      });
    }
  }
  return groups;
}

/**
 * The cash journal's flows of the days (issue 30, defect 6): the registers' cash movements by kind
 * (`cashMovementKind`) and payment type, and the counting variances of the day's services (counted
 * less expected cash) on the establishment's cash payment type.
 */
async function loadCash(
  db: Db,
  companyId: string,
  firstDay: string,
  lastDay: string,
  byDay: boolean,
): Promise<{ day: string; group: CashGroup }[]> {
  const dayOf = (column: string) => (byDay ? sql<string>`${sql.ref(column)}::text` : sql<string>`''`);
  const [movements, variances, cashType] = await Promise.all([
    db
      .selectFrom('cash_movements as m')
      .leftJoin('payment_types as pt', 'pt.id', 'm.payment_type_id')
      .select((eb) => [
        dayOf('m.business_day').as('day'),
        'm.payment_type_id',
        eb.fn.max('pt.name').as('payment_name'),
        'm.notice',
        sql<boolean>`m.amount > 0`.as('is_in'),
        eb.fn.sum<string>('m.amount').as('amount'),
      ])
      .where('m.company_id', '=', companyId)
      .where('m.business_day', '>=', firstDay)
      .where('m.business_day', '<=', lastDay)
      .groupBy([sql`1`, 'm.payment_type_id', 'm.notice', sql`m.amount > 0`])
      .orderBy(sql`1`)
      .execute(),
    db
      .selectFrom('services')
      .select((eb) => [
        dayOf('business_day').as('day'),
        eb.fn.sum<string>(sql`counted_cash - expected_cash`).as('variance'),
      ])
      .where('company_id', '=', companyId)
      .where('business_day', '>=', firstDay)
      .where('business_day', '<=', lastDay)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('payment_types')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('is_cash', '=', true)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const groups = new Map<string, { day: string; group: CashGroup }>();
  const groupOf = (day: string, paymentTypeId: string, paymentName: string) => {
    const key = `${day}|${paymentTypeId}`;
    let found = groups.get(key);
    if (!found) {
      found = {
        day,
        group: { paymentTypeId, paymentName, deposits: 0, cashIn: 0, expenses: 0, variance: 0 },
      };
      groups.set(key, found);
    }
    return found.group;
  };
  for (const m of movements) {
    const paymentTypeId = m.payment_type_id ?? cashType?.id;
    if (!paymentTypeId) continue;
    const group = groupOf(m.day, paymentTypeId, m.payment_name ?? cashType?.name ?? 'Espèces');
    const amount = Number(m.amount);
    const kind = cashMovementKind(amount, m.notice);
    if (kind === 'cashIn') group.cashIn += amount;
    else if (kind === 'deposit') group.deposits -= amount;
    else group.expenses -= amount;
  }
  for (const v of variances) {
    const variance = Number(v.variance ?? 0);
    if (variance !== 0 && cashType) groupOf(v.day, cashType.id, cashType.name).variance += variance;
  }
  return [...groups.values()].sort(
    (x, y) => byText(x.day, y.day) || byText(x.group.paymentTypeId, y.group.paymentTypeId),
  );
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

/**
 * The number of the establishment's next accounting export (1, 2, …), in the caller's transaction:
 * a lock per establishment, held to its end, keeps two requests from taking the same number.
 */
export async function nextExportNumber(trx: Db, accountId: string, companyId: string): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtext(${`accounting-export ${companyId}`}))`.execute(trx);
  const row = await trx
    .selectFrom('exports')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('account_id', '=', accountId)
    .where('kind', 'in', [...ACCOUNTING_EXPORT_KINDS])
    .where(sql<boolean>`company_ids @> ${JSON.stringify([companyId])}::jsonb`)
    .executeTakeFirstOrThrow();
  return row.n + 1;
}

/**
 * Earlier exports of one kind (FEC or CSV) of the establishment, not failed, whose period overlaps
 * the given one: a CSV is no reason to confirm a FEC, nor the reverse.
 */
export async function overlappingExports(
  db: Db,
  accountId: string,
  companyId: string,
  kind: (typeof ACCOUNTING_EXPORT_KINDS)[number],
  start: Date,
  end: Date,
): Promise<{ id: string }[]> {
  return db
    .selectFrom('exports')
    .select('id')
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('status', 'in', ['queued', 'running', 'done'])
    .where(sql<boolean>`company_ids @> ${JSON.stringify([companyId])}::jsonb`)
    .where('period_start', '<=', end)
    .where('period_end', '>=', start)
    .execute();
}

/**
 * The first of the days the latest FEC export of the establishment (the one reaching furthest) left
 * open, when it is before `beforeDay`: the next FEC export takes them (issue 30, defect 7).
 */
export async function leftOpenBefore(
  db: Db,
  accountId: string,
  companyId: string,
  beforeDay: string,
): Promise<string | null> {
  const latest = await db
    .selectFrom('exports')
    .select(sql<string | null>`params->>'openFrom'`.as('open_from'))
    .where('account_id', '=', accountId)
    .where('kind', '=', 'fec')
    .where('status', 'in', ['queued', 'running', 'done'])
    .where(sql<boolean>`company_ids @> ${JSON.stringify([companyId])}::jsonb`)
    .orderBy('period_end', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const openFrom = latest?.open_from ?? null;
  return openFrom && openFrom < beforeDay ? openFrom : null;
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

/** What one FEC export booked for a day: its entries' movements, first number and header. */
export interface BookedDay {
  firstNum: number | null;
  header: BookedHeader | null;
  movements: ExportedMovement[];
}

/**
 * What the finished FEC exports of the establishment booked for the days from `firstDay` to
 * `lastDay`: each day's bookings in the order of their numbers (CSV exports book nothing).
 */
export async function bookedDays(
  db: Db,
  companyId: string,
  firstDay: string,
  lastDay: string,
): Promise<Map<string, BookedDay[]>> {
  const rows = await db
    .selectFrom('accounting_exported_days as d')
    .innerJoin('exports as e', 'e.id', 'd.export_id')
    .select([sql<string>`d.business_day::text`.as('day'), 'd.movements', 'd.first_num', 'd.header'])
    .where('d.company_id', '=', companyId)
    .where('d.business_day', '>=', firstDay)
    .where('d.business_day', '<=', lastDay)
    .where('e.status', '=', 'done')
    .where('e.kind', '=', 'fec')
    .orderBy('d.first_num')
    .orderBy('e.created_at')
    .execute();
  const days = new Map<string, BookedDay[]>();
  const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  for (const row of rows) {
    const booked: BookedDay = {
      firstNum: row.first_num === null ? null : Number(row.first_num),
      header: row.header === null ? null : parsed(row.header),
      movements: parsed(row.movements),
    };
    days.set(row.day, [...(days.get(row.day) ?? []), booked]);
  }
  return days;
}

/** Forgets what an export's earlier attempt recorded (a retried job writes them again). */
export async function clearExportedDays(db: Db, exportId: string): Promise<void> {
  await db.deleteFrom('accounting_exported_days').where('export_id', '=', exportId).execute();
}

/** Records what a FEC export booked for some of its days. */
export async function recordExportedDays(
  db: Db,
  exported: { exportId: string; accountId: string; companyId: string },
  days: ({ day: string } & BookedDay)[],
): Promise<void> {
  if (days.length === 0) return;
  await db
    .insertInto('accounting_exported_days')
    .values(
      days.map((d) => ({
        export_id: exported.exportId,
        account_id: exported.accountId,
        company_id: exported.companyId,
        business_day: d.day,
        movements: JSON.stringify(d.movements),
        first_num: d.firstNum,
        header: d.header === null ? null : JSON.stringify(d.header),
      })),
    )
    .execute();
}

/** The first and last business days finished FEC exports of the establishment booked, if any. */
export async function bookedDayRange(
  db: Db,
  companyId: string,
): Promise<{ first: string; last: string } | null> {
  const row = await db
    .selectFrom('accounting_exported_days as d')
    .innerJoin('exports as e', 'e.id', 'd.export_id')
    .select([
      sql<string | null>`min(d.business_day)::text`.as('first'),
      sql<string | null>`max(d.business_day)::text`.as('last'),
    ])
    .where('d.company_id', '=', companyId)
    .where('e.status', '=', 'done')
    .where('e.kind', '=', 'fec')
    .executeTakeFirst();
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
}

/** How many registers' daily closures (Z) the establishment holds from `firstDay` to `lastDay`. */
export async function countRegisterDailyClosures(
  db: Db,
  companyId: string,
  firstDay: string,
  lastDay: string,
): Promise<number> {
  const row = await db
    .selectFrom('closures')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .where('type', '=', 1)
    .where('end_day', '>=', firstDay)
    .where('end_day', '<=', lastDay)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Per customer account, what its operations in the establishment add up to up to `lastDay` (charges
 * negative, payments, top-ups positive, refunds negative), with its name and establishment id.
 */
export async function customerOperationTotals(db: Db, companyId: string, lastDay: string) {
  const rows = await db
    .selectFrom('customer_operations as op')
    .innerJoin('customer_accounts as c', 'c.id', 'op.customer_account_id')
    .leftJoin('customer_account_companies as cc', (join) =>
      join.onRef('cc.customer_account_id', '=', 'op.customer_account_id').on('cc.company_id', '=', companyId),
    )
    .select((eb) => [
      'op.customer_account_id',
      eb.fn.max('c.lastname').as('lastname'),
      eb.fn.max('c.firstname').as('firstname'),
      eb.fn.max('c.company_name').as('customer_company'),
      eb.fn.max('cc.uniq_id_customer').as('uniq_id'),
      eb.fn.sum<string>('op.amount').as('amount'),
    ])
    .where('op.company_id', '=', companyId)
    .where('op.business_day', '<=', lastDay)
    .groupBy('op.customer_account_id')
    .execute();
  return rows.map((r) => ({
    customer: { id: r.customer_account_id, uniqId: r.uniq_id ?? null, name: customerName(r) },
    amount: Number(r.amount),
  }));
}
