import { addCalendarDays, parisDayOf, weekStart } from '@comptoir/contracts';
import type { DashboardTurnover, TurnoverFigures } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../platform/request-context';
import { turnoverByCompanyAndDay } from './dashboard.repository';

type CompanyFigures = DashboardTurnover['companies'][number];

const zero = (): TurnoverFigures => ({ turnoverIvat: 0, orders: 0 });

export async function dashboardTurnover(
  db: Db,
  ctx: RequestContext,
  now = new Date(),
): Promise<DashboardTurnover> {
  const today = parisDayOf(now);
  const yesterday = addCalendarDays(today, -1);
  const monday = weekStart(today);
  const lastWeekStart = addCalendarDays(monday, -7);
  const lastWeekEnd = addCalendarDays(today, -7);
  const period = { today, yesterday, weekStart: monday, lastWeekStart, lastWeekEnd };
  if (ctx.companyIds.length === 0) return { ...period, companies: [] };

  const rows = await turnoverByCompanyAndDay(db, ctx.companyIds, lastWeekStart, today);
  const byCompany = new Map<string, CompanyFigures>();
  for (const row of rows) {
    let company = byCompany.get(row.id);
    if (!company) {
      company = {
        id: row.id,
        company_name: row.company_name,
        today: zero(),
        yesterday: zero(),
        week: zero(),
        lastWeek: zero(),
      };
      byCompany.set(row.id, company);
    }
    const day = row.business_day;
    if (day === null) continue;
    const amount = row.amount_ivat ?? 0;
    const orders = row.orders ?? 0;
    const add = (target: TurnoverFigures) => {
      target.turnoverIvat += amount;
      target.orders += orders;
    };
    if (day === today) add(company.today);
    if (day === yesterday) add(company.yesterday);
    if (day >= monday && day <= today) add(company.week);
    if (day >= lastWeekStart && day <= lastWeekEnd) add(company.lastWeek);
  }
  return { ...period, companies: [...byCompany.values()] };
}
