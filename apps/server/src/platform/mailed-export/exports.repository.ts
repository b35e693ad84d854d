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

/** Each export's job (its lease and interruption) and mail (its status and next try). */
export function exportsWithJobAndMail(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('exports as e')
    .leftJoin('jobs as j', 'j.id', 'e.job_id')
    .leftJoin('mail_outbox as m', 'm.id', 'e.mail_id')
    .select([
      'e.id',
      'j.status as job_status',
      'j.interrupted_at',
      'j.lease_expires_at',
      'm.status as mail_status',
      'm.next_attempt_at',
    ])
    .where('e.id', 'in', ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000'])
    .execute();
}
