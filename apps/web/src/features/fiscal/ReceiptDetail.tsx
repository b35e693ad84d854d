import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FiscalReceipt } from '@comptoir/contracts';
import { useI18n } from './fiscal.i18n';
import { SHORT_PAGE_SIZE } from '../../ui/paging';
import { formatCell } from '../../ui/tableCells';
import { receiptColumns, receiptDetailColumns, vatColumns } from './fiscalColumns';
import { useDetailState } from './fiscalNavigation';
import { fiscalQueries } from './fiscalQueries';
import { FiscalQueryTable } from './FiscalTable';
import { PdfPrintButton } from './PdfPrintButton';
import { RecordDetail } from './RecordDetail';

/** A register print: its history, its lines and VAT lines, and its duplicate as a PDF. */
export function ReceiptDetail({ id }: { id: string }) {
  const { t } = useI18n();
  const state = useDetailState<FiscalReceipt>(id);
  const recordQuery = useQuery({
    ...fiscalQueries.tracking('receipt', { receiptId: id }),
    enabled: !state.row,
  });
  const details = useQuery(fiscalQueries.tracking('receipt-detail', { receiptId: id }));
  const taxes = useQuery(fiscalQueries.tracking('receipt-detail-tax', { receiptId: id }));
  const receipt = state.row ?? recordQuery.data?.find((candidate) => candidate.id === id);
  const columns = useMemo(
    () => ({ receipt: receiptColumns(t), details: receiptDetailColumns(t), taxes: vatColumns(t) }),
    [t],
  );
  const title = receipt
    ? t('fiscal.receipt.title', { name: receipt.name, number: receipt.number })
    : t('fiscal.receipt.titleUnknown');
  return (
    <RecordDetail
      id={id}
      title={title}
      subtitle={receipt ? formatCell('dateTime', receipt.timestamp) : undefined}
      columns={columns.receipt}
      record={receipt}
      recordQuery={state.row ? null : recordQuery}
      historyCaption={t('fiscal.table.history', { title })}
      actions={
        <PdfPrintButton
          target={{ action: 'receipt', receiptId: id }}
          label={t('fiscal.pdf.showReceipt')}
          title={t('fiscal.pdf.receiptTitle', { title })}
          fileName={`impression-${receipt?.number ?? id}.pdf`}
        />
      }
    >
      <section className="card fiscal-table-card">
        <FiscalQueryTable
          caption={t('fiscal.receipt.table.details', { title })}
          columns={columns.details}
          query={details}
          rowKey={(detail) => detail.id}
        />
      </section>
      <section className="card fiscal-table-card">
        <FiscalQueryTable
          caption={t('fiscal.receipt.table.taxes', { title })}
          columns={columns.taxes}
          query={taxes}
          rowKey={(tax) => `${tax.id}`}
          pageSize={SHORT_PAGE_SIZE}
        />
      </section>
    </RecordDetail>
  );
}
