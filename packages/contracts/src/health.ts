import { z } from 'zod';

/** `GET /api/health`: liveness only, the process answers (no database call). */
export const healthResponse = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  migrations: z.number().int(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** `GET /api/ready`: each dependency's answer (database, file store, later the replica); 503 when one fails. */
export const readyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.array(
    z.object({
      name: z.string(),
      isReady: z.boolean(),
      ms: z.number().int(),
      /** Why the dependency is counted down (its error, or no answer in time). */
      problem: z.string().optional(),
    }),
  ),
});
export type ReadyResponse = z.infer<typeof readyResponse>;

/**
 * Any route that needs the database answers 503 with `Retry-After` and this code while the database
 * cannot be reached (down, restarting, no connection within seconds), never a hang nor a 500.
 */
export const DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE';
