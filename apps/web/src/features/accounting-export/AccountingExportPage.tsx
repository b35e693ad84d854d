import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  isValidExportEmail,
  type AccountingExportFormat,
  type AccountingExportMode,
  type CompanySummary,
  parisToday,
} from '@comptoir/contracts';
import { userQueries } from '../../api/userQueries';
import { useI18n } from './accounting-export.i18n';
import { DateRangeField, type DayRange } from '../../ui/DateRangeField';
import { ErrorState } from '../../ui/ErrorState';
import { showFlash } from '../../ui/flash/flashStore';
import { InputField } from '../../ui/InputField';
import { LoadingState } from '../../ui/LoadingState';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { AccountingConfigDrawer } from './AccountingConfigDrawer';
import { AccountantPack } from './AccountantPack';
import { AccountingExportHistory } from './AccountingExportHistory';
import { AccountingExportPreview } from './AccountingExportPreview';
import { AccountingExportReexportDialog } from './AccountingExportReexportDialog';
import { AccountingExportWarningDialog } from './AccountingExportWarningDialog';
import {
  accountingExportQueries,
  useAccountingExportMutation,
  useRefreshAfterConfiguration,
} from './accountingExportQueries';
import {
  ACCOUNTING_MAX_SPAN,
  ACCOUNTING_PERIOD_SHORTCUTS,
  accountingErrorMessage,
  accountingPeriodQuery,
  accountingShortcutRange,
  canValidatePeriod,
  defaultAccountingRange,
  exportButtonState,
  exportability,
  isAlreadyExported,
  overlappingExports,
  savedMode,
  validatedPeriod,
  type AccountingPeriod,
} from './accountingExportRules';
import './accountingExport.css';

