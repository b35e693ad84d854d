import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database';

/**
 * Runs start-up work that must happen once per deployment (the demo's first load) on the one
 * instance that takes `name`'s PostgreSQL advisory lock; an instance starting meanwhile skips it
 * (null) rather than waiting. `work` must check again that it is still to be done: the lock only
 * keeps two instances from doing it together. PGlite is one process: it just runs.
 * Migrations need none of this: Kysely's migrator holds its own advisory lock.
 */
export async function onceAcrossInstances<T>(
  database: Pick<DatabaseHandle, 'db' | 'engine'>,
  name: string,
  work: () => Promise<T>,
): Promise<T | null> {
  if (database.engine !== 'postgres') return work();
  // A session lock lives on one connection: held for the work, then released on that connection.
  return database.db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(hashtext(${name})) as locked`.execute(connection);
    if (!rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(connection);
    }
  });
}
