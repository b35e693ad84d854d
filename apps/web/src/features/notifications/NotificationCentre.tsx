import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Notification } from '@comptoir/contracts';
import { useI18n } from './notifications.i18n';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { MessageTypeIcon } from '../../ui/flash/MessageTypeIcon';
import { notificationQueries } from './notificationQueries';
import {
  NOTIFICATION_DISMISS_MS,
  readRemovedNotificationIds,
  recordRemovedNotification,
  visibleNotifications,
} from './removedNotifications';
import './notifications.css';

/** The top bar's bell and its panel of notifications (spec 1 §2.9). */
export function NotificationCentre() {
  const { t, plural, language } = useI18n();
  const notifications = useQuery(notificationQueries.list(language));
  const [removedIds, setRemovedIds] = useState(() => readRemovedNotificationIds(localStorage));
  const [leavingIds, setLeavingIds] = useState<ReadonlySet<string>>(() => new Set());
  const [isOpen, setIsOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const removalTimers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const panelId = useId();
  const headingId = useId();

  const shown = visibleNotifications(notifications.data?.notifications ?? [], removedIds);
  const unreadCount = shown.filter((notification) => !leavingIds.has(notification.id)).length;

  useEffect(() => {
    if (!isOpen) return;
    function handlePointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setIsOpen(false);
    }
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [isOpen]);

  useEffect(() => {
    const timers = removalTimers.current;
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !isOpen) return;
    event.stopPropagation();
    setIsOpen(false);
    bell.current?.focus();
  }

  function handleDismiss(id: string) {
    if (leavingIds.has(id)) return;
    // Stored at once, so that a reload during the animation does not bring it back.
    recordRemovedNotification(localStorage, id);
    setLeavingIds((leaving) => new Set(leaving).add(id));
    const timer = setTimeout(() => {
      removalTimers.current.delete(timer);
      keepFocusInPanel(id);
      setRemovedIds((removed) => (removed.includes(id) ? removed : [...removed, id]));
      setLeavingIds((leaving) => {
        const next = new Set(leaving);
        next.delete(id);
        return next;
      });
    }, NOTIFICATION_DISMISS_MS);
    removalTimers.current.add(timer);
  }

  /** Focus was on the leaving notification: hand it to its neighbour, or to the panel's title. */
  function keepFocusInPanel(id: string) {
    const item = root.current?.querySelector(`[data-notification-id="${CSS.escape(id)}"]`);
    if (!item?.contains(document.activeElement)) return;
    const neighbour = item.nextElementSibling ?? item.previousElementSibling;
    const target = neighbour?.querySelector<HTMLButtonElement>('.notification-dismiss') ?? heading.current;
    target?.focus();
  }

  return (
    <div className="notification-centre" ref={root} onKeyDown={handleKeyDown}>
      <button
        ref={bell}
        type="button"
        className="button button-quiet notification-bell"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={plural('notifications.bell', unreadCount)}
        title={t('notifications.title')}
        onClick={() => setIsOpen((open) => !open)}
      >
        <BellIcon />
        {unreadCount > 0 ? (
          <span className="notification-badge" aria-hidden="true">
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        ) : null}
      </button>
      {isOpen ? (
        <section id={panelId} className="notification-panel" aria-labelledby={headingId}>
          <h2 ref={heading} id={headingId} className="notification-panel-title" tabIndex={-1}>
            {t('notifications.title')}
          </h2>
          {notifications.isPending ? (
            <LoadingState label={t('common.loading')} />
          ) : notifications.isError ? (
            <ErrorState
              message={t('common.error')}
              retryLabel={t('common.retry')}
              onRetry={() => void notifications.refetch()}
            />
          ) : shown.length === 0 ? (
            <p className="notification-empty">{t('notifications.empty')}</p>
          ) : (
            <ul className="notification-list" role="list">
              {shown.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  isLeaving={leavingIds.has(notification.id)}
                  onDismiss={() => handleDismiss(notification.id)}
                />
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

function NotificationItem({
  notification,
  isLeaving,
  onDismiss,
}: {
  notification: Notification;
  isLeaving: boolean;
  onDismiss: () => void;
}) {
  const { t } = useI18n();
  return (
    <li
      className={`notification message-tone-${notification.type}${isLeaving ? ' is-leaving' : ''}`}
      data-notification-id={notification.id}
      style={{ '--notification-dismiss': `${NOTIFICATION_DISMISS_MS}ms` } as CSSProperties}
    >
      <div className="notification-body">
        <MessageTypeIcon type={notification.type} />
        <p className="notification-text">
          <span className="visually-hidden">{t(`notifications.type.${notification.type}`)} </span>
          {notification.text}
        </p>
        <button
          type="button"
          className="notification-dismiss"
          aria-label={t('notifications.dismiss')}
          title={t('notifications.dismiss')}
          onClick={onDismiss}
        >
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </li>
  );
}

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