/** The accounting export (`export-vat`, spec 3 §2 "Accounting export (FEC/CSV)"). */
export function AccountingExportPage() {
  const { t } = useI18n();
  const user = useQuery(userQueries.me());

  let body;
  if (user.isError) {
    body = (
      <ErrorState
        message={t('common.error')}
        retryLabel={t('common.retry')}
        onRetry={() => void user.refetch()}
      />
    );
  } else if (user.isPending) {
    body = <LoadingState label={t('common.loading')} />;
  } else {
    body = <AccountingExportView companies={user.data.companies} userEmail={user.data.email} />;
  }

  return (
    <div className="page accounting-export-page">
      <title>{`${t('area.exportVat')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('area.exportVat')}</h1>
      </header>
      {body}
    </div>
  );
}

function AccountingExportView({
  companies,
  userEmail,
}: {
  companies: readonly CompanySummary[];
  userEmail: string;
}) {
  const { t } = useI18n();
  const ids = { company: useId(), mode: useId(), missing: useId() };
  const today = parisToday();
  const [companyId, setCompanyId] = useState(companies[0]?.id ?? '');
  const [range, setRange] = useState<DayRange>(() => defaultAccountingRange(today));
  const [period, setPeriod] = useState<AccountingPeriod | null>(null);
  const [chosenMode, setChosenMode] = useState<AccountingExportMode | null>(null);
  const [format, setFormat] = useState<AccountingExportFormat>('fec');
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'warning' | 'reexport' | 'drawer' | null>(null);

  const shownCompanyId = period?.companyId ?? companyId;
  const vatKeys = useQuery(accountingExportQueries.vatKeys(shownCompanyId));
  const mode = chosenMode ?? savedMode(vatKeys.data?.[0]?.datas.account_vat_mode);
  const exportable = useQuery(accountingExportQueries.exportable(period));
  const preview = useQuery(accountingExportQueries.preview(period, mode, exportable.isSuccess));
  const exports = useQuery(accountingExportQueries.exports(shownCompanyId));
  const exportMutation = useAccountingExportMutation();
  const refreshAfterConfiguration = useRefreshAfterConfiguration();

  const { isExportable, missing } = exportability(exportable.data);
  const isMissingShown = exportable.isSuccess && !isExportable;
  const previewData = preview.data?.[0];
  const email = typedEmail ?? userEmail;
  const isEmailValid = isValidExportEmail(email);
  const buttonState = exportButtonState({
    previewTotal: previewData?.total,
    isExportable: exportable.isSuccess ? isExportable : undefined,
    isExporting: exportMutation.isPending,
  });

  function handleValidate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPeriod((current) => validatedPeriod(current, range, companyId));
  }

  function sendExport(isReexportConfirmed: boolean) {
    if (period === null) return;
    exportMutation.mutate(
      {
        ...accountingPeriodQuery(period),
        format,
        mode,
        email: email.trim(),
        ...(isReexportConfirmed ? { confirmReexport: true } : {}),
      },
      {
        onSuccess: () => {
          setDialog(null);
          showFlash({ type: 'success', text: t('accountingExport.sent', { email: email.trim() }) });
        },
        onError: (error) => {
          if (isAlreadyExported(error) && !isReexportConfirmed) {
            setDialog('reexport');
            return;
          }
          setDialog(null);
          showFlash({ type: 'error', text: t(accountingErrorMessage(error)), isPersistent: true });
        },
      },
    );
  }

  function handleExport() {
    if (buttonState === 'warn') {
      setDialog('warning');
      return;
    }
    if (buttonState === 'export' && isEmailValid) sendExport(false);
  }

  let result;
  if (period === null) {
    result = <p className="accounting-export-hint">{t('accountingExport.pickPeriod')}</p>;
  } else if (exportable.isError) {
    result = (
      <ErrorState
        message={t(accountingErrorMessage(exportable.error))}
        retryLabel={t('common.retry')}
        onRetry={() => void exportable.refetch()}
      />
    );
  } else {
    result = (
      <AccountingExportPreview
        rows={previewData?.datas}
        exportedDays={previewData?.exportedDays}
        openFrom={previewData?.openFrom ?? null}
        total={previewData?.total}
        isLoading={exportable.isPending || preview.isPending}
        error={preview.isError ? t(accountingErrorMessage(preview.error)) : null}
        onRetry={() => void preview.refetch()}
      />
    );
  }

  return (
    <>
      <form className="card accounting-export-filters" onSubmit={handleValidate} noValidate>
        <div className="accounting-export-field">
          <label htmlFor={ids.company}>{t('accountingExport.company')}</label>
          <select id={ids.company} value={companyId} onChange={(event) => setCompanyId(event.target.value)}>
            {companies.map((company) => (
              <option key={company.id} value={company.id}>
                {company.company_name}
              </option>
            ))}
          </select>
        </div>
        <DateRangeField
          className="accounting-export-period"
          labelClassName="accounting-export-label"
          value={range}
          onChange={setRange}
          maxSpan={ACCOUNTING_MAX_SPAN}
          startLabel={t('accountingExport.startDate')}
          endLabel={t('accountingExport.endDate')}
          shortcuts={{
            label: t('accountingExport.period'),
            customLabel: t('accountingExport.period.custom'),
            options: ACCOUNTING_PERIOD_SHORTCUTS.map((shortcut) => ({
              id: shortcut,
              label: t(`accountingExport.period.${shortcut}`),
              range: accountingShortcutRange(shortcut, today),
            })),
          }}
          messages={{
            missingDate: t('accountingExport.error.INVALID_DATE'),
            invalidDate: t('accountingExport.error.INVALID_DATE'),
            reversed: t('accountingExport.error.REVERSED_DATES'),
            tooLong: t('accountingExport.error.PERIOD_TOO_LONG'),
          }}
        />
        <p className="accounting-export-note">{t('accountingExport.period.businessDays')}</p>
        <button
          type="submit"
          className="button button-primary accounting-export-validate"
          disabled={!canValidatePeriod(range, companyId)}
        >
          {t('accountingExport.validate')}
        </button>
      </form>

      <div className="accounting-export-toolbar">
        <div className="accounting-export-field">
          <label htmlFor={ids.mode}>{t('accountingExport.mode')}</label>
          <select
            id={ids.mode}
            value={mode}
            onChange={(event) => setChosenMode(Number(event.target.value) === 1 ? 1 : 2)}
          >
            <option value={1}>{t('accountingExport.mode.1')}</option>
            <option value={2}>{t('accountingExport.mode.2')}</option>
          </select>
        </div>
        <SegmentedControl
          legend={t('accountingExport.format')}
          options={[
            { value: 'fec', label: t('accountingExport.format.fec') },
            { value: 'csv', label: t('accountingExport.format.csv') },
            { value: 'csv_fr', label: t('accountingExport.format.csv_fr') },
          ]}
          value={format}
          onChange={setFormat}
        />
        <InputField
          className={`accounting-export-field accounting-export-email ${isEmailValid ? '' : 'is-invalid'}`}
          errorClassName="accounting-export-field-error"
          label={t('accountingExport.email')}
          error={isEmailValid ? null : t('accountingExport.error.INVALID_EMAIL')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setTypedEmail(event.target.value)}
        />
        <div className="accounting-export-actions">
          <button
            type="button"
            className={`button button-secondary accounting-export-settings ${isMissingShown ? 'is-glowing' : ''}`}
            aria-describedby={isMissingShown ? ids.missing : undefined}
            onClick={() => setDialog('drawer')}
          >
            {t('accountingExport.settings')}
          </button>
          <button
            type="button"
            className="button button-primary accounting-export-submit"
            disabled={buttonState === 'disabled' || (buttonState === 'export' && !isEmailValid)}
            onClick={handleExport}
          >
            {exportMutation.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            {exportMutation.isPending ? t('accountingExport.exporting') : t('accountingExport.export')}
          </button>
        </div>
        {isMissingShown ? (
          <p id={ids.missing} className="accounting-export-missing-hint" role="status">
            {t('accountingExport.settings.missing')}
          </p>
        ) : null}
      </div>

      {result}

      <AccountingExportHistory companyId={shownCompanyId} />

      <AccountantPack companyId={shownCompanyId} />

      <AccountingExportWarningDialog
        isOpen={dialog === 'warning'}
        missing={missing}
        onClose={() => setDialog(null)}
        onConfigure={() => setDialog('drawer')}
      />
      <AccountingExportReexportDialog
        isOpen={dialog === 'reexport'}
        format={format}
        earlier={period ? overlappingExports(exports.data, period, format) : []}
        isExporting={exportMutation.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => sendExport(true)}
      />
      {dialog === 'drawer' ? (
        <AccountingConfigDrawer
          companyId={shownCompanyId}
          onClose={() => setDialog(null)}
          onSaved={() => void refreshAfterConfiguration()}
        />
      ) : null}
    </>
  );
}
