import type { Generated, Selectable } from 'kysely';
import type { Timestamp, JsonWithDefault, WithDefault } from './columns';

export type NotificationType = 'success' | 'warning' | 'error' | 'info';

export interface NotificationTable {
  id: Generated<string>;
  /** Null: shown to every account. */
  account_id: string | null;
  type: NotificationType;
  text: string;
  /** Null: shown in every language. */
  locale: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  created_at: Timestamp;
  /** Migration 024: the text in the other languages, French (`text`) when missing. */
  texts: JsonWithDefault<NotificationTranslations>;
  /** Migration 024: only the suite or only the standard accounts; null for both. */
  edition: 'suite' | 'standard' | null;
  /** Migration 024: the support member who published it, when published from the staff page. */
  published_by: string | null;
  published_at: Timestamp | null;
  /** Migration 038: shown to support staff only, in their own session (a mail given up on). */
  staff_only: WithDefault<boolean>;
}
export type NotificationRow = Selectable<NotificationTable>;
export type NotificationTranslations = Partial<Record<'en' | 'es' | 'ca', string>>;

export interface RemovedNotificationTable {
  user_id: string;
  notification_id: string;
  removed_at: Timestamp;
}

/** Notifications published to accounts, and those a user removed. */
export interface NotificationTables {
  notifications: NotificationTable;
  removed_notifications: RemovedNotificationTable;
}
