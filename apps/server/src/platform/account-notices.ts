import type { Db } from '../db/database';
import type { NotificationTranslations, NotificationType } from '../db/schema/backoffice';

/** How long the news of a finished job stays in the centre. */
const ACCOUNT_NOTICE_DAYS = 7;

/** What a finished job (an export, a partner's answer) tells its account. */
export interface AccountNotice {
  type: NotificationType;
  text: string;
}

/**
 * Adds the notification of one finished job to its account's centre. Pass the transaction that
 * records the job's end, so that the job's end and its notification happen once, together.
 */
export async function notifyAccount(
  db: Db,
  accountId: string,
  notice: AccountNotice,
  now: Date = new Date(),
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      account_id: accountId,
      type: notice.type,
      text: notice.text,
      locale: null,
      starts_at: now,
      ends_at: new Date(now.getTime() + ACCOUNT_NOTICE_DAYS * 24 * 3600 * 1000),
    })
    .execute();
}

/**
 * Tells support staff, in their own notification centre (shown to no account): mail given up on.
 * French `text`, the other languages in `texts`.
 */
export async function notifyStaff(
  db: Db,
  notice: AccountNotice & { texts: NotificationTranslations },
  now: Date = new Date(),
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      account_id: null,
      staff_only: true,
      type: notice.type,
      text: notice.text,
      texts: JSON.stringify(notice.texts),
      locale: null,
      starts_at: now,
      ends_at: new Date(now.getTime() + ACCOUNT_NOTICE_DAYS * 24 * 3600 * 1000),
    })
    .execute();
}
