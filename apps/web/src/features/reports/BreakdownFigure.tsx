import type { BreakdownRow } from '@comptoir/contracts';
import { useI18n } from './reports.i18n';
import { BarChart } from '../../ui/charts/BarChart';
import { ChartFigure } from '../../ui/charts/ChartFigure';
import type { DataTableColumn } from '../../ui/DataTable';
import { formatMoney } from '../../ui/money';
import { formatEurosTick } from './reportFormat';
import type { ReportFilters } from './reportFilters';
import { ReportTable } from './ReportTable';
import { sharePercent } from './salesFigures';

/** Extra columns a breakdown's table shows besides its label, amount and share. */
export type BreakdownDetail = 'quantity' | 'orders' | 'vat';

/** The chart shows this many rows at most; its table has them all. */
const MAX_BARS = 12;

/**
 * One breakdown of the sales analysis: bars of the amount per row, and the same rows as a table
 * (label, the chosen counts, amount, share of the total).
 */
export function BreakdownFigure({
  caption,
  rows,
  amount,
  amountHeader,
  filters,
  label: labelOf = (row) => row.label,
  details = [],
  layout = 'rows',
  labelHeader,
  className,
}: {
  caption: string;
  /** Already in the order to show. */
  rows: readonly BreakdownRow[];
  amount: (row: BreakdownRow) => number;
  amountHeader: string;
  filters: ReportFilters;
  label?: (row: BreakdownRow) => string;
  details?: readonly BreakdownDetail[];
  layout?: 'rows' | 'columns';
  labelHeader: string;
  className?: string;
}) {
  const { t } = useI18n();
  const label = (row: BreakdownRow) => labelOf(row) || t('reports.notSet');
  const total = rows.reduce((sum, row) => sum + amount(row), 0);
  const columns: DataTableColumn<BreakdownRow>[] = [
    { id: 'label', header: labelHeader, value: label, isRowHeader: true },
  ];
  if (details.includes('quantity')) {
    columns.push({
      id: 'quantity',
      header: t('reports.column.quantity'),
      kind: 'integer',
      value: (row) => row.quantity,
    });
  }
  if (details.includes('orders')) {
    columns.push({
      id: 'orders',
      header: t('reports.column.orders'),
      kind: 'integer',
      value: (row) => row.orders,
    });
  }
  if (details.includes('vat')) {
    columns.push(
      { id: 'base', header: t('reports.column.vatBase'), kind: 'money', value: (row) => row.turnoverEvat },
      { id: 'tax', header: t('reports.column.vatAmount'), kind: 'money', value: (row) => row.tax },
    );
  }
  columns.push(
    { id: 'amount', header: amountHeader, kind: 'money', value: amount },
    {
      id: 'share',
      header: t('reports.column.share'),
      kind: 'percent',
      value: (row) => sharePercent(amount(row), total),
    },
  );

  const shown = layout === 'rows' && rows.length > MAX_BARS ? rows.slice(0, MAX_BARS) : rows;
  return (
    <ChartFigure
      className={className}
      caption={caption}
      note={
        shown.length < rows.length
          ? t('reports.chart.truncated', { shown: MAX_BARS, total: rows.length })
          : undefined
      }
      chart={
        <BarChart
          layout={layout}
          bars={shown.map((row) => ({ key: row.key, label: label(row), value: amount(row) }))}
          formatValue={formatMoney}
          formatTick={formatEurosTick}
        />
      }
      table={
        <ReportTable
          caption={caption}
          isCaptionHidden
          filters={filters}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.key}
        />
      }
    />
  );
}
