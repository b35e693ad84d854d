import { z } from 'zod';
import { businessDay, cents } from './common';

const figures = z.object({ turnoverIvat: cents, orders: z.number().int() });
export type TurnoverFigures = z.infer<typeof figures>;

/**
 * The home dashboard per establishment, from daily rollups: today and yesterday, and this week from
 * Monday to today against the same days of last week.
 */
export const dashboardTurnoverResponse = z.object({
  today: businessDay,
  yesterday: businessDay,
  weekStart: businessDay,
  lastWeekStart: businessDay,
  lastWeekEnd: businessDay,
  companies: z.array(
    z.object({
      id: z.uuid(),
      company_name: z.string(),
      today: figures,
      yesterday: figures,
      week: figures,
      lastWeek: figures,
    }),
  ),
});
export type DashboardTurnover = z.infer<typeof dashboardTurnoverResponse>;
