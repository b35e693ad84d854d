import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../testing/fakeBrowser';
import {
  MAX_REMOVED_NOTIFICATIONS,
  REMOVED_NOTIFICATIONS_KEY,
  readRemovedNotificationIds,
  recordRemovedNotification,
  visibleNotifications,
} from './removedNotifications';

const notifications = [
  { id: 'a1', type: 'info', text: 'Nouvelle version du rapport de ventes' },
  { id: 'b2', type: 'warning', text: 'Clôture mensuelle à faire' },
  { id: 'c3', type: 'success', text: 'Export envoyé' },
] as const;

describe('dismissed notifications', () => {
  it('hides nothing on a first visit', () => {
    const storage = new MemoryStorage();
    expect(readRemovedNotificationIds(storage)).toEqual([]);
    expect(visibleNotifications(notifications, readRemovedNotificationIds(storage))).toEqual(notifications);
  });

  it('records a dismissed id in local storage as a JSON array', () => {
    const storage = new MemoryStorage();
    recordRemovedNotification(storage, 'a1');
    expect(recordRemovedNotification(storage, 'c3')).toEqual(['a1', 'c3']);
    expect(JSON.parse(storage.getItem(REMOVED_NOTIFICATIONS_KEY) ?? '')).toEqual(['a1', 'c3']);
  });

  it('does not show the notifications whose ids are stored', () => {
    const storage = new MemoryStorage();
    storage.setItem(REMOVED_NOTIFICATIONS_KEY, JSON.stringify(['b2']));
    expect(visibleNotifications(notifications, readRemovedNotificationIds(storage)).map((n) => n.id)).toEqual(
      ['a1', 'c3'],
    );
  });

  it('stores an id once however often it is dismissed', () => {
    const storage = new MemoryStorage();
    recordRemovedNotification(storage, 'a1');
    expect(recordRemovedNotification(storage, 'a1')).toEqual(['a1']);
  });

  it('ignores a stored value that is not a list of ids', () => {
    const storage = new MemoryStorage();
    for (const value of ['not json', '{"a1":true}', 'null']) {
      storage.setItem(REMOVED_NOTIFICATIONS_KEY, value);
      expect(readRemovedNotificationIds(storage)).toEqual([]);
    }
    storage.setItem(REMOVED_NOTIFICATIONS_KEY, JSON.stringify(['a1', 42, null, 'b2']));
    expect(readRemovedNotificationIds(storage)).toEqual(['a1', 'b2']);
  });

  it('keeps only the most recent ids', () => {
    const storage = new MemoryStorage();
    const old = Array.from({ length: MAX_REMOVED_NOTIFICATIONS }, (_, index) => `old-${index}`);
    storage.setItem(REMOVED_NOTIFICATIONS_KEY, JSON.stringify(old));
    const removed = recordRemovedNotification(storage, 'a1');
    expect(removed).toHaveLength(MAX_REMOVED_NOTIFICATIONS);
    expect(removed[0]).toBe('old-1');
    expect(removed.at(-1)).toBe('a1');
  });

  it('still hides a dismissed notification for the visit when storage is refused', () => {
    const refusing = {
      getItem: (): string | null => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: (): void => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(readRemovedNotificationIds(refusing)).toEqual([]);
    expect(recordRemovedNotification(refusing, 'a1')).toEqual(['a1']);
  });
});
