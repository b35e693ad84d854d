import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { ExportRow, ExportTable } from '../../db/schema/backoffice';

export function insertExport(db: Db, values: Insertable<ExportTable>): Promise<ExportRow> {
  return db.insertInto('exports').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findExport(db: Db, id: string): Promise<ExportRow | undefined> {
  return db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateExport(db: Db, id: string, changes: Updateable<ExportTable>): Promise<void> {
  await db.updateTable('exports').set(changes).where('id', '=', id).execute();
}
