import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { postgresTemplate } from './database-templates';

/**
 * One PostgreSQL database that several app instances open, each with its own pool, as the instances
 * of a deployment do (issue 33). Only with TEST_DATABASE_URL: PGlite is one process's database.
 */
export interface SharedTestDatabase {
  url: string;
  /** The connection of one more instance; its start runs the migrations as `npm start` does. */
  open(): Promise<DatabaseHandle>;
  /** Drops the database; close the instances first. */
  drop(): Promise<void>;
}

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the server of TEST_DATABASE_URL: a copy of the migrated template, or `empty`
 * (never migrated: the instances' first start). Null on PGlite.
 */
export async function sharedTestDatabase(
  options: { empty?: boolean } = {},
): Promise<SharedTestDatabase | null> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return null;
  const template = options.empty ? 'template0' : await postgresTemplate(serverUrl);
  const name = `comptoir_shared_${crypto.randomBytes(6).toString('hex')}`;
  await admin(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: () => openDatabase({ databaseUrl: url.toString() }),
    drop: async () => {
      await admin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
