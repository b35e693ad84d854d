import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  formatParis,
  type MailStatus,
  type SupportOutboxMail,
  type SupportOutboxQuery,
} from '@comptoir/contracts';
import { useI18n } from './support.i18n';
import type { MessageKey } from './support.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { formatInteger } from '../../ui/numbers';
import { supportQueries } from './supportQueries';
import { useResendMailMutation } from './useResendMailMutation';
import './support.css';

const STATUS_LABELS = {
  stored: 'support.outbox.status.stored',
  queued: 'support.outbox.status.queued',
  sending: 'support.outbox.status.sending',
  sent: 'support.outbox.status.sent',
  failed: 'support.outbox.status.failed',
  dead: 'support.outbox.status.dead',
} as const satisfies Record<MailStatus, MessageKey>;

/** Support staff's view of the mail outbox: where each mail stands, and a resend for those that failed. */
export function SupportMailOutboxPage() {
  const { t } = useI18n();
  const [filter, setFilter] = useState<SupportOutboxQuery['filter']>('undelivered');
  const outbox = useQuery(supportQueries.outbox(filter));
  const resend = useResendMailMutation();

  return (
    <div className="page support-page">
      <title>{`${t('support.outbox.title')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('support.outbox.title')}</h1>
        <p className="page-intro">{t('support.outbox.intro')}</p>
      </header>
      <nav className="support-links" aria-label={t('support.tools')}>
        <Link to="/support" className="button button-secondary">
          {t('support.title')}
        </Link>
      </nav>
      <SegmentedControl
        legend={t('support.outbox.filter')}
        options={[
          { value: 'undelivered', label: t('support.outbox.filter.undelivered') },
          { value: 'all', label: t('support.outbox.filter.all') },
        ]}
        value={filter}
        onChange={setFilter}
      />
      {resend.isError ? (
        <p className="support-error" role="alert">
          {t('support.outbox.resendError')}
        </p>
      ) : null}
      {outbox.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : outbox.isError ? (
        <ErrorState
          message={t('common.error')}
          retryLabel={t('common.retry')}
          onRetry={() => void outbox.refetch()}
        />
      ) : outbox.data.messages.length === 0 ? (
        <EmptyState title={t('support.outbox.empty')} hint={t('support.outbox.emptyHint')} />
      ) : (
        <OutboxTable
          messages={outbox.data.messages}
          resendingId={resend.isPending ? (resend.variables ?? null) : null}
          onResend={(mail) => resend.mutate(mail.id)}
        />
      )}
    </div>
  );
}

function OutboxTable({
  messages,
  resendingId,
  onResend,
}: {
  messages: SupportOutboxMail[];
  resendingId: string | null;
  onResend: (mail: SupportOutboxMail) => void;
}) {
  const { t } = useI18n();
  const at = (iso: string | null) => (iso ? formatParis(new Date(iso), 'DD/MM/YYYY HH:mm') : '—');
  return (
    <div className="support-table-scroll">
      <table className="support-table support-outbox-table">
        <thead>
          <tr>
            <th scope="col">{t('support.outbox.column.to')}</th>
            <th scope="col">{t('support.outbox.column.subject')}</th>
            <th scope="col">{t('support.outbox.column.status')}</th>
            <th scope="col" className="support-number">
              {t('support.outbox.column.attempts')}
            </th>
            <th scope="col">{t('support.outbox.column.lastError')}</th>
            <th scope="col">{t('support.outbox.column.nextAttempt')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('support.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {messages.map((mail) => (
            <tr key={mail.id}>
              <td>{mail.to}</td>
              <th scope="row">{mail.subject}</th>
              <td>
                <span className={`support-mail-status support-mail-status-${mail.status}`}>
                  {t(STATUS_LABELS[mail.status])}
                </span>
              </td>
              <td className="support-number">{formatInteger(mail.attempts)}</td>
              <td className="support-mail-error">{mail.lastError ?? '—'}</td>
              <td>{at(mail.nextAttemptAt)}</td>
              <td>
                {mail.isResendable ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={resendingId === mail.id}
                    aria-label={t('support.outbox.resendTo', { to: mail.to, subject: mail.subject })}
                    onClick={() => onResend(mail)}
                  >
                    {t('support.outbox.resend')}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
