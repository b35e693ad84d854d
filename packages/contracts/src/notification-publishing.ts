import { z } from 'zod';
import { isoDateTime } from './common';
import { notificationType } from './notifications';

/**
 * Support staff's notification publishing (issue 19 part 7): a notification in up to four languages
 * (French required, the others fall back to it), for an audience, between two dates. Users read it in
 * their notification centre (`GET /api/notifications`) and dismiss it as any other.
 */

/** Everyone; the suite accounts (group comptoir-suite); the standard ones; one account. */
export const notificationAudience = z.enum(['all', 'suite', 'standard', 'account']);
export type NotificationAudience = z.infer<typeof notificationAudience>;

export const NOTIFICATION_TEXT_MAX_LENGTH = 500;

const optionalText = z.string().trim().max(NOTIFICATION_TEXT_MAX_LENGTH).optional();

/** The text per language; French is required, an empty other language shows the French text. */
export const notificationTexts = z.object({
  fr: z.string().trim().min(1).max(NOTIFICATION_TEXT_MAX_LENGTH),
  en: optionalText,
  es: optionalText,
  ca: optionalText,
});
export type NotificationTexts = z.infer<typeof notificationTexts>;

/** Broken rules of a publication, each answered 400 with its code and French message. */
export const NOTIFICATION_PUBLISHING_RULE_MESSAGES = {
  END_NOT_AFTER_START: 'La date de fin doit être postérieure à la date de début.',
  ACCOUNT_REQUIRED: 'Choisissez le compte qui recevra la notification.',
  ACCOUNT_NOT_EXPECTED: "Un compte ne se choisit que pour l'audience « un compte ».",
} as const;
export type NotificationPublishingRule = keyof typeof NOTIFICATION_PUBLISHING_RULE_MESSAGES;

/** The publication's broken rule, if any: checked by the page before sending and by the server. */
export function notificationPublishingProblem(input: {
  audience: NotificationAudience;
  accountId?: string | null | undefined;
  startsAt: string;
  endsAt: string;
}): { code: NotificationPublishingRule; field: 'endsAt' | 'accountId' } | null {
  if (input.audience === 'account' && !input.accountId)
    return { code: 'ACCOUNT_REQUIRED', field: 'accountId' };
  if (input.audience !== 'account' && input.accountId) {
    return { code: 'ACCOUNT_NOT_EXPECTED', field: 'accountId' };
  }
  if (Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
    return { code: 'END_NOT_AFTER_START', field: 'endsAt' };
  }
  return null;
}

/** `POST /api/support/notifications` (support staff). */
export const publishNotificationRequest = z
  .object({
    type: notificationType,
    texts: notificationTexts,
    audience: notificationAudience,
    /** Only with the audience `account`. */
    accountId: z.uuid().nullish(),
    startsAt: isoDateTime,
    endsAt: isoDateTime,
  })
  .superRefine((body, ctx) => {
    const problem = notificationPublishingProblem(body);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        path: [problem.field],
        message: NOTIFICATION_PUBLISHING_RULE_MESSAGES[problem.code],
        params: { errorCode: problem.code },
      });
    }
  });
export type PublishNotificationRequest = z.infer<typeof publishNotificationRequest>;

/** Before its start, between its dates, after its end (or ended early by staff). */
export const publishedNotificationState = z.enum(['scheduled', 'current', 'ended']);
export type PublishedNotificationState = z.infer<typeof publishedNotificationState>;

export const publishedNotification = z.object({
  id: z.uuid(),
  type: notificationType,
  texts: notificationTexts,
  audience: notificationAudience,
  /** The chosen account, with the audience `account`. */
  account: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  state: publishedNotificationState,
  publishedAt: isoDateTime,
  /** The support member's e-mail; null once that user is gone. */
  publishedBy: z.string().nullable(),
});
export type PublishedNotification = z.infer<typeof publishedNotification>;

/** `GET /api/support/notifications`: the published notifications, newest publication first. */
export const publishedNotificationsResponse = z.object({
  notifications: z.array(publishedNotification),
});
export type PublishedNotificationsResponse = z.infer<typeof publishedNotificationsResponse>;

export const publishedNotificationParams = z.object({ id: z.uuid() });

export const notificationPublishingErrorCode = z.enum([
  'END_NOT_AFTER_START',
  'ACCOUNT_REQUIRED',
  'ACCOUNT_NOT_EXPECTED',
  'ACCOUNT_NOT_FOUND',
  'NOTIFICATION_NOT_FOUND',
  'ALREADY_ENDED',
]);
export type NotificationPublishingErrorCode = z.infer<typeof notificationPublishingErrorCode>;

/** The state of a publication at `now`. */
export function publishedNotificationStateAt(
  dates: { startsAt: Date; endsAt: Date },
  now: Date,
): PublishedNotificationState {
  if (dates.endsAt.getTime() <= now.getTime()) return 'ended';
  if (dates.startsAt.getTime() > now.getTime()) return 'scheduled';
  return 'current';
}
