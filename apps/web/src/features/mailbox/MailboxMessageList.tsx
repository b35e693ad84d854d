import type { MailboxMessageSummary } from '@comptoir/contracts';
import { useI18n } from './mailbox.i18n';
import { formatFiscalDateTime } from '../../ui/dates';
import { MAIL_STATUS_LABELS } from './mailboxErrors';

export function MailboxMessageList({
  messages,
  selectedId,
  onSelect,
}: {
  messages: readonly MailboxMessageSummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t, plural } = useI18n();
  return (
    <nav className="mailbox-list" aria-label={t('mailbox.listLabel')}>
      <ul role="list">
        {messages.map((message) => (
          <li key={message.id}>
            <button
              type="button"
              className="mailbox-item"
              aria-current={message.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(message.id)}
            >
              <span className="mailbox-item-subject">{message.subject || t('mailbox.noSubject')}</span>
              <span className="mailbox-item-to">{message.to}</span>
              <span className="mailbox-item-meta">
                <time dateTime={message.created_at}>{formatFiscalDateTime(message.created_at)}</time>
                <span className={`mailbox-status mailbox-status-${message.status}`}>
                  {t(MAIL_STATUS_LABELS[message.status])}
                </span>
                {message.attachments.length > 0 ? (
                  <span className="mailbox-item-attachments">
                    {plural('mailbox.attachmentCount', message.attachments.length)}
                  </span>
                ) : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
