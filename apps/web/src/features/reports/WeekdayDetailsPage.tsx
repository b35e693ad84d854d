import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { WeekdayDetails } from '@comptoir/contracts';
import { useI18n } from './reports.i18n';
import { BarChart } from '../../ui/charts/BarChart';
import { ChartFigure } from '../../ui/charts/ChartFigure';
import { HeatMap } from '../../ui/charts/HeatMap';
import type { DataTableColumn } from '../../ui/DataTable';
import { formatMoney } from '../../ui/money';
import { formatInteger } from '../../ui/numbers';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { ReportFrame, type ReportContext } from './ReportFrame';
import { formatEurosTick, hoursOfBusinessDay } from './reportFormat';
import { reportQueries } from './reportQueries';
import { ReportStatus } from './ReportStatus';
import { ReportTable } from './ReportTable';
import {
  isEmptyWeekdays,
  isWeekday,
  WEEKDAYS,
  weekdayHourGrid,
  weekdayRows,
  type HeatMetric,
} from './weekdayFigures';

type WeekdayRow = WeekdayDetails['weekdays'][number];

/** Weekday details: when in the week and in the day the establishments sell, and the averages per weekday. */
export function WeekdayDetailsPage({ title }: { title?: string }) {
  const { t } = useI18n();
  return (
    <ReportFrame title={title ?? t('area.weekdaysDetails')}>
      {(context) => <WeekdayDetailsReport context={context} />}
    </ReportFrame>
  );
}

function WeekdayDetailsReport({ context }: { context: ReportContext }) {
  const query = useQuery({
    ...reportQueries.weekdayDetails(context.filters),
    placeholderData: keepPreviousData,
  });
  return (
    <ReportStatus query={query} isEmpty={isEmptyWeekdays}>
      {(data) => (
        <div className="report-sections">
          <WeekdayHeatMap data={data} context={context} />
          <WeekdayAverages data={data} context={context} />
        </div>
      )}
    </ReportStatus>
  );
}

function WeekdayHeatMap({ data, context }: { data: WeekdayDetails; context: ReportContext }) {
  const { t } = useI18n();
  const [metric, setMetric] = useState<HeatMetric>('turnoverIvat');
  const value = weekdayHourGrid(data.cells);
  const hours = hoursOfBusinessDay(context.dayStartHour);
  const format = metric === 'turnoverIvat' ? formatMoney : formatInteger;
  const caption = t(
    metric === 'turnoverIvat' ? 'reports.weekdays.heatTurnover' : 'reports.weekdays.heatOrders',
  );
  const columns: DataTableColumn<number>[] = [
    {
      id: 'hour',
      header: t('reports.column.hour'),
      value: (hour) => t('reports.hour', { hour }),
      isRowHeader: true,
    },
    ...WEEKDAYS.map((weekday): DataTableColumn<number> => ({
      id: String(weekday),
      header: t(`reports.weekday.${weekday}`),
      kind: metric === 'turnoverIvat' ? 'money' : 'integer',
      value: (hour) => value(weekday, hour, metric),
    })),
  ];
  return (
    <ChartFigure
      caption={caption}
      controls={
        <SegmentedControl
          legend={t('reports.weekdays.metric')}
          options={[
            { value: 'turnoverIvat', label: t('reports.weekdays.metric.turnover') },
            { value: 'orders', label: t('reports.weekdays.metric.orders') },
          ]}
          value={metric}
          onChange={setMetric}
        />
      }
      chart={
        <HeatMap
          rows={WEEKDAYS.map((weekday) => ({
            key: String(weekday),
            label: t(`reports.weekday.${weekday}`),
            shortLabel: t(`reports.weekdayShort.${weekday}`),
          }))}
          columns={hours.map((hour) => ({ key: String(hour), label: t('reports.hourShort', { hour }) }))}
          value={(weekday, hour) => value(Number(weekday), Number(hour), metric)}
          formatValue={format}
        />
      }
      table={
        <ReportTable
          caption={caption}
          isCaptionHidden
          filters={context.filters}
          columns={columns}
          rows={hours}
          rowKey={String}
          pageSize={24}
        />
      }
    />
  );
}

function WeekdayAverages({ data, context }: { data: WeekdayDetails; context: ReportContext }) {
  const { t } = useI18n();
  const rows = weekdayRows(data.weekdays);
  const weekdayName = (weekday: number) =>
    isWeekday(weekday) ? t(`reports.weekday.${weekday}`) : String(weekday);
  const caption = t('reports.weekdays.averages');
  const columns: DataTableColumn<WeekdayRow>[] = [
    {
      id: 'weekday',
      header: t('reports.column.weekday'),
      value: (row) => weekdayName(row.weekday),
      isRowHeader: true,
    },
    { id: 'days', header: t('reports.weekdays.column.days'), kind: 'integer', value: (row) => row.days },
    {
      id: 'turnover',
      header: t('reports.column.turnoverIvat'),
      kind: 'money',
      value: (row) => row.turnoverIvat,
    },
    {
      id: 'average',
      header: t('reports.weekdays.column.averageTurnover'),
      kind: 'money',
      value: (row) => row.averageTurnoverIvat,
    },
    { id: 'orders', header: t('reports.column.orders'), kind: 'integer', value: (row) => row.orders },
    {
      id: 'averageOrders',
      header: t('reports.weekdays.column.averageOrders'),
      kind: 'decimal',
      value: (row) => row.averageOrders,
    },
    { id: 'covers', header: t('reports.column.covers'), kind: 'integer', value: (row) => row.covers },
  ];
  return (
    <ChartFigure
      caption={caption}
      note={t('reports.weekdays.averagesNote')}
      chart={
        <BarChart
          bars={rows.map((row) => ({
            key: String(row.weekday),
            label: weekdayName(row.weekday),
            value: row.averageTurnoverIvat,
          }))}
          formatValue={formatMoney}
          formatTick={formatEurosTick}
        />
      }
      table={
        <ReportTable
          caption={caption}
          isCaptionHidden
          filters={context.filters}
          columns={columns}
          rows={rows}
          rowKey={(row) => String(row.weekday)}
        />
      }
    />
  );
}
