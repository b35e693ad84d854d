import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Turnover and orders per company and business day over a range, from the 'total' rollup summed
 * over activity types; a company without sales keeps one row with a null day.
 */
export function turnoverByCompanyAndDay(db: Db, companyIds: string[], firstDay: string, lastDay: string) {
  return db
    .selectFrom('companies')
    .leftJoin('daily_rollups', (join) =>
      join
        .onRef('daily_rollups.company_id', '=', 'companies.id')
        .on('daily_rollups.dimension', '=', 'total')
        .on('daily_rollups.business_day', '>=', firstDay)
        .on('daily_rollups.business_day', '<=', lastDay),
    )
    .select([
      'companies.id',
      'companies.company_name',
      'daily_rollups.business_day',
      sql<number | null>`sum(daily_rollups.amount_ivat)::bigint`.as('amount_ivat'),
      sql<number | null>`sum(daily_rollups.orders)::bigint`.as('orders'),
    ])
    .where('companies.id', 'in', companyIds)
    .groupBy(['companies.id', 'companies.company_name', 'daily_rollups.business_day'])
    .orderBy('companies.company_name')
    .execute();
}
