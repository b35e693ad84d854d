import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from './mailbox.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { MailboxMessageDetail } from './MailboxMessageDetail';
import { MailboxMessageList } from './MailboxMessageList';
import { mailboxErrorKey } from './mailboxErrors';
import { mailboxQueries } from './mailboxQueries';
import './mailbox.css';

/** The dev mailbox (support staff): mail kept in the outbox when no SMTP server is configured. */
export function MailboxPage() {
  const { t } = useI18n();
  const list = useQuery(mailboxQueries.list());
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const messages = list.data?.messages ?? [];
  // The newest message until the user picks one, and again if the picked one has left the list.
  const currentId = messages.some((m) => m.id === selectedId) ? selectedId : (messages[0]?.id ?? null);

  return (
    <div className="page mailbox-page">
      <title>{`${t('mailbox.title')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('mailbox.title')}</h1>
        <p className="page-intro">{t('mailbox.intro')}</p>
      </header>
      {list.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : list.isError ? (
        <ErrorState
          message={t(mailboxErrorKey(list.error))}
          retryLabel={t('common.retry')}
          onRetry={() => void list.refetch()}
        />
      ) : messages.length === 0 ? (
        <EmptyState title={t('mailbox.empty')} hint={t('mailbox.emptyHint')} />
      ) : (
        <div className="mailbox">
          <MailboxMessageList messages={messages} selectedId={currentId} onSelect={setSelectedId} />
          {currentId ? <MailboxMessageDetail key={currentId} id={currentId} /> : null}
        </div>
      )}
    </div>
  );
}
