import { sql } from 'kysely';
import { openDatabase } from './database';

/**
 * Child process of durability.integration.test.ts: opens the database in a directory, commits one
 * job row carrying `marker`, prints "committed" and waits to be killed. `async-commit` turns
 * synchronous_commit off first, to show that the test does catch a lost write.
 */
const [pgliteDir, marker, mode] = process.argv.slice(2);
if (!pgliteDir || !marker) throw new Error('usage: durability-child <pgliteDir> <marker> [async-commit]');

const { db } = await openDatabase({ pgliteDir });
if (mode === 'async-commit') await sql`set synchronous_commit = off`.execute(db);
await db.transaction().execute(async (trx) => {
  await trx
    .insertInto('jobs')
    .values({ queue: 'durability', payload: JSON.stringify({ marker }) })
    .execute();
});
process.stdout.write('committed\n');
setInterval(() => {}, 60_000);
