import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { FiscalCashMovement } from '@comptoir/contracts';
import { useI18n } from './fiscal.i18n';
import { formatCell } from '../../ui/tableCells';
import { cashMovementColumns } from './fiscalColumns';
import { useDetailState } from './fiscalNavigation';
import { fiscalQueries } from './fiscalQueries';
import { RecordDetail } from './RecordDetail';

/** A cash movement and its history; opened directly, it is found among its service's movements. */
export function CashMovementDetail({ id }: { id: string }) {
  const { t } = useI18n();
  const state = useDetailState<FiscalCashMovement>(id);
  const [search] = useSearchParams();
  const serviceId = state.serviceId ?? search.get('service') ?? undefined;
  const recordQuery = useQuery({
    ...fiscalQueries.tracking('cash-register-variation', { objectId: serviceId }),
    enabled: !state.row && serviceId !== undefined,
  });
  const movement = state.row ?? recordQuery.data?.find((candidate) => candidate.id === id);
  const columns = useMemo(() => cashMovementColumns(t), [t]);
  const title = movement
    ? t('fiscal.movement.title', { amount: formatCell('amount', movement.amount) })
    : t('fiscal.movement.titleUnknown');
  return (
    <RecordDetail
      id={id}
      title={title}
      subtitle={movement ? formatCell('dateTime', movement.timestamp) : undefined}
      columns={columns}
      record={movement}
      recordQuery={state.row || serviceId === undefined ? null : recordQuery}
      historyCaption={t('fiscal.table.history', { title })}
    />
  );
}
