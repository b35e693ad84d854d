import type { ContentLanguage, Notification } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../platform/request-context';
import * as repo from './notifications.repository';

export const MAX_NOTIFICATIONS = 50;
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
    isStaff: ctx.role === 'staff' && ctx.kind === 'user',
  });
}
