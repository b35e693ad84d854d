import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { FiscalCashMovement, FiscalCredit, FiscalOrder, FiscalService } from '@comptoir/contracts';
import { useI18n } from './fiscal.i18n';
import { ErrorState } from '../../ui/ErrorState';
import { LONG_PAGE_SIZE } from '../../ui/paging';
import { formatCell } from '../../ui/tableCells';
import { Tabs } from '../../ui/Tabs';
import {
  cashMovementColumns,
  controlStripColumns,
  creditColumns,
  interventionColumns,
  orderColumns,
  serviceColumns,
  trackingColumns,
} from './fiscalColumns';
import { fiscalErrorMessage, isNotFound } from './fiscalErrors';
import { detailLink, useDetailState } from './fiscalNavigation';
import { fiscalQueries } from './fiscalQueries';
import { FiscalDetailFrame } from './FiscalDetailFrame';
import { FiscalQueryTable, trackingRowTone } from './FiscalTable';
import { InfoPanel } from './InfoPanel';
import { PdfPrintButton } from './PdfPrintButton';
import { useStoredTab } from './useStoredTab';

const TABS = ['orders', 'history', 'strip', 'fullHistory', 'movements', 'credits', 'interventions'] as const;
type ServiceTab = (typeof TABS)[number];

/**
 * Service detail (spec 2 §2): Commandes, Historique, Bande de contrôle, Historique Complet (the
 * default, tab 4), Mouvements de caisse, Crédits, Interventions with their count; the Z report of
 * the service's day whichever tab is open.
 */
