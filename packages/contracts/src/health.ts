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

/**
 * `POST /api/ops/backup` (operators, from the server's machine): the name of a new directory under
 * `DATA_DIR/backups` (`npm run backup` names it by the time, then moves it where it was asked).
 */
export const backupRequest = z.object({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'Lettres, chiffres, point, tiret ou souligné.'),
});
export type BackupRequest = z.infer<typeof backupRequest>;

export const backupResponse = z.object({
  dest: z.string(),
  /** Files in the backup (the database dump, and on PGlite the file store's files). */
  files: z.number().int(),
  engine: z.enum(['pglite', 'postgres']),
});
export type BackupResponse = z.infer<typeof backupResponse>;
