import { addCalendarDays } from '@comptoir/contracts';
import type { ActivityType } from '@comptoir/contracts';
import type { Db } from '../../db/database';

/**
 * The order lines of these establishments and activity types whose order belongs to a business day
 * of [startDay, endDay] (as the reports count them); removed lines are left out, a cancellation
 * order's lines (negative amounts) are kept, as the reports take the cancelled sale back out.
 */
export interface SalesLinesScope {
  companyIds: readonly string[];
  activityTypes: readonly ActivityType[];
  startDay: string;
  endDay: string;
}

export interface SalesLineRow {
  lineId: string;
  companyId: string;
  soldAt: Date;
  productType: string;
  productId: string;
  productName: string;
  amountEvat: number;
  amountTax: number;
  amountIvat: number;
  parentId: string | null;
  roomId: string | null;
  roomName: string | null;
}

/** Rows fetched per query: what the export holds in memory at once, whatever the period. */
export const SALES_LINES_CHUNK = 1000;

/**
 * The scope's lines a business day at a time and, within a day, in chunks taken after the last
 * (sale time, line id) seen (keyset), so that a year never sits in memory: in sale order.
 */
export async function* salesLineChunks(
  db: Db,
  scope: SalesLinesScope,
  chunkSize = SALES_LINES_CHUNK,
): AsyncGenerator<{ rows: SalesLineRow[]; daysDone: number; days: number }> {
  if (scope.companyIds.length === 0 || scope.activityTypes.length === 0) return;
  const days: string[] = [];
  for (let day = scope.startDay; day <= scope.endDay; day = addCalendarDays(day, 1)) days.push(day);
  for (const [index, day] of days.entries()) {
    let after: { soldAt: Date; lineId: string } | null = null;
    for (;;) {
      const rows = await salesLinesOfDay(db, scope, day, after, chunkSize);
      const last = rows.at(-1);
      const isDayDone = rows.length < chunkSize;
      if (rows.length > 0 || isDayDone)
        yield { rows, daysDone: index + (isDayDone ? 1 : 0), days: days.length };
      if (isDayDone || !last) break;
      after = { soldAt: last.soldAt, lineId: last.lineId };
    }
  }
}

async function salesLinesOfDay(
  db: Db,
  scope: SalesLinesScope,
  day: string,
  after: { soldAt: Date; lineId: string } | null,
  limit: number,
): Promise<SalesLineRow[]> {
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'l.id as lineId',
      'l.company_id as companyId',
      'o.closing_date as soldAt',
      'p.product_type as productType',
      'l.product_id as productId',
      'l.product_name as productName',
      'l.amount_evat as amountEvat',
      'l.amount_tax as amountTax',
      'l.price as amountIvat',
      'l.parent_id as parentId',
      'o.room_id as roomId',
      'o.room_name as roomName',
    ])
    .where('l.company_id', 'in', [...scope.companyIds])
    .where('l.business_day', '=', day)
    .where('l.removed', '=', false)
    .where('o.business_day', '=', day)
    .where('o.activity_type', 'in', [...scope.activityTypes])
    .$if(after !== null, (qb) =>
      qb.where((eb) =>
        eb(eb.refTuple('o.closing_date', 'l.id'), '>', eb.tuple(after!.soldAt, after!.lineId)),
      ),
    )
    .orderBy('o.closing_date')
    .orderBy('l.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, soldAt: new Date(row.soldAt), productType: row.productType ?? '' }));
}

/** How many lines the scope holds. */
export async function countSalesLines(db: Db, scope: SalesLinesScope): Promise<number> {
  if (scope.companyIds.length === 0 || scope.activityTypes.length === 0) return 0;
  const row = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('l.company_id', 'in', [...scope.companyIds])
    .where('l.business_day', '>=', scope.startDay)
    .where('l.business_day', '<=', scope.endDay)
    .where('l.removed', '=', false)
    .where('o.activity_type', 'in', [...scope.activityTypes])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** An export of the account, with its job's progress. */
export function findSalesLinesExport(db: Db, accountId: string, exportId: string) {
  return db
    .selectFrom('exports as e')
    .leftJoin('jobs as j', 'j.id', 'e.job_id')
    .select([
      'e.id',
      'e.status',
      'e.row_count',
      'e.file_key',
      'e.params',
      'e.period_start',
      'e.period_end',
      'j.progress',
    ])
    .where('e.id', '=', exportId)
    .where('e.account_id', '=', accountId)
    .where('e.kind', '=', 'sales_lines')
    .executeTakeFirst();
}

/** A finished export whose file is stored (for its signed download link). */
export function findStoredSalesLinesExport(db: Db, exportId: string) {
  return db
    .selectFrom('exports')
    .select(['id', 'file_key', 'params', 'period_start', 'period_end'])
    .where('id', '=', exportId)
    .where('kind', '=', 'sales_lines')
    .where('status', '=', 'done')
    .where('file_key', 'is not', null)
    .executeTakeFirst();
}
