import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { FiscalOrder, FiscalOrderLine, FiscalPaymentLine, FiscalReceipt } from '@comptoir/contracts';
import { useI18n } from './fiscal.i18n';
import { ErrorState } from '../../ui/ErrorState';
import { LONG_PAGE_SIZE } from '../../ui/paging';
import { formatCell } from '../../ui/tableCells';
import { Tabs } from '../../ui/Tabs';
import {
  controlStripColumns,
  orderColumns,
  orderLineColumns,
  paymentLineColumns,
  receiptColumns,
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

const TABS = ['history', 'strip', 'lines', 'payments', 'receipts'] as const;
type OrderTab = (typeof TABS)[number];

/** Order detail (spec 2 §2): Historique, Bande de contrôle, Lignes de commande, Paiements, Impressions. */
export function OrderDetail({ id }: { id: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const state = useDetailState<FiscalOrder>(id);
  const orderQuery = useQuery({
    ...fiscalQueries.tracking('commandes', { orderId: id }),
    enabled: !state.row,
  });
  const [tab, select] = useStoredTab<OrderTab>('commandes', TABS, 'history');
  const queries = {
    history: useQuery({ ...fiscalQueries.tracking('order', { orderId: id }), enabled: tab === 'history' }),
    strip: useQuery({ ...fiscalQueries.salesControlStrip(id), enabled: tab === 'strip' }),
    lines: useQuery({ ...fiscalQueries.tracking('order-line', { orderId: id }), enabled: tab === 'lines' }),
    payments: useQuery({
      ...fiscalQueries.tracking('payment-line', { orderId: id }),
      enabled: tab === 'payments',
    }),
    receipts: useQuery({
      ...fiscalQueries.tracking('receipt', { orderId: id }),
      enabled: tab === 'receipts',
    }),
  };
  const columns = useMemo(
    () => ({
      order: orderColumns(t),
      tracking: trackingColumns(t),
      strip: controlStripColumns(t),
      lines: orderLineColumns(t),
      payments: paymentLineColumns(t),
      receipts: receiptColumns(t),
    }),
    [t],
  );
  const order = state.row ?? orderQuery.data?.[0];

  if ((orderQuery.isError && isNotFound(orderQuery.error)) || (orderQuery.isSuccess && !order)) {
    return <Navigate to="/404" replace />;
  }

  const title = order ? t('fiscal.order.title', { number: order.number }) : t('fiscal.order.titleUnknown');
  const subtitle = order
    ? t('fiscal.order.subtitle', {
        opening: formatCell('dateTime', order.opening_date),
        closing: formatCell('dateTime', order.closing_date),
      })
    : undefined;
  const parent = { orderId: id, registerId: order?.registerId ?? state.registerId ?? null };

  function openLine(line: FiscalOrderLine) {
    const link = detailLink('orderlines', line.id, { row: line, ...parent });
    void navigate(link.to, { state: link.state });
  }
  function openPayment(line: FiscalPaymentLine) {
    const link = detailLink('paymentlines', line.id, { row: line, ...parent });
    void navigate(link.to, { state: link.state });
  }
  function openReceipt(receipt: FiscalReceipt) {
    const link = detailLink('receipt', receipt.id, { row: receipt, ...parent });
    void navigate(link.to, { state: link.state });
  }

  let panel;
  switch (tab) {
    case 'history':
      panel = (
        <FiscalQueryTable
          caption={t('fiscal.order.table.history', { title })}
          columns={columns.tracking}
          query={queries.history}
          rowKey={(entry) => entry.id}
          rowTone={trackingRowTone}
        />
      );
      break;
    case 'strip':
      panel = (
        <FiscalQueryTable
          caption={t('fiscal.order.table.strip', { title })}
          columns={columns.strip}
          query={queries.strip}
          rowKey={(row) => row.id}
          pageSize={LONG_PAGE_SIZE}
        />
      );
      break;
    case 'lines':
      panel = (
        <FiscalQueryTable
          caption={t('fiscal.order.table.lines', { title })}
          columns={columns.lines}
          query={queries.lines}
          rowKey={(line) => line.id}
          onOpenRow={openLine}
          // The same product can be keyed twice: its position in the order tells the lines apart.
          openRowLabel={(line) =>
            t('fiscal.orderLine.open', {
              position: (queries.lines.data?.findIndex((candidate) => candidate.id === line.id) ?? 0) + 1,
              product: line.product_name,
            })
          }
        />
      );
      break;
    case 'payments':
      panel = (
        <FiscalQueryTable
          caption={t('fiscal.order.table.payments', { title })}
          columns={columns.payments}
          query={queries.payments}
          rowKey={(line) => line.id}
          onOpenRow={openPayment}
          openRowLabel={(line) => t('fiscal.paymentLine.open', { name: line.name })}
        />
      );
      break;
    case 'receipts':
      panel = (
        <FiscalQueryTable
          caption={t('fiscal.order.table.receipts', { title })}
          columns={columns.receipts}
          query={queries.receipts}
          rowKey={(receipt) => receipt.id}
          onOpenRow={openReceipt}
          openRowLabel={(receipt) => t('fiscal.receipt.open', { number: receipt.number })}
        />
      );
      break;
  }

  return (
    <FiscalDetailFrame
      title={title}
      subtitle={subtitle}
      isLoading={orderQuery.isLoading || queries[tab].isLoading}
      actions={
        <PdfPrintButton
          target={{ action: 'ticket', orderId: id }}
          label={t('fiscal.pdf.showTicket')}
          title={t('fiscal.pdf.ticketTitle', { title })}
          fileName={`ticket-${order?.number ?? id}.pdf`}
        />
      }
      info={order ? <InfoPanel columns={columns.order} row={order} /> : null}
    >
      {orderQuery.isError ? (
        <ErrorState
          message={t(fiscalErrorMessage(orderQuery.error))}
          retryLabel={t('common.retry')}
          onRetry={() => void orderQuery.refetch()}
        />
      ) : (
        <Tabs
          label={t('fiscal.order.tabs')}
          selected={tab}
          onSelect={select}
          tabs={[
            { id: 'history', label: t('fiscal.order.tab.history') },
            { id: 'strip', label: t('fiscal.order.tab.strip') },
            { id: 'lines', label: t('fiscal.order.tab.lines') },
            { id: 'payments', label: t('fiscal.order.tab.payments') },
            { id: 'receipts', label: t('fiscal.order.tab.receipts') },
          ]}
        >
          {panel}
        </Tabs>
      )}
    </FiscalDetailFrame>
  );
}
