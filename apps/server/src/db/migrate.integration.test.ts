import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-helpers';
import type { DatabaseHandle } from './database';
import { migrateToLatest, NewerSchemaError } from './migrate';
import { migrations } from './migrations/index';

let handle: DatabaseHandle;
const db = () => handle.db as unknown as Kysely<unknown>;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('migrations (issue 33, part 7)', () => {
  it('run forward once: a second start applies nothing and changes nothing', async () => {
    const before = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db());
    expect(before.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(db())).toBe(Object.keys(migrations).length);
    const after = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db());
    expect(after.rows).toEqual(before.rows);
  });

  it('refuse an older release on a database a later release migrated, before writing anything', async () => {
    const later = '999-from-a-later-release';
    await sql`insert into kysely_migration (name, timestamp) values (${later}, ${new Date().toISOString()})`.execute(
      db(),
    );
    try {
      const refused = migrateToLatest(db());
      await expect(refused).rejects.toBeInstanceOf(NewerSchemaError);
      await expect(migrateToLatest(db())).rejects.toThrow(
        /later Comptoir release \(999-from-a-later-release/,
      );
    } finally {
      await sql`delete from kysely_migration where name = ${later}`.execute(db());
    }
  });
});
