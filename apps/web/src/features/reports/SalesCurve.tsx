import { formatBusinessDay } from '@comptoir/contracts';
import type { Granularity, SalesAnalysis } from '@comptoir/contracts';
import { useI18n } from './reports.i18n';
import { ChartFigure } from '../../ui/charts/ChartFigure';
import { LineChart } from '../../ui/charts/LineChart';
import type { DataTableColumn } from '../../ui/DataTable';
import { formatMoney } from '../../ui/money';
import { SegmentedControl } from '../../ui/SegmentedControl';
import type { ReportContext } from './ReportFrame';
import { bucketAxisLabel, formatEurosTick } from './reportFormat';
import { ReportTable } from './ReportTable';
import { bucketCoverage, turnover } from './salesFigures';

type Bucket = SalesAnalysis['series'][number];

const GRANULARITIES = ['day', 'week', 'month'] as const satisfies readonly Granularity[];

/** The turnover curve by day, week or month, with its table. */
export function SalesCurve({
  data,
  context,
  granularity,
  onGranularity,
}: {
  data: SalesAnalysis;
  context: ReportContext;
  granularity: Granularity;
  onGranularity: (granularity: Granularity) => void;
}) {
  const { t } = useI18n();
  const { isInclVat, filters } = context;
  const caption = t(isInclVat ? 'reports.curve.captionIvat' : 'reports.curve.captionEvat');
  const coverage = (bucket: string) => bucketCoverage(bucket, data.granularity, data.period);
  const periodLabel = (bucket: string) => {
    const day = formatBusinessDay(bucket);
    if (data.granularity === 'week') return t('reports.curve.weekOf', { day });
    return data.granularity === 'month' ? day.slice(3) : day;
  };
  const bucketLabel = (bucket: string) => {
    const { days, totalDays, isPartial } = coverage(bucket);
    const label = periodLabel(bucket);
    return isPartial ? t('reports.curve.partialBucket', { bucket: label, days, total: totalDays }) : label;
  };
  const columns: DataTableColumn<Bucket>[] = [
    {
      id: 'bucket',
      header: t(`reports.granularity.${data.granularity}`),
      value: (row) => bucketLabel(row.bucket),
      isRowHeader: true,
    },
    {
      id: 'turnover',
      header: t(isInclVat ? 'reports.column.turnoverIvat' : 'reports.column.turnoverEvat'),
      kind: 'money',
      value: (row) => turnover(row, isInclVat),
    },
    { id: 'orders', header: t('reports.column.orders'), kind: 'integer', value: (row) => row.orders },
    { id: 'covers', header: t('reports.column.covers'), kind: 'integer', value: (row) => row.covers },
  ];
  return (
    <ChartFigure
      caption={caption}
      controls={
        <SegmentedControl
          legend={t('reports.curve.granularity')}
          options={GRANULARITIES.map((value) => ({ value, label: t(`reports.granularity.${value}`) }))}
          value={granularity}
          onChange={onGranularity}
        />
      }
      chart={
        <LineChart
          points={data.series.map((row) => {
            const { days, isPartial } = coverage(row.bucket);
            return {
              key: row.bucket,
              label: bucketAxisLabel(row.bucket, data.granularity),
              longLabel: bucketLabel(row.bucket),
              value: turnover(row, isInclVat),
              partialMark: isPartial ? t('reports.curve.partialMark', { days }) : undefined,
            };
          })}
          formatValue={formatMoney}
          formatTick={formatEurosTick}
          partialLegend={t('reports.curve.partialLegend')}
        />
      }
      table={
        <ReportTable
          caption={caption}
          isCaptionHidden
          filters={filters}
          columns={columns}
          rows={data.series}
          rowKey={(row) => row.bucket}
        />
      }
    />
  );
}
