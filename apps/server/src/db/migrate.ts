import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index';

class StaticMigrationProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations);
  }
}

/** The database's schema is a later release's: this one must not run on it (issue 33, part 7). */
export class NewerSchemaError extends Error {
  override name = 'NewerSchemaError';
}

/** The migrations a database has run, oldest first; none on a database never migrated. */
async function executedMigrations(db: Kysely<unknown>): Promise<string[]> {
  const table = await sql<{
    name: string | null;
  }>`select to_regclass('kysely_migration')::text as name`.execute(db);
  if (!table.rows[0]?.name) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Runs pending migrations and returns how many are applied in total. Forward only, once: Kysely's
 * lock makes two instances starting together run each migration once. A database that ran a
 * migration this release does not know was upgraded by a later release: the start is refused with
 * `NewerSchemaError` before anything is written, rather than running old code on a new schema.
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<number> {
  const unknown = (await executedMigrations(db)).filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new NewerSchemaError(
      `This database was migrated by a later Comptoir release (${unknown.join(', ')} unknown to this ` +
        'one): start that release or a newer one; an older release never runs on a newer schema.',
    );
  }
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, { cause: error });
  }
  return (await migrator.getMigrations()).filter((m) => m.executedAt).length;
}
