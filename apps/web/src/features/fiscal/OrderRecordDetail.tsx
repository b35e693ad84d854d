import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Translator } from './fiscal.i18n';
import { useI18n } from './fiscal.i18n';
import type { DataTableColumn } from '../../ui/DataTable';
import { formatCell } from '../../ui/tableCells';
import { useDetailState } from './fiscalNavigation';
import { RecordDetail } from './RecordDetail';

/**
 * An order's line or payment line and its history; opened directly, the record is found among its
 * order's records of that kind.
 */
export function OrderRecordDetail<Row extends { id: string; timestamp: string }, Key extends QueryKey>({
  id,
  orderRecords,
  columns,
  title,
}: {
  id: string;
  /** Reads the order's records of this kind (tracking), where a directly opened record is looked for. */
  orderRecords: (orderId: string | undefined) => UseQueryOptions<Row[], Error, Row[], Key>;
  columns: (t: Translator['t']) => DataTableColumn<Row>[];
  /** The screen's title, for the record or, while it is not found, without it. */
  title: (record: Row | undefined) => string;
}) {
  const { t } = useI18n();
  const state = useDetailState<Row>(id);
  const recordQuery = useQuery({ ...orderRecords(state.orderId), enabled: !state.row });
  const record = state.row ?? recordQuery.data?.find((candidate) => candidate.id === id);
  const tableColumns = useMemo(() => columns(t), [columns, t]);
  const titleText = title(record);
  return (
    <RecordDetail
      id={id}
      title={titleText}
      subtitle={record ? formatCell('dateTime', record.timestamp) : undefined}
      columns={tableColumns}
      record={record}
      recordQuery={state.row ? null : recordQuery}
      historyCaption={t('fiscal.table.history', { title: titleText })}
    />
  );
}
