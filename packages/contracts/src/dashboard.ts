import { z } from 'zod';
import { businessDay, cents } from './common';

/** Today's and yesterday's figures per establishment, from daily rollups. */
export const dashboardTurnoverResponse = z.object({
  today: businessDay,
  yesterday: businessDay,
  companies: z.array(
    z.object({
      id: z.uuid(),
      company_name: z.string(),
      today: z.object({ turnoverIvat: cents, orders: z.number().int() }),
      yesterday: z.object({ turnoverIvat: cents, orders: z.number().int() }),
    }),
  ),
});
export type DashboardTurnover = z.infer<typeof dashboardTurnoverResponse>;
