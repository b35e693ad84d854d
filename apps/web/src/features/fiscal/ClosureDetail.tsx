import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { FiscalClosure, FiscalService } from '@comptoir/contracts';
import { useI18n } from './fiscal.i18n';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { SHORT_PAGE_SIZE } from '../../ui/paging';
import { formatCell } from '../../ui/tableCells';
import { Tabs } from '../../ui/Tabs';
import {
  closureInfoColumns,
  closurePaymentColumns,
  closureTypeLabel,
  serviceColumns,
  trackingColumns,
  vatColumns,
} from './fiscalColumns';
import { fiscalErrorMessage, isNotFound } from './fiscalErrors';
import { detailLink, useDetailState } from './fiscalNavigation';
import { fiscalQueries } from './fiscalQueries';
import { FiscalDetailFrame } from './FiscalDetailFrame';
import { FiscalQueryTable, FiscalTable, trackingRowTone } from './FiscalTable';
import { InfoPanel } from './InfoPanel';
import { PdfPrintButton } from './PdfPrintButton';
import { useStoredTab } from './useStoredTab';

const TABS = ['services', 'vat', 'payments', 'serverJournal'] as const;
type ClosureTab = (typeof TABS)[number];

/** Closure detail (spec 2 §2): 1 services of the closure, 2 VAT details, 3 payments. */
export function ClosureDetail({ id }: { id: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const state = useDetailState<FiscalClosure>(id);
  const closureQuery = useQuery(fiscalQueries.closure(id));
  const [selected, select] = useStoredTab<ClosureTab>('clotures', TABS, 'services');
  const closure = closureQuery.data ?? state.row;
  // Server closures cover an establishment: their journal is the server's own tracking.
  const hasServerJournal = closure?.source === 'server';
  const tab: ClosureTab = selected === 'serverJournal' && !hasServerJournal ? 'services' : selected;
  const serverJournal = useQuery({
    ...fiscalQueries.trackingServer({
      startDate: closure?.start_date ?? '',
      endDate: closure?.end_date ?? '',
    }),
    enabled: tab === 'serverJournal' && closure !== undefined,
  });
  const columns = useMemo(
    () => ({
      info: closureInfoColumns(t),
      services: serviceColumns(t),
      vat: vatColumns(t),
      payments: closurePaymentColumns(t),
      tracking: trackingColumns(t),
    }),
    [t],
  );

  if ((closureQuery.isError && isNotFound(closureQuery.error)) || closureQuery.data === null) {
    return <Navigate to="/404" replace />;
  }

  const period = closure
    ? t('fiscal.period', {
        start: formatCell('day', closure.start_date),
        end: formatCell('day', closure.end_date),
      })
    : '';
  const place = closure ? (closure.registerName ?? closure.companyName) : '';

  function openService(service: FiscalService) {
    const link = detailLink('services', service.id, { row: service, registerId: service.registerId });
    void navigate(link.to, { state: link.state });
  }

  let body;
  if (closureQuery.isError) {
    body = (
      <ErrorState
        message={t(fiscalErrorMessage(closureQuery.error))}
        retryLabel={t('common.retry')}
        onRetry={() => void closureQuery.refetch()}
      />
    );
  } else if (!closureQuery.data) {
    body = <LoadingState label={t('common.loading')} />;
  } else {
    const detail = closureQuery.data;
    body = (
      <Tabs
        label={t('fiscal.closure.tabs')}
        selected={tab}
        onSelect={select}
        tabs={[
          { id: 'services', label: t('fiscal.closure.tab.services'), count: detail.services.length },
          { id: 'vat', label: t('fiscal.closure.tab.vat') },
          { id: 'payments', label: t('fiscal.closure.tab.payments') },
          ...(hasServerJournal
            ? [{ id: 'serverJournal' as const, label: t('fiscal.closure.tab.serverJournal') }]
            : []),
        ]}
      >
        {tab === 'services' ? (
          <FiscalTable
            caption={t('fiscal.closure.servicesTable', { place, period })}
            columns={columns.services}
            rows={detail.services}
            rowKey={(service) => service.id}
            onOpenRow={openService}
            openRowLabel={(service) => t('fiscal.service.open', { number: service.number })}
          />
        ) : tab === 'vat' ? (
          <FiscalTable
            caption={t('fiscal.closure.vatTable', { place, period })}
            columns={columns.vat}
            rows={detail.vat}
            rowKey={(tax) => String(tax.tax_rate)}
            pageSize={SHORT_PAGE_SIZE}
          />
        ) : tab === 'payments' ? (
          <FiscalTable
            caption={t('fiscal.closure.paymentsTable', { place, period })}
            columns={columns.payments}
            rows={detail.payments}
            rowKey={(payment) => payment.id_payment}
          />
        ) : (
          <FiscalQueryTable
            caption={t('fiscal.closure.serverJournalTable', { place, period })}
            columns={columns.tracking}
            query={serverJournal}
            rowKey={(entry) => entry.id}
            rowTone={trackingRowTone}
          />
        )}
      </Tabs>
    );
  }

  return (
    <FiscalDetailFrame
      title={closure ? `${closureTypeLabel(t, closure.type)} · ${place}` : t('fiscal.closure.title')}
      subtitle={period}
      isLoading={closureQuery.isLoading || (tab === 'serverJournal' && serverJournal.isLoading)}
      actions={
        <PdfPrintButton
          target={{
            action: 'z',
            closureId: id,
            ...(closure?.registerId ? { cashRegisterId: closure.registerId } : {}),
          }}
          label={t('fiscal.pdf.showZ')}
          title={t('fiscal.pdf.zTitle', { place, period })}
          fileName={`rapport-z-${closure?.start_date ?? id}.pdf`}
        />
      }
      info={closure ? <InfoPanel columns={columns.info} row={closure} /> : null}
    >
      {body}
    </FiscalDetailFrame>
  );
}
