import type { DashboardTurnover } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import { addDays, parisDay } from '../../platform/dates';
import type { RequestContext } from '../../platform/request-context';
import { turnoverByCompanyAndDay } from './dashboard.repository';

export async function turnoverTodayAndYesterday(
  db: Db,
  ctx: RequestContext,
  now = new Date(),
): Promise<DashboardTurnover> {
  const today = parisDay(now);
  const yesterday = addDays(today, -1);
  if (ctx.companyIds.length === 0) return { today, yesterday, companies: [] };
  const rows = await turnoverByCompanyAndDay(db, ctx.companyIds, [today, yesterday]);
  const byCompany = new Map<string, DashboardTurnover['companies'][number]>();
  for (const row of rows) {
    const company = byCompany.get(row.id) ?? {
      id: row.id,
      company_name: row.company_name,
      today: { turnoverIvat: 0, orders: 0 },
      yesterday: { turnoverIvat: 0, orders: 0 },
    };
    if (row.business_day === today)
      company.today = { turnoverIvat: row.amount_ivat ?? 0, orders: row.orders ?? 0 };
    if (row.business_day === yesterday) {
      company.yesterday = { turnoverIvat: row.amount_ivat ?? 0, orders: row.orders ?? 0 };
    }
    byCompany.set(row.id, company);
  }
  return { today, yesterday, companies: [...byCompany.values()] };
}
