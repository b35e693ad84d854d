import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { FiscalCredit } from '@comptoir/contracts';
import { useI18n } from './fiscal.i18n';
import { formatCell } from '../../ui/tableCells';
import { creditColumns } from './fiscalColumns';
import { useDetailState } from './fiscalNavigation';
import { fiscalQueries } from './fiscalQueries';
import { RecordDetail } from './RecordDetail';

/** A credit and its history; opened directly, it is found among its service's credits. */
export function CreditDetail({ id }: { id: string }) {
  const { t } = useI18n();
  const state = useDetailState<FiscalCredit>(id);
  const [search] = useSearchParams();
  const serviceId = state.serviceId ?? search.get('service') ?? undefined;
  const recordQuery = useQuery({
    ...fiscalQueries.tracking('credit', { objectId: serviceId }),
    enabled: !state.row && serviceId !== undefined,
  });
  const credit = state.row ?? recordQuery.data?.find((candidate) => candidate.id === id);
  const columns = useMemo(() => creditColumns(t), [t]);
  const title = credit
    ? t('fiscal.credit.title', { amount: formatCell('amount', credit.amount) })
    : t('fiscal.credit.titleUnknown');
  return (
    <RecordDetail
      id={id}
      title={title}
      subtitle={credit ? formatCell('dateTime', credit.timestamp) : undefined}
      columns={columns}
      record={credit}
      recordQuery={state.row || serviceId === undefined ? null : recordQuery}
      historyCaption={t('fiscal.table.history', { title })}
    />
  );
}
