import { formatBusinessDay } from '@comptoir/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BreakdownRow, Granularity, SalesAnalysis } from '@comptoir/contracts';
import { useI18n } from './reports.i18n';
import { BreakdownFigure } from './BreakdownFigure';
import { DiscountsSection } from './DiscountsSection';
import { KpiCard } from './KpiCard';
import { ReportFrame, type ReportContext } from './ReportFrame';
import { byBusinessHour, vatRateLabel } from './reportFormat';
import { reportQueries } from './reportQueries';
import { ReportStatus } from './ReportStatus';
import { SalesCurve } from './SalesCurve';
import { byTurnover, isEmptySales, productRankings, salesKpis, turnover } from './salesFigures';

/** Sales analysis: the period's key figures against the previous period, its curve and breakdowns. */
export function SalesAnalysisPage({ title }: { title?: string }) {
  const { t } = useI18n();
  // Kept here, above the frame: the frame shows its loading state again while it reads the user or
  // corrects the stored filters, and the curve's chosen step must outlive that.
  const [granularity, setGranularity] = useState<Granularity | null>(null);
  return (
    <ReportFrame title={title ?? t('area.salesAnalysis')}>
      {(context) => (
        <SalesAnalysisReport context={context} granularity={granularity} onGranularity={setGranularity} />
      )}
    </ReportFrame>
  );
}

function SalesAnalysisReport({
  context,
  granularity,
  onGranularity,
}: {
  context: ReportContext;
  granularity: Granularity | null;
  onGranularity: (granularity: Granularity) => void;
}) {
  const query = useQuery({
    ...reportQueries.salesAnalysis(context.filters, granularity),
    placeholderData: keepPreviousData,
  });
  return (
    <ReportStatus query={query} isEmpty={(data) => isEmptySales(data.current)}>
      {(data) => (
        <SalesAnalysisView
          data={data}
          context={context}
          granularity={granularity ?? data.granularity}
          onGranularity={onGranularity}
        />
      )}
    </ReportStatus>
  );
}

function SalesAnalysisView({
  data,
  context,
  granularity,
  onGranularity,
}: {
  data: SalesAnalysis;
  context: ReportContext;
  /** The one asked for, shown at once while its figures load. */
  granularity: Granularity;
  onGranularity: (granularity: Granularity) => void;
}) {
  const { t } = useI18n();
  const { isInclVat, filters, dayStartHour } = context;
  const amount = (row: BreakdownRow) => turnover(row, isInclVat);
  const amountHeader = t(isInclVat ? 'reports.column.turnoverIvat' : 'reports.column.turnoverEvat');
  const { top, bottom } = productRankings(data.breakdowns.product, isInclVat);
  const { breakdowns } = data;
  const activityLabel = (row: BreakdownRow) =>
    row.key === '1' || row.key === '2' || row.key === '3' ? t(`reports.activity.${row.key}`) : row.label;

  return (
    <div className="report-sections">
      <section aria-labelledby="sales-kpis-title">
        <div className="report-section-header">
          <h2 id="sales-kpis-title" className="section-title">
            {t('reports.sales.kpis')}
          </h2>
          <p className="report-section-note">
            {t('reports.sales.comparedWith', {
              begin: formatBusinessDay(data.previousPeriod.begin),
              end: formatBusinessDay(data.previousPeriod.end),
            })}
          </p>
        </div>
        <dl className="kpi-grid">
          {salesKpis(data.current, data.previous, isInclVat).map((kpi) => (
            <KpiCard
              key={kpi.id}
              label={t(`reports.kpi.${kpi.id}`)}
              kind={kpi.kind}
              current={kpi.current}
              previous={kpi.previous}
            />
          ))}
        </dl>
      </section>

      <SalesCurve data={data} context={context} granularity={granularity} onGranularity={onGranularity} />

      <section aria-labelledby="sales-breakdowns-title">
        <h2 id="sales-breakdowns-title" className="section-title">
          {t('reports.sales.breakdowns')}
        </h2>
        <div className="report-grid">
          <BreakdownFigure
            caption={t('reports.breakdown.category')}
            rows={byTurnover(breakdowns.category, isInclVat)}
            amount={amount}
            amountHeader={amountHeader}
            filters={filters}
            details={['quantity']}
            labelHeader={t('reports.column.category')}
          />
          <BreakdownFigure
            caption={t('reports.breakdown.paymentType')}
            rows={[...breakdowns.paymentType].sort((a, b) => b.turnoverIvat - a.turnoverIvat)}
            amount={(row) => row.turnoverIvat}
            amountHeader={t('reports.column.paid')}
            filters={filters}
            details={['orders']}
            labelHeader={t('reports.column.paymentType')}
          />
          <BreakdownFigure
            className="is-wide"
            caption={t('reports.breakdown.hour')}
            rows={byBusinessHour(breakdowns.hour, dayStartHour)}
            amount={amount}
            amountHeader={amountHeader}
            filters={filters}
            label={(row) =>
              /^\d+$/.test(row.key) ? t('reports.hour', { hour: Number(row.key) }) : row.label
            }
            details={['orders']}
            layout="columns"
            labelHeader={t('reports.column.hour')}
          />
          <BreakdownFigure
            caption={t('reports.breakdown.vatRate')}
            rows={[...breakdowns.vatRate].sort((a, b) => Number(a.key) - Number(b.key))}
            amount={(row) => row.turnoverIvat}
            amountHeader={t('reports.column.turnoverIvat')}
            filters={filters}
            label={vatRateLabel}
            details={['vat']}
            labelHeader={t('reports.column.vatRate')}
          />
          <BreakdownFigure
            caption={t('reports.breakdown.activityType')}
            rows={[...breakdowns.activityType].sort((a, b) => a.key.localeCompare(b.key))}
            amount={amount}
            amountHeader={amountHeader}
            filters={filters}
            label={activityLabel}
            details={['orders']}
            labelHeader={t('reports.column.activityType')}
          />
          <BreakdownFigure
            caption={t('reports.breakdown.staff')}
            rows={byTurnover(breakdowns.staff, isInclVat)}
            amount={amount}
            amountHeader={amountHeader}
            filters={filters}
            details={['orders']}
            labelHeader={t('reports.column.staff')}
          />
          <BreakdownFigure
            caption={t('reports.breakdown.room')}
            rows={byTurnover(breakdowns.room, isInclVat)}
            amount={amount}
            amountHeader={amountHeader}
            filters={filters}
            details={['orders']}
            labelHeader={t('reports.column.room')}
          />
        </div>
      </section>

      <section aria-labelledby="sales-products-title">
        <h2 id="sales-products-title" className="section-title">
          {t('reports.sales.products')}
        </h2>
        <div className="report-grid">
          <BreakdownFigure
            caption={t('reports.breakdown.productTop')}
            rows={top}
            amount={amount}
            amountHeader={amountHeader}
            filters={filters}
            details={['quantity']}
            labelHeader={t('reports.column.product')}
          />
          {bottom.length > 0 ? (
            <BreakdownFigure
              caption={t('reports.breakdown.productBottom')}
              rows={bottom}
              amount={amount}
              amountHeader={amountHeader}
              filters={filters}
              details={['quantity']}
              labelHeader={t('reports.column.product')}
            />
          ) : null}
        </div>
      </section>

      <DiscountsSection data={data} filters={filters} />
    </div>
  );
}
