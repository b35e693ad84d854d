import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { WareItem } from '@comptoir/contracts';
import { userQueries } from '../../api/userQueries';
import { useI18n } from './bardistrib.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { bardistribQueries } from './bardistribQueries';
import { useLoadErrorFlash } from './useLoadErrorFlash';
import { WareAnalysisFilters } from './WareAnalysisFilters';
import { WareAnalysisTable } from './WareAnalysisTable';
import { defaultWareFilters, type WareFilters } from './wareAnalysisFilters';
import { WareDetailDialog } from './WareDetailDialog';
import './bardistrib.css';

/** `warelist`, « Rapport d'analyse Bardistrib »: the dispenser's pours set against the sales. */
export function WareAnalysisPage() {
  const { t } = useI18n();
  const user = useQuery(userQueries.me());
  // The filters being edited, and those of the figures shown (the report loads on opening).
  const [draft, setDraft] = useState<WareFilters>(() => defaultWareFilters());
  const [applied, setApplied] = useState<WareFilters>(draft);
  const [openWare, setOpenWare] = useState<WareItem | null>(null);
  const datas = useQuery(bardistribQueries.wareDatas(applied));
  useLoadErrorFlash(datas);

  function handleSubmit(filters: WareFilters) {
    setApplied(filters);
    // Valider always reads again, even with the same filters.
    if (JSON.stringify(filters) === JSON.stringify(applied)) void datas.refetch();
  }

  const companies = user.data?.companies ?? [];
  const hasFigures =
    datas.data?.rows.some((row) => row.total_products !== 0 || row.total_wares !== 0) ?? false;
  const isSeveralCompanies =
    new Set(datas.data?.rows.flatMap((r) => r.wares.map((w) => w.id_company))).size > 1;

  return (
    <div className="page ware-analysis">
      <title>{`${t('area.warelist')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('area.warelist')}</h1>
        <p className="page-intro">{t('bardistrib.intro')}</p>
      </header>
      <WareAnalysisFilters
        filters={draft}
        companies={companies}
        onChange={setDraft}
        onSubmit={handleSubmit}
      />
      <section className="ware-results" aria-label={t('bardistrib.results')} aria-busy={datas.isFetching}>
        {datas.isPending ? (
          <LoadingState label={t('common.loading')} />
        ) : datas.isError ? (
          <ErrorState
            message={t('bardistrib.loadError')}
            retryLabel={t('common.retry')}
            onRetry={() => void datas.refetch()}
          />
        ) : !hasFigures ? (
          <EmptyState title={t('bardistrib.empty')} />
        ) : (
          <>
            <p className="ware-legend">{t('bardistrib.differenceHint')}</p>
            <WareAnalysisTable
              rows={datas.data.rows}
              isSeveralCompanies={isSeveralCompanies}
              onOpenWare={setOpenWare}
            />
          </>
        )}
      </section>
      <WareDetailDialog ware={openWare} filters={applied} onClose={() => setOpenWare(null)} />
    </div>
  );
}
