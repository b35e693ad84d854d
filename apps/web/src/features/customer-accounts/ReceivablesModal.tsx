import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  CUSTOMER_AGEING_BUCKETS,
  type CustomerAgeingBucket,
  type CustomerReceivableLine,
} from '@comptoir/contracts';
import { useShell } from '../../api/ShellContext';
import type { Translator } from './customer-accounts.i18n';
import { useI18n } from './customer-accounts.i18n';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { Modal } from '../../ui/Modal';
import { formatMoney } from '../../ui/money';
import { customerAccountQueries } from './customerAccounts.queries';
import { CustomerDunningDialog } from './CustomerDunningDialog';

/**
 * The receivables at a glance (issue 31, item 24): what the customers owe and its age (0–30, 31–60,
 * 61–90, over 90 days since the charge), each age a filter, then the debtors, the largest debt first,
 * linked to their page and extracted like any table. Who may write (not a view-as session) ticks
 * debtors and reminds them (« Relancer », issue 31, item 26); each line says when it was last done.
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
  // A view-as session reads only; sub-users without the service never reach this page.
  const mayRemind = useShell().sessionKind === 'user';
  // The ticked debtors of the age shown: another age starts a new selection.
  const [selection, setSelection] = useState<{ bucket: CustomerAgeingBucket | null; ids: string[] }>({
    bucket,
    ids: [],
  });
  const [isDunningOpen, setIsDunningOpen] = useState(false);
  const lines = useMemo(() => data?.lines ?? [], [data]);
  const selectedIds = selection.bucket === bucket ? selection.ids : [];
  const selectedLines = lines.filter((line) => selectedIds.includes(line.customerId));
  const isAllSelected = lines.length > 0 && selectedLines.length === lines.length;

  const columns = receivableColumns(
    t,
    mayRemind
      ? {
          selected: selectedIds,
          isAllSelected,
          onToggle: (customerId) =>
            setSelection({
              bucket,
              ids: selectedIds.includes(customerId)
                ? selectedIds.filter((id) => id !== customerId)
                : [...selectedIds, customerId],
            }),
          onToggleAll: () =>
            setSelection({ bucket, ids: isAllSelected ? [] : lines.map((line) => line.customerId) }),
        }
      : null,
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
        {mayRemind && data.lines.length > 0 ? (
          <div className="receivables-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={selectedLines.length === 0}
              onClick={() => setIsDunningOpen(true)}
            >
              {t('dunning.open', { count: selectedLines.length })}
            </button>
          </div>
        ) : null}
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

  // Wide: the debtors' table (name, owed, last reminder, four ages) fits at 1440 px without scrolling.
  return (
    <Modal isOpen title={t('receivables.title')} onClose={onClose} size="wide">
      {body}
      {isDunningOpen ? (
        <CustomerDunningDialog
          lines={selectedLines}
          onClose={(hasSent) => {
            setIsDunningOpen(false);
            if (hasSent) setSelection({ bucket, ids: [] });
          }}
        />
      ) : null}
    </Modal>
  );
}

interface ReceivableSelection {
  selected: readonly string[];
  isAllSelected: boolean;
  onToggle: (customerId: string) => void;
  onToggleAll: () => void;
}

/**
 * The debtor lines: the selection boxes for who may remind, the name (linking to the customer's
 * page), what is owed, the last reminder, what is owed by age, then what tells namesakes apart.
 */
function receivableColumns(
  t: Translator['t'],
  selection: ReceivableSelection | null,
): DataTableColumn<CustomerReceivableLine>[] {
  const select: DataTableColumn<CustomerReceivableLine>[] = selection
    ? [
        {
          id: 'select',
          header: t('dunning.column.select'),
          isSortable: false,
          isExported: false,
          isFilterable: false,
          headerContent: (
            <input
              type="checkbox"
              checked={selection.isAllSelected}
              onChange={selection.onToggleAll}
              aria-label={t('dunning.selectAll')}
              title={t('dunning.selectAll')}
            />
          ),
          value: () => '',
          render: (line) => (
            <input
              type="checkbox"
              checked={selection.selected.includes(line.customerId)}
              onChange={() => selection.onToggle(line.customerId)}
              aria-label={t('dunning.selectRow', { name: line.name })}
            />
          ),
        },
      ]
    : [];
  return [
    ...select,
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
    // Beside what is owed: in view at 1440 px, where the ages may need a sideways scroll.
    {
      id: 'lastReminder',
      header: t('dunning.column.lastReminder'),
      kind: 'reportDateTime',
      value: (line) => line.lastReminderAt,
    },
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
  ];
}
