/**
 * Notifications the user dismissed (spec 1 §2.9): their ids stay in local storage, as a JSON array,
 * so that they do not come back on the next visit.
 */
export const REMOVED_NOTIFICATIONS_KEY = 'removedNotifications';

/** Spec 1 §9: a dismissed notification leaves the list 500 ms later, after its removal animation. */
export const NOTIFICATION_DISMISS_MS = 500;

/** The oldest ids are forgotten beyond this many, so that the stored list cannot grow forever. */
export const MAX_REMOVED_NOTIFICATIONS = 500;

type NotificationStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readRemovedNotificationIds(storage: NotificationStorage): string[] {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(REMOVED_NOTIFICATIONS_KEY) ?? '[]');
  } catch {
    // Unreadable value or storage refused: nothing is hidden.
    return [];
  }
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

/** Adds an id to the stored list and answers the new list. */
export function recordRemovedNotification(storage: NotificationStorage, id: string): string[] {
  const removed = [...readRemovedNotificationIds(storage).filter((removedId) => removedId !== id), id].slice(
    -MAX_REMOVED_NOTIFICATIONS,
  );
  try {
    storage.setItem(REMOVED_NOTIFICATIONS_KEY, JSON.stringify(removed));
  } catch {
    // Storage full or refused: the notification is hidden until the page reloads.
  }
  return removed;
}

export function visibleNotifications<T extends { id: string }>(
  notifications: readonly T[],
  removedIds: readonly string[],
): T[] {
  const removed = new Set(removedIds);
  return notifications.filter((notification) => !removed.has(notification.id));
}
