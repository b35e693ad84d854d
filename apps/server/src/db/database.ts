import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema/index';
import { migrateToLatest } from './migrate';
import { durablePGliteOptions } from './pglite-durable-fs';
import { jsonBulkInsert, pgliteCopyInsert, type BulkInsert } from './bulk';

export type DbEngine = 'pglite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: DbEngine;
  /** Number of migrations applied. */
  migrations: number;
  /** The fastest append of many rows on this engine (COPY on PGlite, a JSON INSERT on PostgreSQL). */
  bulkInsert: BulkInsert;
  /** PGlite only: the data directory as a tarball, which `loadDataDir` opens again (test templates). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * The same JavaScript types from both engines: bigint (int8) as number (money is integer cents, well
 * inside 2^53), numeric as an exact string, date as 'YYYY-MM-DD' (never a Date shifted by a time zone).
 */
const parsers: Record<number, (value: string) => unknown> = {
  20: (v) => Number(v),
  1700: (v) => v,
  1082: (v) => v,
};
for (const [oid, parse] of Object.entries(parsers)) pg.types.setTypeParser(Number(oid), parse);

/** How long a request waits for a PostgreSQL connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Directory for PGlite files; `undefined` keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
  /** PGlite starts from this dumped data directory (in memory or in an empty `pgliteDir`) instead of initdb. */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  let db: Db;
  let engine: DbEngine;
  let bulkInsert: BulkInsert = jsonBulkInsert;
  let dumpDataDir: DatabaseHandle['dumpDataDir'];
  if (options.databaseUrl) {
    engine = 'postgres';
    // Every connection of the pool in UTC (a `SET` would reach only the one connection it ran on).
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: '-c TimeZone=UTC',
      // A server that does not answer (down, unreachable, every connection busy) fails the request
      // in seconds, answered 503 (db/unavailable.ts), instead of holding it without end.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // An idle connection closed by the server (restart, failover, DROP DATABASE ... FORCE) leaves
    // the pool, which opens another when needed; unhandled, the event would end the process.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL idle connection lost: ${error.message}`);
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    engine = 'pglite';
    if (options.pgliteDir) fs.mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
    // PGlite starts with fsync off; an acknowledged write must survive a crash of the process or machine.
    const pglite = await PGlite.create({
      ...(options.pgliteDir ? durablePGliteOptions(options.pgliteDir) : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      parsers,
    });
    dumpDataDir = () => pglite.dumpDataDir('none');
    db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    bulkInsert = pgliteCopyInsert(pglite);
  }
  await sql`SET TIME ZONE 'UTC'`.execute(db);
  const migrations = await migrateToLatest(db as unknown as Kysely<unknown>);
  return {
    db,
    engine,
    migrations,
    bulkInsert,
    ...(dumpDataDir ? { dumpDataDir } : {}),
    close: () => db.destroy(),
  };
}
