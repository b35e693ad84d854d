import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isValidExportEmail,
  SALES_LINES_FORMATS,
  type SalesLinesExportBody,
  type SalesLinesFormat,
} from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import type { MessageKey } from './data-export.i18n';
import { useI18n } from './data-export.i18n';
import { ExportMailStatus } from '../../ui/ExportMailStatus';
import { showFlash } from '../../ui/flash/flashStore';
import { useUiI18n } from '../../ui/useUiI18n';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { TextField } from '../../ui/TextField';
import { notificationQueries } from '../notifications/notificationQueries';
import { canExportSalesLines, isExportFinished } from './salesLinesExportRules';
import { salesLinesQueries } from './salesLinesQueries';
import { useSalesLinesExportMutation } from './useSalesLinesExportMutation';

const ERROR_MESSAGES: Partial<Record<string, MessageKey>> = {
  INVALID_EMAIL: 'salesLinesExport.error.INVALID_EMAIL',
  INVALID_DATE: 'salesLinesExport.error.INVALID_DATE',
  REVERSED_DATES: 'salesLinesExport.error.REVERSED_DATES',
  PERIOD_TOO_LONG: 'salesLinesExport.error.PERIOD_TOO_LONG',
};

/** The e-mail (the user's by default), the file format, « Exporter », then the job's progress. */
export function SalesLinesExportForm({
  defaultEmail,
  previewTotal,
  bodyOf,
}: {
  defaultEmail: string;
  previewTotal: number | null;
  bodyOf: (email: string, format: SalesLinesFormat) => SalesLinesExportBody;
}) {
  const { t } = useI18n();
  const exportMutation = useSalesLinesExportMutation();
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [format, setFormat] = useState<SalesLinesFormat>('xlsx');
  const [followed, setFollowed] = useState<{ exportId: string; email: string } | null>(null);
  const email = typedEmail ?? defaultEmail;
  const isEmailInvalid = email !== '' && !isValidExportEmail(email);
  const progress = useQuery({
    ...salesLinesQueries.progress(followed?.exportId ?? ''),
    enabled: followed !== null,
  });
  const status = progress.data?.status;
  const isRunning = followed !== null && (status === undefined || !isExportFinished(status));
  const isExporting = exportMutation.isPending || isRunning;
  const canExport = canExportSalesLines({ previewTotal, email, isExporting });

  const queryClient = useQueryClient();
  useEffect(() => {
    // The server adds a notification when the job ends: the centre shows it at once.
    if (status && isExportFinished(status))
      void queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
    if (status === 'failed')
      showFlash({ type: 'error', text: t('salesLinesExport.failed'), isPersistent: true });
  }, [status, queryClient, t]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canExport) return;
    const body = bodyOf(email, format);
    exportMutation.mutate(body, {
      onSuccess: (answer) => setFollowed({ exportId: answer.exportId, email: body.email }),
      onError: (error) => {
        const key = error instanceof ApiError ? ERROR_MESSAGES[error.code] : undefined;
        showFlash({ type: 'error', text: t(key ?? 'salesLinesExport.failed'), isPersistent: true });
      },
    });
  }

  return (
    <section className="sales-lines-export card" aria-label={t('salesLinesExport.export')}>
      <h2 className="sales-lines-export-title">{t('salesLinesExport.export')}</h2>
      <form className="sales-lines-export-form" onSubmit={handleSubmit} noValidate>
        <TextField
          label={t('salesLinesExport.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={setTypedEmail}
          error={isEmailInvalid ? t('salesLinesExport.error.INVALID_EMAIL') : undefined}
          isErrorAnnounced
        />
        <div className="sales-lines-format">
          <span className="sales-lines-filter-label" aria-hidden="true">
            {t('salesLinesExport.format')}
          </span>
          <SegmentedControl
            legend={t('salesLinesExport.format')}
            options={SALES_LINES_FORMATS.map((value) => ({
              value,
              label: value === 'csv_fr' ? t('salesLinesExport.format.csv_fr') : value.toUpperCase(),
            }))}
            value={format}
            onChange={setFormat}
          />
        </div>
        <button type="submit" className="button button-primary sales-lines-submit" disabled={!canExport}>
          {t('salesLinesExport.submit')}
        </button>
      </form>
      {followed ? (
        <>
          <ExportStatus email={followed.email} status={status} progress={progress.data?.progress ?? 0} />
          <ExportMailStatus mail={progress.data?.mail ?? null} />
        </>
      ) : null}
    </section>
  );
}

function ExportStatus({
  email,
  status,
  progress,
}: {
  email: string;
  status: string | undefined;
  progress: number;
}) {
  const { t } = useI18n();
  const { t: ui } = useUiI18n();
  if (status === 'interrupted')
    return (
      <p className="sales-lines-export-progress" role="status">
        {ui('ui.job.interrupted')}
      </p>
    );
  if (status === 'done')
    return (
      <p className="sales-lines-export-done" role="status">
        {t('salesLinesExport.done', { email })}
      </p>
    );
  if (status === 'empty')
    return (
      <p className="sales-lines-export-done" role="status">
        {t('salesLinesExport.doneEmpty')}
      </p>
    );
  if (status === 'failed')
    return (
      <p className="sales-lines-export-failed" role="alert">
        {t('salesLinesExport.failed')}
      </p>
    );
  return (
    <div className="sales-lines-export-progress" role="status">
      <p>{t('salesLinesExport.processing', { email })}</p>
      <label>
        <span>{t('salesLinesExport.progress')}</span>
        <progress max={100} value={progress}>{`${progress} %`}</progress>
        <span aria-hidden="true">{`${progress} %`}</span>
      </label>
    </div>
  );
}
