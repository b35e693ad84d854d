import type { Db } from '../../db/database';

/** Turnover and orders per company and business day over a range, from the 'total' rollup. */
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
      'daily_rollups.amount_ivat',
      'daily_rollups.orders',
    ])
    .where('companies.id', 'in', companyIds)
    .orderBy('companies.company_name')
    .execute();
}
