import type { ContentLanguage, Notification } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../platform/request-context';
import * as repo from './notifications.repository';

export const MAX_NOTIFICATIONS = 50;

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
    language,
    now,
    limit: MAX_NOTIFICATIONS,
  });
}
