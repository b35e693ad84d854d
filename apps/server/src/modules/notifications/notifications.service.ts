import type { ContentLanguage, Notification } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { NotificationType } from '../../db/schema/backoffice';
import type { RequestContext } from '../../platform/request-context';
import * as repo from './notifications.repository';

export const MAX_NOTIFICATIONS = 50;
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
  await repo.insertAccountNotification(db, {
    accountId,
    ...notice,
    startsAt: now,
    endsAt: new Date(now.getTime() + ACCOUNT_NOTICE_DAYS * 24 * 3600 * 1000),
  });
}
/** Users of this group see the notifications published for the suite accounts, others the standard ones. */

/** The caller's notification centre; customer-space users have none (spec §2.3, §6). */
export async function listNotifications(
  db: Db,
  ctx: RequestContext,
  language: ContentLanguage,
  now: Date = new Date(),
): Promise<Notification[]> {
  if (ctx.groups.includes('espace_client')) return [];
  return repo.listCurrentNotifications(db, {
    accountId: ctx.accountId,
    edition: ctx.edition,
    language,
    now,
    limit: MAX_NOTIFICATIONS,
  });
}
