import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MailboxAttachment } from '@comptoir/contracts';
import { useI18n } from './mailbox.i18n';
import { formatFiscalDateTime } from '../../ui/dates';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { downloadMailAttachment } from './downloadMailAttachment';
import { MAIL_STATUS_LABELS, mailboxErrorKey } from './mailboxErrors';
import { mailboxQueries } from './mailboxQueries';

/** One message: headers, attachments, and the HTML body in a sandboxed frame or the text as is. */
export function MailboxMessageDetail({ id }: { id: string }) {
  const { t } = useI18n();
  const titleId = useId();
  const message = useQuery(mailboxQueries.message(id));
  const [isTextShown, setIsTextShown] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);

  if (message.isPending) return <LoadingState label={t('common.loading')} />;
  if (message.isError) {
    return (
      <ErrorState
        message={t(mailboxErrorKey(message.error))}
        retryLabel={t('common.retry')}
        onRetry={() => void message.refetch()}
      />
    );
  }

  const mail = message.data;
  const isHtmlShown = mail.html !== null && !isTextShown;

  function handleDownload(attachment: MailboxAttachment) {
    setDownloadError(null);
    downloadMailAttachment(mail.id, attachment).catch(setDownloadError);
  }

  return (
    <article className="mailbox-message card" aria-labelledby={titleId}>
      <header className="mailbox-message-header">
        <h2 id={titleId} className="mailbox-message-subject">
          {mail.subject || t('mailbox.noSubject')}
        </h2>
        <dl className="mailbox-message-meta">
          {mail.from_name ? (
            <div>
              <dt>{t('mailbox.fromName')}</dt>
              <dd>{mail.from_name}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('mailbox.to')}</dt>
            <dd>{mail.to}</dd>
          </div>
          {mail.reply_to ? (
            <div>
              <dt>{t('mailbox.replyTo')}</dt>
              <dd>{mail.reply_to}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('mailbox.date')}</dt>
            <dd>
              <time dateTime={mail.created_at}>{formatFiscalDateTime(mail.created_at)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('mailbox.status')}</dt>
            <dd>
              <span className={`mailbox-status mailbox-status-${mail.status}`}>
                {t(MAIL_STATUS_LABELS[mail.status])}
              </span>
            </dd>
          </div>
          {mail.error ? (
            <div>
              <dt>{t('mailbox.error')}</dt>
              <dd className="mailbox-message-error">{mail.error}</dd>
            </div>
          ) : null}
        </dl>
      </header>

      {mail.attachments.length > 0 ? (
        <section className="mailbox-attachments" aria-label={t('mailbox.attachments')}>
          <ul role="list">
            {mail.attachments.map((attachment) => (
              <li key={attachment.index}>
                <button
                  type="button"
                  className="button button-quiet mailbox-attachment"
                  aria-label={t('mailbox.download', { filename: attachment.filename })}
                  onClick={() => handleDownload(attachment)}
                >
                  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path
                      d="M12 4v11m0 0l-4-4m4 4l4-4M5 19h14"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                  {attachment.filename}
                </button>
              </li>
            ))}
          </ul>
          {downloadError ? (
            <p className="mailbox-download-error" role="alert">
              {t(mailboxErrorKey(downloadError))}
            </p>
          ) : null}
        </section>
      ) : null}

      <section className="mailbox-body" aria-label={t('mailbox.body')}>
        {mail.html !== null ? (
          <div className="mailbox-body-switch" role="group" aria-label={t('mailbox.body')}>
            <button
              type="button"
              className="button button-quiet"
              aria-pressed={isHtmlShown}
              onClick={() => setIsTextShown(false)}
            >
              {t('mailbox.viewHtml')}
            </button>
            <button
              type="button"
              className="button button-quiet"
              aria-pressed={!isHtmlShown}
              onClick={() => setIsTextShown(true)}
            >
              {t('mailbox.viewText')}
            </button>
          </div>
        ) : null}
        {isHtmlShown ? (
          // No script, form, navigation or same-origin access for the mail's markup.
          <iframe
            className="mailbox-html"
            sandbox=""
            srcDoc={mail.html ?? ''}
            title={t('mailbox.htmlBody')}
          />
        ) : (
          <pre className="mailbox-text">{mail.text}</pre>
        )}
      </section>
    </article>
  );
}
