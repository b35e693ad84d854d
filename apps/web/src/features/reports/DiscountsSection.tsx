import type { BreakdownRow, SalesAnalysis } from '@comptoir/contracts';
import { useI18n } from './reports.i18n';
import type { DataTableColumn } from '../../ui/DataTable';
import { KpiCard } from './KpiCard';
import type { ReportFilters } from './reportFilters';
import { ReportTable } from './ReportTable';
import { discountedProducts } from './salesFigures';

/** Discounts granted and items offered over the period, and the products they went to. */
export function DiscountsSection({ data, filters }: { data: SalesAnalysis; filters: ReportFilters }) {
  const { t } = useI18n();
  const rows = discountedProducts(data.breakdowns.product);
  const columns: DataTableColumn<BreakdownRow>[] = [
    { id: 'product', header: t('reports.column.product'), value: (row) => row.label, isRowHeader: true },
    { id: 'quantity', header: t('reports.column.quantity'), kind: 'integer', value: (row) => row.quantity },
    { id: 'discount', header: t('reports.column.discount'), kind: 'money', value: (row) => row.discount },
    { id: 'offered', header: t('reports.column.offered'), kind: 'money', value: (row) => row.offered },
  ];
  return (
    <section aria-labelledby="sales-discounts-title">
      <h2 id="sales-discounts-title" className="section-title">
        {t('reports.sales.discounts')}
      </h2>
      <dl className="kpi-grid is-compact">
        <KpiCard
          label={t('reports.kpi.discount')}
          kind="money"
          current={data.current.discount}
          previous={data.previous.discount}
          isLowerBetter
        />
        <KpiCard
          label={t('reports.kpi.offered')}
          kind="money"
          current={data.current.offered}
          previous={data.previous.offered}
          isLowerBetter
        />
      </dl>
      {rows.length > 0 ? (
        <div className="card report-table-card">
          <ReportTable
            caption={t('reports.discounts.table')}
            filters={filters}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.key}
          />
        </div>
      ) : (
        <p className="report-section-note">{t('reports.discounts.none')}</p>
      )}
    </section>
  );
}
