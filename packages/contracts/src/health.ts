import { z } from 'zod';

export const healthResponse = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  migrations: z.number().int(),
});
export type HealthResponse = z.infer<typeof healthResponse>;
