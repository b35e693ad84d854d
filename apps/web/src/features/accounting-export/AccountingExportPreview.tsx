import { useMemo } from 'react';
import { FEC_ROW_FIELDS, type FecRow, type FecRowField, formatBusinessDay } from '@comptoir/contracts';
import type { MessageKey } from './accounting-export.i18n';
import { useI18n } from './accounting-export.i18n';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { dayRuns, fecDayText } from './accountingExportRules';

const MONEY_FIELDS: ReadonlySet<FecRowField> = new Set(['debit', 'credit']);
const DAY_FIELDS: ReadonlySet<FecRowField> = new Set(['date', 'numberCaisseDate', 'dateLet', 'validDate']);

/** The 18 FEC columns (spec 3 §3) in the file's order: amounts as money, `YYYYMMDD` days as `DD/MM/YYYY`. */
export function useFecColumns(): DataTableColumn<FecRow>[] {
  const { t } = useI18n();
  return useMemo(
    () =>
      FEC_ROW_FIELDS.map((field): DataTableColumn<FecRow> => {
        const header = t(`accountingExport.column.${field}` as MessageKey);
        if (MONEY_FIELDS.has(field)) return { id: field, header, kind: 'money', value: (row) => row[field] };
        if (DAY_FIELDS.has(field))
          return { id: field, header, value: (row) => fecDayText(String(row[field])) };
        if (field === 'ecritureNum')
          return { id: field, header, kind: 'integer', value: (row) => row[field] };
        return { id: field, header, value: (row) => row[field] };
      }),
    [t],
  );
}

export function AccountingExportPreview({
  rows,
  total,
  exportedDays = [],
  openFrom = null,
  isLoading,
  error,
  onRetry,
}: {
  rows: readonly FecRow[] | undefined;
  total: number | undefined;
  /** The days a FEC already booked: their entries keep that FEC's numbers. */
  exportedDays?: readonly string[];
  /** The first day not closed yet: it and the days after it are neither shown nor exported. */
  openFrom?: string | null;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  const { t } = useI18n();
  const columns = useFecColumns();
  // Several lines of an entry share its number: a line is known by its place in the preview.
  const keys = useMemo(() => new Map(rows?.map((row, index) => [row, String(index)])), [rows]);
  if (error !== null) return <ErrorState message={error} retryLabel={t('common.retry')} onRetry={onRetry} />;
  if (isLoading || rows === undefined || total === undefined) {
    return <LoadingState label={t('accountingExport.preview.loading')} />;
  }
  const openNote = openFrom ? (
    <p className="accounting-export-note" role="note">
      {t('accountingExport.preview.open', { day: formatBusinessDay(openFrom) })}
    </p>
  ) : null;
  if (total === 0) {
    return (
      <>
        {openNote}
        <EmptyState
          title={t('accountingExport.preview.empty')}
          hint={t('accountingExport.preview.emptyHint')}
        />
      </>
    );
  }
  return (
    <div className="accounting-export-preview">
      <p className="accounting-export-total" role="status">
        {t('accountingExport.preview.total', { shown: rows.length, total })}
      </p>
      <p className="accounting-export-note">
        {exportedDays.length > 0
          ? t('accountingExport.preview.exported', {
              count: exportedDays.length,
              days: dayRuns(exportedDays)
                .map(({ first, last }) =>
                  first === last
                    ? formatBusinessDay(first)
                    : t('accountingExport.preview.dayRun', {
                        first: formatBusinessDay(first),
                        last: formatBusinessDay(last),
                      }),
                )
                .join(', '),
            })
          : t('accountingExport.preview.numbering')}
      </p>
      {openNote}
      <DataTable
        caption={t('accountingExport.preview.caption')}
        columns={columns}
        rows={rows}
        rowKey={(row) => keys.get(row) ?? ''}
        pageSize={25}
      />
    </div>
  );
}
