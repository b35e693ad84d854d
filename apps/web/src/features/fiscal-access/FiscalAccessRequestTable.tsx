import type { SupportFiscalAccessRequest } from '@comptoir/contracts';
import { useI18n } from './fiscal-access.i18n';
import { formatFiscalDateTime } from '../../ui/dates';

export interface Decision {
  request: SupportFiscalAccessRequest;
  decision: 'validate' | 'refuse';
}

/**
 * The requests, pending first as the server sends them, each pending one with its Valider and
 * Refuser buttons. Below 764 px each row reads as a card (labels from `data-label`).
 */
export function FiscalAccessRequestTable({
  requests,
  busyId,
  onDecide,
}: {
  requests: SupportFiscalAccessRequest[];
  /** The request whose decision is being sent, if any. */
  busyId: string | null;
  onDecide: (decision: Decision) => void;
}) {
  const { t } = useI18n();
  const columns = {
    inspector: t('fiscalAccess.staff.column.inspector'),
    duration: t('fiscalAccess.staff.column.duration'),
    requestedAt: t('fiscalAccess.staff.column.requestedAt'),
    status: t('fiscalAccess.staff.column.status'),
  };

  return (
    <div className="fiscal-access-table-scroll">
      <table className="fiscal-access-table">
        <thead>
          <tr>
            <th scope="col">{t('fiscalAccess.staff.column.account')}</th>
            <th scope="col">{columns.inspector}</th>
            <th scope="col">{columns.duration}</th>
            <th scope="col">{columns.requestedAt}</th>
            <th scope="col">{columns.status}</th>
            <th scope="col">
              <span className="visually-hidden">{t('fiscalAccess.staff.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.id} className={request.status === 'pending' ? 'is-pending' : undefined}>
              <th scope="row" className="fiscal-access-account">
                {request.accountName}
                {request.requestedByName ? (
                  <span className="fiscal-access-muted">
                    {t('fiscalAccess.staff.requestedBy', { name: request.requestedByName })}
                  </span>
                ) : null}
                <span className="fiscal-access-muted">
                  <EmailText email={request.customerEmail} />
                </span>
              </th>
              <td data-label={columns.inspector}>
                <EmailText email={request.askerEmail} />
              </td>
              <td data-label={columns.duration} className="fiscal-access-nowrap">
                {t(`fiscalAccess.duration.${request.expireType}`)}
              </td>
              <td data-label={columns.requestedAt} className="fiscal-access-date">
                {formatFiscalDateTime(request.createdAt)}
              </td>
              <td data-label={columns.status}>
                <span>
                  <span className={`fiscal-access-status fiscal-access-status-${request.status}`}>
                    {t(`fiscalAccess.status.${request.status}`)}
                  </span>
                  {request.expiresAt ? (
                    <span className="fiscal-access-muted">
                      {t('fiscalAccess.staff.until', { date: formatFiscalDateTime(request.expiresAt) })}
                    </span>
                  ) : null}
                  {request.lastUsedAt ? (
                    <span className="fiscal-access-muted">
                      {t('fiscalAccess.staff.lastUsed', { date: formatFiscalDateTime(request.lastUsedAt) })}
                    </span>
                  ) : null}
                </span>
              </td>
              <td className="fiscal-access-row-actions">
                {request.status === 'pending' ? (
                  <>
                    <button
                      type="button"
                      className="button button-primary"
                      aria-label={t('fiscalAccess.staff.validateRequest', { account: request.accountName })}
                      disabled={busyId !== null}
                      onClick={() => onDecide({ request, decision: 'validate' })}
                    >
                      {t('fiscalAccess.staff.validate')}
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={t('fiscalAccess.staff.refuseRequest', { account: request.accountName })}
                      disabled={busyId !== null}
                      onClick={() => onDecide({ request, decision: 'refuse' })}
                    >
                      {t('fiscalAccess.staff.refuse')}
                    </button>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An address that may wrap before its "@" rather than anywhere in it. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className="fiscal-access-email">{email}</span>;
  return (
    <span className="fiscal-access-email">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
