import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FISCAL_INCIDENT_LIST_PDF_URL, type SignatureDefect } from '@comptoir/contracts';
import { useI18n } from './fiscal-errors.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { interventionColumns } from '../fiscal/fiscalColumns';
import { FiscalDetailFrame } from '../fiscal/FiscalDetailFrame';
import { FiscalTable } from '../fiscal/FiscalTable';
import { PdfPrintButton } from '../fiscal/PdfPrintButton';
import { describeDefect } from './defectWording';
import {
  closureDefectColumns,
  closureDefectRows,
  otherDefectColumns,
  serviceDefectColumns,
  serviceDefectRows,
} from './errorColumns';
import { errorDetailPath, fiscalErrorsQueries } from './fiscalErrorsQueries';
import './fiscal-errors.css';

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="fiscal-errors-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {title} <span className="fiscal-errors-count">({count})</span>
      </h2>
      {children}
    </section>
  );
}

/**
 * The errors page (spec 2 §2 « Error list »): erroneous services, erroneous server closures,
 * technical interventions and, when any, other anomalies; each row opens its error's detail.
 */
export function FiscalErrorsPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const query = useQuery(fiscalErrorsQueries.list());
  const columns = useMemo(
    () => ({
      services: serviceDefectColumns(t),
      closures: closureDefectColumns(t),
      other: otherDefectColumns(t),
      interventions: interventionColumns(t),
    }),
    [t],
  );
  const rows = useMemo(
    () => ({
      services: serviceDefectRows(query.data?.services ?? []),
      closures: closureDefectRows(query.data?.serverClosures ?? []),
      other: (query.data?.other ?? []).map((defect) => ({ defect })),
    }),
    [query.data],
  );

  const openRow = (row: { defect: SignatureDefect }) => void navigate(errorDetailPath(row.defect.id));
  const openLabel = (row: { defect: SignatureDefect }) =>
    t('fiscalErrors.open', { message: describeDefect(t, row.defect) });
  // What every table of defects shares: each row opens its error's detail.
  const defectTable = {
    isCaptionHidden: true,
    rowKey: (row: { defect: SignatureDefect }) => row.defect.id,
    onOpenRow: openRow,
    openRowLabel: openLabel,
  };

  let content: ReactNode;
  if (query.isPending) content = <LoadingState label={t('common.loading')} />;
  else if (query.isError) {
    content = (
      <ErrorState
        message={t('fiscalErrors.loadError')}
        retryLabel={t('common.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    const data = query.data;
    const defects = rows.services.length + rows.closures.length + rows.other.length;
    content = (
      <>
        {defects === 0 ? (
          <EmptyState title={t('fiscalErrors.empty')} hint={t('fiscalErrors.emptyHint')} />
        ) : null}
        <Section title={t('fiscalErrors.section.services')} count={data.services.length}>
          <FiscalTable
            caption={t('fiscalErrors.section.services')}
            columns={columns.services}
            rows={rows.services}
            {...defectTable}
          />
        </Section>
        <Section title={t('fiscalErrors.section.serverClosures')} count={data.serverClosures.length}>
          <FiscalTable
            caption={t('fiscalErrors.section.serverClosures')}
            columns={columns.closures}
            rows={rows.closures}
            {...defectTable}
          />
        </Section>
        <Section title={t('fiscalErrors.section.interventions')} count={data.technicalInterventions.length}>
          <FiscalTable
            caption={t('fiscalErrors.section.interventions')}
            isCaptionHidden
            columns={columns.interventions}
            rows={data.technicalInterventions}
            rowKey={(row) => row.id}
          />
        </Section>
        {rows.other.length > 0 ? (
          <Section title={t('fiscalErrors.section.other')} count={rows.other.length}>
            <FiscalTable
              caption={t('fiscalErrors.section.other')}
              columns={columns.other}
              rows={rows.other}
              {...defectTable}
            />
          </Section>
        ) : null}
      </>
    );
  }

  return (
    <FiscalDetailFrame
      title={t('area.fiscalErrors')}
      subtitle={t('fiscalErrors.intro')}
      actions={
        <span className="fiscal-errors-pdf">
          <PdfPrintButton
            target={{ action: 'incidents' }}
            label={t('fiscalErrors.pdf')}
            title={t('fiscalErrors.pdfTitle')}
            fileName="liste-incidents-fiscaux.pdf"
          />
          <a
            className="fiscal-errors-guide"
            href={FISCAL_INCIDENT_LIST_PDF_URL}
            target="_blank"
            rel="noreferrer"
          >
            {t('fiscalErrors.incidentGuide')}
          </a>
        </span>
      }
      info={null}
      isLoading={false}
    >
      {content}
    </FiscalDetailFrame>
  );
}
