import type { Db } from '../../db/database';

/** The names a signed operation carries for the user who recorded it. */
export function findUserNames(db: Db, userId: string) {
  return db.selectFrom('users').select(['firstname', 'lastname']).where('id', '=', userId).executeTakeFirst();
}
