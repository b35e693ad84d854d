import type { Db } from '../../db/database';
import type { ReferralRow } from '../../db/schema/sponsorship';

export type SupportReferralRow = ReferralRow & { account_name: string; referrer_email: string };

/** The account's referrals, newest invitation first. */
export async function listAccountReferrals(db: Db, accountId: string): Promise<ReferralRow[]> {
  return db
    .selectFrom('referrals')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('invited_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Every referral with its account and referrer, for support staff. */
export async function listAllReferrals(db: Db, limit: number): Promise<SupportReferralRow[]> {
  return db
    .selectFrom('referrals as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .innerJoin('users as u', 'u.id', 'r.referrer_user_id')
    .selectAll('r')
    .select(['a.name as account_name', 'u.email as referrer_email'])
    .orderBy('r.invited_at', 'desc')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

export async function findUserEmail(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}

/** Whether any user (of any account, staff included) signs in with this e-mail. */
export async function isUserEmail(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

export async function isInvited(db: Db, accountId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('referrals')
    .select('id')
    .where('account_id', '=', accountId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/** The referrer's account name and first name, shown to the invited restaurant. */
export async function findReferrer(
  db: Db,
  userId: string,
): Promise<{ account_name: string; firstname: string; lastname: string } | undefined> {
  return db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select(['a.name as account_name', 'u.firstname', 'u.lastname'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Null when the account already invited this e-mail (the unique index decides under concurrency). */
export async function insertReferral(
  db: Db,
  values: { accountId: string; referrerUserId: string; email: string; codeHash: string; now: Date },
): Promise<ReferralRow | null> {
  const row = await db
    .insertInto('referrals')
    .values({
      account_id: values.accountId,
      referrer_user_id: values.referrerUserId,
      email: values.email,
      code_hash: values.codeHash,
      invited_at: values.now,
    })
    .onConflict((oc) => oc.columns(['account_id', 'email']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function deleteReferral(db: Db, id: string): Promise<void> {
  await db.deleteFrom('referrals').where('id', '=', id).execute();
}

export async function findByCodeHash(db: Db, codeHash: string): Promise<ReferralRow | undefined> {
  return db.selectFrom('referrals').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

export async function findReferral(db: Db, id: string): Promise<ReferralRow | undefined> {
  return db.selectFrom('referrals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** invited → signed_up; false when the referral was no longer waiting. */
export async function markSignedUp(
  db: Db,
  id: string,
  details: { restaurantName: string; contactName: string; phone: string; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('referrals')
    .set({
      status: 'signed_up',
      restaurant_name: details.restaurantName,
      contact_name: details.contactName,
      phone: details.phone,
      signed_up_at: details.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'invited')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** signed_up → first_month_paid; false when the referral was not signed up. */
export async function markFirstMonthPaid(
  db: Db,
  id: string,
  staffUserId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('referrals')
    .set({ status: 'first_month_paid', first_month_paid_at: now, first_month_paid_by: staffUserId })
    .where('id', '=', id)
    .where('status', '=', 'signed_up')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
