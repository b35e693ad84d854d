import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as backfillAccountingRollups } from '../../db/migrations/017-accounting-rollups';
import { buildDemoTestApp, type TestApp } from '../../test-helpers';
import { accountingDimensions } from '../pos/rollups';
import { loadDays } from './accounting-export.repository';

const END_DAY = '2026-03-14';
const FIRST_DAY = '2026-03-13';

let t: TestApp;
let companyIds: string[];
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 2, endDay: END_DAY });
  const companies = await db()
    .selectFrom('order_lines')
    .select('company_id')
    .distinct()
    .orderBy('company_id')
    .execute();
  companyIds = companies.map((c) => c.company_id);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

/** The sales and payments of an establishment summed straight from the order and payment lines. */
async function fromLines(companyId: string, byDay: boolean) {
  const day = byDay ? sql<string>`l.business_day::text` : sql<string>`${FIRST_DAY}::text`;
  const payDay = byDay ? sql<string>`p.business_day::text` : sql<string>`${FIRST_DAY}::text`;
  const sales = await sql<{
    day: string;
    rate_bp: number;
    product_id: string;
    product_name: string;
    category_id: string;
    category_name: string;
    room_id: string | null;
    evat: string;
    tax: string;
    discount: string;
    offered: string;
  }>`select ${day} as day, round(l.vat_rate * 10000)::int as rate_bp, l.product_id::text,
            max(l.product_name) as product_name, l.category_id::text, max(l.category_name) as category_name,
            o.room_id::text, sum(l.amount_evat) as evat, sum(l.amount_tax) as tax,
            sum(l.discount) as discount, sum(l.offered) as offered
       from order_lines l join orders o on o.id = l.order_id
      where l.company_id = ${companyId} and not l.removed
        and l.business_day between ${FIRST_DAY} and ${END_DAY}
      group by 1, l.vat_rate, l.product_id, l.category_id, o.room_id
      order by 1, l.vat_rate, l.category_id, l.product_id, o.room_id`.execute(db());
  const payments = await sql<{
    day: string;
    payment_type_id: string;
    payment_name: string;
    customer_account_id: string | null;
    uniq_id: number | null;
    amount: string;
    tip: string;
  }>`select ${payDay} as day, p.payment_type_id::text, max(p.payment_name) as payment_name,
            p.customer_account_id::text, max(cc.uniq_id_customer) as uniq_id,
            sum(p.amount) as amount, sum(p.tip) as tip
       from payment_lines p
       left join customer_account_companies cc
         on cc.customer_account_id = p.customer_account_id and cc.company_id = ${companyId}
      where p.company_id = ${companyId} and not p.removed
        and p.business_day between ${FIRST_DAY} and ${END_DAY}
      group by 1, p.payment_type_id, p.customer_account_id
      order by 1, p.payment_type_id, p.customer_account_id`.execute(db());
  const orderDay = byDay ? sql<string>`business_day::text` : sql<string>`${FIRST_DAY}::text`;
  const discounts = await sql<{ day: string; amount: string }>`
    select ${orderDay} as day, sum(global_discount) as amount from orders
     where company_id = ${companyId} and global_discount <> 0
       and business_day between ${FIRST_DAY} and ${END_DAY}
     group by 1 order by 1`.execute(db());
  return {
    orderDiscounts: discounts.rows.map((d) => [d.day, Number(d.amount)]),
    sales: sales.rows.map((s) => [
      s.day,
      s.rate_bp,
      s.product_id,
      s.product_name,
      s.category_id,
      s.category_name,
      s.room_id,
      Number(s.evat),
      Number(s.tax),
      Number(s.discount),
      Number(s.offered),
    ]),
    payments: payments.rows.map((p) => [
      p.day,
      p.payment_type_id,
      p.payment_name,
      p.customer_account_id,
      p.customer_account_id ? (p.uniq_id ?? null) : null,
      Number(p.amount),
      Number(p.tip),
    ]),
  };
}

/** The same figures as `loadDays` reads them from the rollups. */
async function fromRollups(companyId: string, byDay: boolean) {
  const days = await loadDays(db(), companyId, FIRST_DAY, END_DAY, byDay);
  return {
    orderDiscounts: days.filter((d) => d.orderDiscount).map((d) => [d.day, d.orderDiscount]),
    sales: days.flatMap((d) =>
      d.sales.map((s) => [
        d.day,
        s.rateBp,
        s.productId,
        s.productName,
        s.categoryId,
        s.categoryName,
        s.roomId,
        s.evat,
        s.tax,
        s.discount,
        s.offered,
      ]),
    ),
    payments: days.flatMap((d) =>
      d.payments.map((p) => [
        d.day,
        p.paymentTypeId,
        p.paymentName,
        p.customer?.id ?? null,
        p.customer?.uniqId ?? null,
        p.amount,
        p.tip,
      ]),
    ),
  };
}

async function accountingRows() {
  return db()
    .selectFrom('daily_rollups')
    .selectAll()
    .where('dimension', 'in', [...accountingDimensions])
    .orderBy('company_id')
    .orderBy('dimension')
    .orderBy('business_day')
    .orderBy('activity_type')
    .orderBy('key')
    .execute();
}

describe('accounting rollups', () => {
  it('give loadDays the sums of the order and payment lines, per day and over the span', async () => {
    expect(companyIds.length).toBeGreaterThan(1);
    let customerPayments = 0;
    let tips = 0;
    for (const companyId of companyIds) {
      for (const byDay of [true, false]) {
        const expected = await fromLines(companyId, byDay);
        expect(expected.sales.length).toBeGreaterThan(0);
        expect(await fromRollups(companyId, byDay)).toEqual(expected);
        customerPayments += expected.payments.filter((p) => p[3] !== null).length;
        tips += expected.payments.filter((p) => p[6] !== 0).length;
      }
    }
    // The demo pays on customer accounts and leaves tips: both paths are compared above.
    expect(customerPayments).toBeGreaterThan(0);
    expect(tips).toBeGreaterThan(0);
  });

  it('are rebuilt by migration 017 from the stored lines exactly as ingestion wrote them', async () => {
    const ingested = await accountingRows();
    expect(new Set(ingested.map((r) => r.dimension))).toEqual(new Set(accountingDimensions));
    await db()
      .deleteFrom('daily_rollups')
      .where('dimension', 'in', [...accountingDimensions])
      .execute();
    expect(await accountingRows()).toEqual([]);
    await backfillAccountingRollups(db() as never);
    expect(await accountingRows()).toEqual(ingested);
    // Run again on rows already there: nothing changes.
    await backfillAccountingRollups(db() as never);
    expect(await accountingRows()).toEqual(ingested);
  });
});
