import {
  publishedNotificationStateAt,
  type NotificationAudience,
  type PublishedNotification,
  type PublishNotificationRequest,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { NotificationTranslations } from '../../db/schema/notifications';
import type { RequestContext } from '../../platform/request-context';
import { accountExists } from '../support/support.service';
import { notificationPublishingError } from './notification-publishing.errors';
import * as repo from './notification-publishing.repository';

const TRANSLATED = ['en', 'es', 'ca'] as const;

function audienceOf(row: repo.PublishedNotificationRow): NotificationAudience {
  if (row.account_id) return 'account';
  return row.edition ?? 'all';
}

function toPublished(row: repo.PublishedNotificationRow, now: Date): PublishedNotification {
  // A published notification always has an end: the publishing request requires it.
  const endsAt = row.ends_at ?? row.starts_at;
  return {
    id: row.id,
    type: row.type,
    texts: { fr: row.text, ...row.texts },
    audience: audienceOf(row),
    account: row.account_id ? { id: row.account_id, name: row.account_name ?? '' } : null,
    startsAt: row.starts_at.toISOString(),
    endsAt: endsAt.toISOString(),
    state: publishedNotificationStateAt({ startsAt: row.starts_at, endsAt }, now),
    publishedAt: row.published_at.toISOString(),
    publishedBy: row.published_by_email,
  };
}

export async function listPublished(db: Db, now: Date = new Date()): Promise<PublishedNotification[]> {
  return (await repo.listPublished(db)).map((row) => toPublished(row, now));
}

/** Stores a notification for its audience; the request's rules (dates, account) are the contract's. */
export async function publishNotification(
  db: Db,
  ctx: RequestContext,
  request: PublishNotificationRequest,
  now: Date = new Date(),
): Promise<PublishedNotification> {
  const accountId = request.audience === 'account' ? (request.accountId ?? null) : null;
  if (accountId && !(await accountExists(db, accountId))) {
    throw notificationPublishingError('ACCOUNT_NOT_FOUND');
  }
  const texts: NotificationTranslations = {};
  for (const language of TRANSLATED) {
    const text = request.texts[language];
    if (text) texts[language] = text;
  }
  const id = await repo.insertPublished(db, {
    type: request.type,
    text: request.texts.fr,
    texts,
    edition: request.audience === 'suite' || request.audience === 'standard' ? request.audience : null,
    accountId,
    startsAt: new Date(request.startsAt),
    endsAt: new Date(request.endsAt),
    publishedBy: ctx.userId,
    publishedAt: now,
  });
  return publishedOrThrow(db, id, now);
}

/** Ends a scheduled or current notification now: users no longer see it. */
export async function endNotificationNow(
  db: Db,
  id: string,
  now: Date = new Date(),
): Promise<PublishedNotification> {
  const existing = await repo.findPublished(db, id);
  if (!existing) throw notificationPublishingError('NOTIFICATION_NOT_FOUND');
  if (!(await repo.endPublished(db, id, now))) throw notificationPublishingError('ALREADY_ENDED');
  return publishedOrThrow(db, id, now);
}

async function publishedOrThrow(db: Db, id: string, now: Date): Promise<PublishedNotification> {
  const row = await repo.findPublished(db, id);
  if (!row) throw notificationPublishingError('NOTIFICATION_NOT_FOUND');
  return toPublished(row, now);
}
