import { formatBusinessDay } from '@comptoir/contracts';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AccountingExportRecord } from '@comptoir/contracts';
import { useI18n } from './accounting-export.i18n';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { formatReportDateTime } from '../../ui/dates';
import { EmptyState } from '../../ui/EmptyState';
import { ExportMailStatus, exportMailText } from '../../ui/ExportMailStatus';
import { useUiI18n } from '../../ui/useUiI18n';
import { ErrorState } from '../../ui/ErrorState';
import { showFlash } from '../../ui/flash/flashStore';
import { LoadingState } from '../../ui/LoadingState';
import { accountingExportQueries } from './accountingExportQueries';
import { downloadAccountingExport } from './accountingExportDownload';
import { accountingErrorMessage, hasPendingExport, shortHash } from './accountingExportRules';

/** The establishment's recorded exports, newest first, polled while one is being written. */
export function AccountingExportHistory({ companyId }: { companyId: string }) {
  const { t } = useI18n();
  const { t: ui } = useUiI18n();
  const exports = useQuery(accountingExportQueries.exports(companyId));
  const columns = useMemo(
    (): DataTableColumn<AccountingExportRecord>[] => [
      {
        id: 'createdAt',
        header: t('accountingExport.history.date'),
        value: (record) => formatReportDateTime(record.createdAt),
        isRowHeader: true,
      },
      { id: 'requestedBy', header: t('accountingExport.history.who'), value: (record) => record.requestedBy },
      {
        id: 'period',
        header: t('accountingExport.history.period'),
        // Only closed days are exported: the days left open, and those taken back (issue 30, defect 7).
        value: (record) =>
          [
            t('accountingExport.history.periodValue', {
              start: formatBusinessDay(record.periodStart),
              end: formatBusinessDay(record.periodEnd),
            }),
            record.resumedFrom ? t('accountingExport.history.resumed') : '',
            record.openFrom
              ? t('accountingExport.history.openFrom', {
                  first: formatBusinessDay(record.openFrom),
                  last: formatBusinessDay(record.askedEnd),
                })
              : '',
          ]
            .filter(Boolean)
            .join(' — '),
      },
      {
        id: 'mode',
        header: t('accountingExport.history.mode'),
        value: (record) => t(`accountingExport.mode.${record.mode}`),
      },
      {
        id: 'format',
        header: t('accountingExport.history.format'),
        value: (record) => t(`accountingExport.format.${record.format}`),
      },
      {
        id: 'entries',
        header: t('accountingExport.history.entries'),
        value: (record) =>
          record.status === 'done' && record.lines === 0
            ? t('accountingExport.history.noEntries')
            : record.firstEcritureNum === null || record.lastEcritureNum === null
              ? ''
              : t('accountingExport.history.entriesValue', {
                  first: record.firstEcritureNum,
                  last: record.lastEcritureNum,
                }),
      },
      {
        id: 'sha256',
        header: t('accountingExport.history.sha256'),
        value: (record) => record.sha256 ?? '',
        render: (record) =>
          record.sha256 ? (
            <code className="accounting-export-hash" title={record.sha256}>
              {shortHash(record.sha256)}
            </code>
          ) : null,
      },
      {
        id: 'status',
        header: t('accountingExport.history.status'),
        value: (record) => t(`accountingExport.status.${record.status}`),
        render: (record) => (
          <span className={`accounting-export-status is-${record.status}`}>
            {record.status === 'queued' || record.status === 'running' || record.status === 'interrupted' ? (
              <span className="spinner" aria-hidden="true" />
            ) : null}
            {t(`accountingExport.status.${record.status}`)}
          </span>
        ),
      },
      {
        id: 'mail',
        header: t('accountingExport.history.mail'),
        value: (record) => (record.mail ? exportMailText(ui, record.mail) : ''),
        render: (record) => <ExportMailStatus mail={record.mail} />,
      },
      {
        id: 'files',
        header: t('accountingExport.history.files'),
        isFilterable: false,
        isSortable: false,
        value: (record) => record.fileName ?? '',
        render: (record) => (
          <span className="accounting-export-links">
            {record.downloadUrl ? (
              <DownloadButton
                url={record.downloadUrl}
                fileName={record.fileName ?? ''}
                label={record.fileName ?? t('accountingExport.history.file')}
              />
            ) : null}
            {record.descriptionUrl ? (
              <DownloadButton
                url={record.descriptionUrl}
                fileName=""
                label={t('accountingExport.history.description')}
                description={record.fileName ?? undefined}
              />
            ) : null}
            {record.analyticsUrl ? (
              <DownloadButton
                url={record.analyticsUrl}
                fileName=""
                label={t('accountingExport.history.analytics')}
                description={record.fileName ?? undefined}
              />
            ) : null}
          </span>
        ),
      },
    ],
    [t, ui],
  );

  let body;
  if (exports.isError) {
    body = (
      <ErrorState
        message={t(accountingErrorMessage(exports.error))}
        retryLabel={t('common.retry')}
        onRetry={() => void exports.refetch()}
      />
    );
  } else if (exports.isPending) {
    body = <LoadingState label={t('common.loading')} />;
  } else if (exports.data.length === 0) {
    body = <EmptyState title={t('accountingExport.history.empty')} />;
  } else {
    body = (
      <>
        {hasPendingExport(exports.data) ? (
          <p className="accounting-export-pending" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('accountingExport.history.pending')}
          </p>
        ) : null}
        <DataTable
          caption={t('accountingExport.history.caption')}
          isCaptionHidden
          columns={columns}
          rows={exports.data}
          rowKey={(record) => record.id}
        />
      </>
    );
  }

  return (
    <section className="accounting-export-history" aria-labelledby="accounting-export-history-title">
      <h2 id="accounting-export-history-title" className="section-title">
        {t('accountingExport.history.title')}
      </h2>
      {body}
    </section>
  );
}

function DownloadButton({
  url,
  fileName,
  label,
  description,
}: {
  url: string;
  fileName: string;
  label: string;
  /** Says whose description it is, for a screen reader. */
  description?: string | undefined;
}) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className="accounting-export-download"
      title={description ? `${label} · ${description}` : label}
      onClick={() =>
        void downloadAccountingExport(url, fileName || label).catch((error: unknown) =>
          showFlash({ type: 'error', text: t(accountingErrorMessage(error)) }),
        )
      }
    >
      {label}
    </button>
  );
}