export function ServiceDetail({ id }: { id: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const state = useDetailState<FiscalService>(id);
  const serviceQuery = useQuery({
    ...fiscalQueries.tracking('services', { objectId: id }),
    enabled: !state.row,
  });
  const [tab, select] = useStoredTab<ServiceTab>('services', TABS, 'fullHistory');
  const queries = {
    orders: useQuery({ ...fiscalQueries.tracking('commandes', { objectId: id }), enabled: tab === 'orders' }),
    history: useQuery({ ...fiscalQueries.tracking('history', { objectId: id }), enabled: tab === 'history' }),
    strip: useQuery({ ...fiscalQueries.shiftControlStrip(id), enabled: tab === 'strip' }),
    fullHistory: useQuery({
      ...fiscalQueries.tracking('fullhistory', { objectId: id }),
      enabled: tab === 'fullHistory',
    }),
    movements: useQuery({
      ...fiscalQueries.tracking('cash-register-variation', { objectId: id }),
      enabled: tab === 'movements',
    }),
    credits: useQuery({ ...fiscalQueries.tracking('credit', { objectId: id }), enabled: tab === 'credits' }),
    // Always read: the tab shows how many there are.
    interventions: useQuery(fiscalQueries.interventions({ serviceId: id })),
  };
  const columns = useMemo(
    () => ({
      service: serviceColumns(t),
      orders: orderColumns(t),
      tracking: trackingColumns(t),
      strip: controlStripColumns(t),
      movements: cashMovementColumns(t),
      credits: creditColumns(t),
      interventions: interventionColumns(t),
    }),
    [t],
  );
  const service = state.row ?? serviceQuery.data?.[0];

  if ((serviceQuery.isError && isNotFound(serviceQuery.error)) || (serviceQuery.isSuccess && !service)) {
    return <Navigate to="/404" replace />;
  }

  const title = service
    ? t('fiscal.service.title', { number: service.number })
    : t('fiscal.service.titleUnknown');
  const subtitle = service
    ? `${service.registerName} · ${service.companyName} · ${formatCell('day', service.business_day)}`
    : undefined;
  const tableTitle = (
    key: 'orders' | 'history' | 'strip' | 'fullHistory' | 'movements' | 'credits' | 'interventions',
  ) => t(`fiscal.service.table.${key}`, { title });

  function openOrder(order: FiscalOrder) {
    const link = detailLink('commandes', order.id, {
      row: order,
      registerId: order.registerId,
      serviceId: id,
    });
    void navigate(link.to, { state: link.state });
  }
  function openMovement(movement: FiscalCashMovement) {
    const link = detailLink('mvtcaisse', movement.id, {
      row: movement,
      registerId: movement.registerId,
      serviceId: id,
    });
    void navigate(link.to, { state: link.state });
  }
  function openCredit(credit: FiscalCredit) {
    const link = detailLink('credit', credit.id, {
      row: credit,
      registerId: credit.registerId,
      serviceId: id,
    });
    void navigate(link.to, { state: link.state });
  }

  let panel;
  switch (tab) {
    case 'orders':
      panel = (
        <FiscalQueryTable
          caption={tableTitle('orders')}
          columns={columns.orders}
          query={queries.orders}
          rowKey={(order) => order.id}
          onOpenRow={openOrder}
          openRowLabel={(order) => t('fiscal.order.open', { number: order.number })}
        />
      );
      break;
    case 'history':
    case 'fullHistory':
      panel = (
        <FiscalQueryTable
          key={tab}
          caption={tableTitle(tab)}
          columns={columns.tracking}
          query={queries[tab]}
          rowKey={(entry) => entry.id}
          rowTone={trackingRowTone}
          pageSize={tab === 'fullHistory' ? LONG_PAGE_SIZE : undefined}
        />
      );
      break;
    case 'strip':
      panel = (
        <FiscalQueryTable
          caption={tableTitle('strip')}
          columns={columns.strip}
          query={queries.strip}
          rowKey={(row) => row.id}
          pageSize={LONG_PAGE_SIZE}
        />
      );
      break;
    case 'movements':
      panel = (
        <FiscalQueryTable
          caption={tableTitle('movements')}
          columns={columns.movements}
          query={queries.movements}
          rowKey={(movement) => movement.id}
          onOpenRow={openMovement}
          openRowLabel={(movement) =>
            t('fiscal.movement.open', { time: formatCell('dateTime', movement.timestamp) })
          }
        />
      );
      break;
    case 'credits':
      panel = (
        <FiscalQueryTable
          caption={tableTitle('credits')}
          columns={columns.credits}
          query={queries.credits}
          rowKey={(credit) => credit.id}
          onOpenRow={openCredit}
          openRowLabel={(credit) =>
            t('fiscal.credit.open', { time: formatCell('dateTime', credit.timestamp) })
          }
        />
      );
      break;
    case 'interventions':
      panel = (
        <FiscalQueryTable
          caption={tableTitle('interventions')}
          columns={columns.interventions}
          query={queries.interventions}
          rowKey={(row) => row.id}
        />
      );
      break;
  }

  return (
    <FiscalDetailFrame
      title={title}
      subtitle={subtitle}
      isLoading={serviceQuery.isLoading || queries[tab].isLoading}
      actions={
        <PdfPrintButton
          target={{ action: 'z', serviceId: id, ...(service ? { cashRegisterId: service.registerId } : {}) }}
          label={t('fiscal.pdf.showZ')}
          title={t('fiscal.pdf.zServiceTitle', { title })}
          fileName={`rapport-z-${service?.business_day ?? id}.pdf`}
        />
      }
      info={service ? <InfoPanel columns={columns.service} row={service} /> : null}
    >
      {serviceQuery.isError ? (
        <ErrorState
          message={t(fiscalErrorMessage(serviceQuery.error))}
          retryLabel={t('common.retry')}
          onRetry={() => void serviceQuery.refetch()}
        />
      ) : (
        <Tabs
          label={t('fiscal.service.tabs')}
          selected={tab}
          onSelect={select}
          tabs={[
            { id: 'orders', label: t('fiscal.service.tab.orders') },
            { id: 'history', label: t('fiscal.service.tab.history') },
            { id: 'strip', label: t('fiscal.service.tab.strip') },
            { id: 'fullHistory', label: t('fiscal.service.tab.fullHistory') },
            { id: 'movements', label: t('fiscal.service.tab.movements') },
            { id: 'credits', label: t('fiscal.service.tab.credits') },
            {
              id: 'interventions',
              label: t('fiscal.service.tab.interventions'),
              ...(queries.interventions.data ? { count: queries.interventions.data.length } : {}),
            },
          ]}
        >
          {panel}
        </Tabs>
      )}
    </FiscalDetailFrame>
  );
}
