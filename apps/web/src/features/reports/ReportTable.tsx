import { useI18n } from './reports.i18n';
import { DataTable, type DataTableColumn, type RemotePaging } from '../../ui/DataTable';
import type { ReportFilters } from './reportFilters';

/**
 * A report table (a chart's alternative or a table of its own) whose CSV file is named after the
 * table and the period it covers.
 */
export function ReportTable<Row>({
  caption,
  filters,
  ...props
}: {
  caption: string;
  filters: ReportFilters;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  isCaptionHidden?: boolean;
  pageSize?: number;
  onOpenRow?: (row: Row) => void;
  openRowLabel?: (row: Row) => string;
  remotePaging?: RemotePaging<Row>;
}) {
  const { t } = useI18n();
  return (
    <DataTable
      caption={caption}
      fileTitle={t('reports.fileTitle', { table: caption, begin: filters.begin, end: filters.end })}
      {...props}
    />
  );
}
