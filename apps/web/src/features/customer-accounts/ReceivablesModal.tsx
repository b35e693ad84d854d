import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  CUSTOMER_AGEING_BUCKETS,
  type CustomerAgeingBucket,
  type CustomerReceivableLine,
} from '@comptoir/contracts';
import { useI18n } from '../../i18n/useI18n';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { Modal } from '../../ui/Modal';
import { formatMoney } from '../../ui/money';
import { customerAccountQueries } from './customerAccounts.queries';

/**
 * The receivables at a glance (issue 31, item 24): what the customers owe and its age (0–30, 31–60,
 * 61–90, over 90 days since the charge), each age a filter, then the debtors, the largest debt first,
 * linked to their page and extracted like any table.
 */
export function ReceivablesModal({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const bucketId = useId();
  const [bucket, setBucket] = useState<CustomerAgeingBucket | null>(null);
  const receivables = useQuery({
    ...customerAccountQueries.receivables(bucket),
    placeholderData: keepPreviousData,
  });
  const data = receivables.data;

  const columns = useMemo(
    (): DataTableColumn<CustomerReceivableLine>[] => [
      {
        id: 'name',
        header: t('receivables.column.name'),
        isRowHeader: true,
        value: (line) => line.name,
        render: (line) =>
          line.uniqId === null ? (
            line.name
          ) : (
            <Link to={`/customer-account/${line.uniqId}?id=${line.companyId}`}>{line.name}</Link>
          ),
      },
      { id: 'owed', header: t('receivables.column.owed'), kind: 'money', value: (line) => line.owed },
      ...CUSTOMER_AGEING_BUCKETS.map((key): DataTableColumn<CustomerReceivableLine> => ({
        id: key,
        header: t(`receivables.bucket.${key}`),
        kind: 'money',
        value: (line) => line.ageing[key],
      })),
      // Last, wrapping: the name and what is owed stay in view on a phone.
      {
        id: 'detail',
        header: t('receivables.column.detail'),
        isWrapping: true,
        value: (line) => line.detail ?? '',
      },
    ],
    [t],
  );

  let body;
  if (receivables.isError) {
    body = (
      <ErrorState
        message={t('receivables.failed')}
        retryLabel={t('common.retry')}
        onRetry={() => void receivables.refetch()}
      />
    );
  } else if (!data) {
    body = <LoadingState label={t('common.loading')} />;
  } else if (data.debtors === 0) {
    body = <EmptyState title={t('receivables.empty')} />;
  } else {
    body = (
      <>
        <p className="receivables-total" role="status">
          {t('receivables.total', { owed: formatMoney(data.owed), count: String(data.debtors) })}
        </p>
        <div className="receivables-buckets" role="group" aria-labelledby={bucketId}>
          <span id={bucketId} className="visually-hidden">
            {t('receivables.filter')}
          </span>
          <button
            type="button"
            className="receivables-bucket"
            aria-pressed={bucket === null}
            onClick={() => setBucket(null)}
          >
            <span>{t('receivables.all')}</span>
            <strong>{formatMoney(data.owed)}</strong>
          </button>
          {CUSTOMER_AGEING_BUCKETS.map((key) => (
            <button
              key={key}
              type="button"
              className={`receivables-bucket ${key === 'over90' && data.ageing.over90 > 0 ? 'is-late' : ''}`}
              aria-pressed={bucket === key}
              onClick={() => setBucket(key)}
            >
              <span>{t(`receivables.bucket.${key}`)}</span>
              <strong>{formatMoney(data.ageing[key])}</strong>
            </button>
          ))}
        </div>
        {data.lines.length === 0 ? (
          <EmptyState title={t('receivables.emptyBucket')} />
        ) : (
          <DataTable
            caption={t('receivables.caption')}
            columns={columns}
            rows={data.lines}
            rowKey={(line) => line.customerId}
            fileTitle={`creances-clients-${data.today}`}
          />
        )}
      </>
    );
  }

  return (
    <Modal isOpen title={t('receivables.title')} onClose={onClose} size="large">
      {body}
    </Modal>
  );
}
