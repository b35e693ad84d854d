import { productTypeLabel, SALES_LINES_HEADERS, type SalesLine } from '@comptoir/contracts';
import { useI18n } from './data-export.i18n';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';

const COLUMNS: readonly DataTableColumn<SalesLine>[] = [
  { id: 'company', header: SALES_LINES_HEADERS[0], value: (line) => line.companyName, isRowHeader: true },
  { id: 'line', header: SALES_LINES_HEADERS[1], value: (line) => line.lineId },
  { id: 'soldAt', header: SALES_LINES_HEADERS[2], kind: 'reportDateTime', value: (line) => line.soldAt },
  { id: 'productType', header: SALES_LINES_HEADERS[3], value: (line) => productTypeLabel(line.productType) },
  { id: 'productId', header: SALES_LINES_HEADERS[4], value: (line) => line.productId },
  { id: 'productName', header: SALES_LINES_HEADERS[5], value: (line) => line.productName },
  { id: 'evat', header: SALES_LINES_HEADERS[6], kind: 'money', value: (line) => line.amountEvat },
  { id: 'tax', header: SALES_LINES_HEADERS[7], kind: 'money', value: (line) => line.amountTax },
  {
    id: 'ivat',
    header: SALES_LINES_HEADERS[8],
    kind: 'money',
    value: (line) => line.amountIvat,
    tone: (line) => (line.amountIvat < 0 ? 'negative' : undefined),
  },
  { id: 'parent', header: SALES_LINES_HEADERS[9], value: (line) => line.parentId },
  { id: 'room', header: SALES_LINES_HEADERS[10], value: (line) => line.roomId },
  { id: 'roomName', header: SALES_LINES_HEADERS[11], value: (line) => line.roomName },
];

/** The preview's 12 columns (spec 3 §3), named as in the file. */
export function SalesLinesPreviewTable({ lines, total }: { lines: readonly SalesLine[]; total: number }) {
  const { t, plural } = useI18n();
  return (
    <>
      <p className="sales-lines-count" role="status">
        {lines.length < total
          ? t('salesLinesExport.previewCount', { shown: lines.length, total })
          : plural('salesLinesExport.previewAll', total)}
      </p>
      <DataTable
        caption={t('salesLinesExport.preview')}
        isCaptionHidden
        columns={COLUMNS}
        rows={lines}
        rowKey={(line) => line.lineId}
        fileTitle="lignes-ventes-apercu"
      />
    </>
  );
}
