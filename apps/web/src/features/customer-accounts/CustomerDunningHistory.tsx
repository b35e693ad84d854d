import { useQuery } from '@tanstack/react-query';
import type { CustomerDunningSend } from '@comptoir/contracts';
import { useI18n } from './customer-accounts.i18n';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { customerAccountQueries } from './customerAccounts.queries';

/**
 * The reminders mailed to the customer (issue 31, item 26), newest first, folded under their count;
 * nothing is shown for a customer never reminded.
 */
export function CustomerDunningHistory({ customerId }: { customerId: string }) {
  const { t } = useI18n();
  const history = useQuery(customerAccountQueries.dunning(customerId));
  const sends = history.data?.sends ?? [];
  if (sends.length === 0) return null;

  const columns: DataTableColumn<CustomerDunningSend>[] = [
    {
      id: 'sentAt',
      header: t('dunning.history.sentAt'),
      kind: 'reportDateTime',
      isRowHeader: true,
      value: (send) => send.sentAt,
    },
    { id: 'owed', header: t('dunning.history.owed'), kind: 'money', value: (send) => send.owed },
    { id: 'notes', header: t('dunning.history.notes'), kind: 'integer', value: (send) => send.notes },
    {
      id: 'status',
      header: t('dunning.history.status'),
      value: (send) => t(send.status === 'sent' ? 'dunning.status.sent' : 'dunning.status.failed'),
    },
    { id: 'to', header: t('dunning.history.to'), value: (send) => send.to },
    { id: 'sentBy', header: t('dunning.history.sentBy'), value: (send) => send.sentBy },
  ];
  return (
    <details className="customer-dunning-history">
      <summary>{t('dunning.history.title', { count: sends.length })}</summary>
      <DataTable
        caption={t('dunning.history.caption')}
        isCaptionHidden
        columns={columns}
        rows={sends}
        rowKey={(send) => send.id}
        pageSize={5}
        rowTone={(send) => (send.status === 'failed' ? 'error' : undefined)}
      />
    </details>
  );
}
