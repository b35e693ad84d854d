import { sql, type Kysely } from 'kysely';

/**
 * The accounting export's daily rollups (issue 17), kept by ingestion since (`modules/pos/rollups.ts`):
 * `accounting_sale` per VAT rate, product, category and the order's room, `accounting_payment` and
 * `accounting_tip` per payment type and customer account, `accounting_discount` (key `order`) the
 * discounts given on whole orders. The FEC of a year read a year of order and
 * payment lines; it reads these rows now. Filled here from the lines already stored, with the keys
 * and labels ingestion writes (`accountingSaleKey`, `accountingSaleLabel`, `accountingPaymentKey`):
 * `vat_rate` is a fraction (0.1000), the key holds basis points (1000); `to_json` of a text escapes
 * it as `JSON.stringify` does. Rows already there are left as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into daily_rollups
      (account_id, company_id, business_day, activity_type, dimension, key, label,
       orders, covers, quantity, amount_ivat, amount_evat, amount_tax, discount, offered)
    select l.account_id, l.company_id, l.business_day, o.activity_type, 'accounting_sale',
           round(l.vat_rate * 10000)::int::text || '|' || l.product_id::text || '|' || l.category_id::text
             || '|' || coalesce(o.room_id::text, ''),
           '[' || to_json(max(l.product_name))::text || ',' || to_json(max(l.category_name))::text || ']',
           0, 0, sum(l.quantity), sum(l.price), sum(l.amount_evat), sum(l.amount_tax), sum(l.discount),
           sum(l.offered)
      from order_lines l
      join orders o on o.id = l.order_id
     where not l.removed
     group by l.account_id, l.company_id, l.business_day, o.activity_type, 6
    on conflict do nothing`.execute(db);
  await sql`insert into daily_rollups
      (account_id, company_id, business_day, activity_type, dimension, key, label,
       orders, covers, quantity, amount_ivat, amount_evat, amount_tax, discount, offered)
    select p.account_id, p.company_id, p.business_day, o.activity_type, d.dimension,
           p.payment_type_id::text || '|' || coalesce(p.customer_account_id::text, ''), max(p.payment_name),
           0, 0, 0, sum(case when d.dimension = 'accounting_tip' then p.tip else p.amount end), 0, 0, 0, 0
      from payment_lines p
      join orders o on o.id = p.order_id
      cross join (values ('accounting_payment'), ('accounting_tip')) d (dimension)
     where not p.removed
     group by p.account_id, p.company_id, p.business_day, o.activity_type, d.dimension, 6
    having d.dimension = 'accounting_payment' or bool_or(p.tip <> 0)
    on conflict do nothing`.execute(db);
  await sql`insert into daily_rollups
      (account_id, company_id, business_day, activity_type, dimension, key, label,
       orders, covers, quantity, amount_ivat, amount_evat, amount_tax, discount, offered)
    select account_id, company_id, business_day, activity_type, 'accounting_discount', 'order', '',
           0, 0, 0, sum(global_discount), 0, 0, 0, 0
      from orders
     where global_discount <> 0
     group by account_id, company_id, business_day, activity_type
    on conflict do nothing`.execute(db);
}
