import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { CompanySummary, ReportSettings } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import { userQueries } from '../../api/userQueries';
import { useI18n } from './reports.i18n';
import { ErrorState } from '../../ui/ErrorState';
import { showFlash } from '../../ui/flash/flashStore';
import { LoadingState } from '../../ui/LoadingState';
import { isSelected, toggleSelection } from './reportFilters';
import { PERIOD_SHORTCUTS, type PeriodShortcut } from './reportPeriods';
import { reportQueries } from './reportQueries';
import { reportErrorMessage } from './reportErrors';
import { useSaveReportSettingsMutation } from './useSaveReportSettingsMutation';
import './reports.css';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The user's report preferences, kept on the server. */
export function ReportSettingsPage({ title }: { title?: string }) {
  const { t } = useI18n();
  const heading = title ?? t('area.reportSettings');
  const settings = useQuery(reportQueries.settings());
  const user = useQuery(userQueries.me());

  let body;
  if (settings.isError || user.isError) {
    body = (
      <ErrorState
        message={t('common.error')}
        retryLabel={t('common.retry')}
        onRetry={() => {
          if (settings.isError) void settings.refetch();
          if (user.isError) void user.refetch();
        }}
      />
    );
  } else if (settings.isPending || user.isPending) {
    body = <LoadingState label={t('common.loading')} />;
  } else {
    body = <ReportSettingsForm settings={settings.data} companies={user.data.companies} />;
  }

  return (
    <div className="page report-page">
      <title>{`${heading} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{heading}</h1>
        <p className="page-intro">{t('reports.settings.intro')}</p>
      </header>
      {body}
    </div>
  );
}

function ReportSettingsForm({
  settings,
  companies,
}: {
  settings: ReportSettings;
  companies: readonly CompanySummary[];
}) {
  const { t } = useI18n();
  const hourId = useId();
  const periodId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState(settings);
  const save = useSaveReportSettingsMutation();
  const ids = companies.map((company) => company.id);
  const selectedCompanies = draft.defaultCompanyIds.filter((id) => ids.includes(id));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(
      { ...draft, defaultCompanyIds: selectedCompanies.length === ids.length ? [] : selectedCompanies },
      { onSuccess: () => showFlash({ type: 'success', text: t('reports.settings.saved') }) },
    );
  }

  const errorText = save.error
    ? t(
        save.error instanceof ApiError && save.error.code === 'VALIDATION_ERROR'
          ? 'reports.settings.error.invalid'
          : reportErrorMessage(save.error, 'reports.settings.error.save'),
      )
    : null;

  return (
    <form
      className="report-settings card"
      onSubmit={handleSubmit}
      aria-describedby={errorText ? errorId : undefined}
      noValidate
    >
      <div className="report-settings-field">
        <label className="report-filter-label" htmlFor={hourId}>
          {t('reports.settings.dayStartHour')}
        </label>
        <select
          id={hourId}
          className="report-filter-control"
          value={draft.dayStartHour}
          aria-describedby={`${hourId}-hint`}
          onChange={(event) => setDraft({ ...draft, dayStartHour: Number(event.target.value) })}
        >
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {t('reports.settings.hourOption', { hour: String(hour).padStart(2, '0') })}
            </option>
          ))}
        </select>
        <p id={`${hourId}-hint`} className="report-settings-hint">
          {t('reports.settings.dayStartHourHint')}
        </p>
      </div>

      <fieldset className="report-settings-field">
        <legend className="report-filter-label">{t('reports.settings.amounts')}</legend>
        <div className="report-settings-choices">
          <label className="report-settings-choice">
            <input
              type="radio"
              name="amountsInclVat"
              checked={draft.amountsInclVat}
              onChange={() => setDraft({ ...draft, amountsInclVat: true })}
            />
            <span>{t('reports.settings.inclVat')}</span>
          </label>
          <label className="report-settings-choice">
            <input
              type="radio"
              name="amountsInclVat"
              checked={!draft.amountsInclVat}
              onChange={() => setDraft({ ...draft, amountsInclVat: false })}
            />
            <span>{t('reports.settings.exclVat')}</span>
          </label>
        </div>
      </fieldset>

      <div className="report-settings-field">
        <label className="report-filter-label" htmlFor={periodId}>
          {t('reports.settings.defaultPeriod')}
        </label>
        <select
          id={periodId}
          className="report-filter-control"
          value={draft.defaultPeriod}
          onChange={(event) => setDraft({ ...draft, defaultPeriod: event.target.value as PeriodShortcut })}
        >
          {PERIOD_SHORTCUTS.map((shortcut) => (
            <option key={shortcut} value={shortcut}>
              {t(`reports.period.${shortcut}`)}
            </option>
          ))}
        </select>
      </div>

      {companies.length > 1 ? (
        <fieldset className="report-settings-field">
          <legend className="report-filter-label">{t('reports.settings.defaultCompanies')}</legend>
          <div className="report-settings-choices is-stacked">
            <label className="report-settings-choice">
              <input
                type="checkbox"
                checked={selectedCompanies.length === 0}
                onChange={() => setDraft({ ...draft, defaultCompanyIds: [] })}
              />
              <span>{t('reports.filters.allCompanies')}</span>
            </label>
            {companies.map((company) => (
              <label key={company.id} className="report-settings-choice">
                <input
                  type="checkbox"
                  checked={isSelected(selectedCompanies, company.id)}
                  onChange={() =>
                    setDraft({
                      ...draft,
                      defaultCompanyIds: toggleSelection(selectedCompanies, company.id, ids),
                    })
                  }
                />
                <span>{company.company_name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <p className="report-settings-hint">{t('reports.settings.defaultsHint')}</p>

      {errorText ? (
        <p id={errorId} className="report-filter-error" role="alert">
          {errorText}
        </p>
      ) : null}
      <div className="report-settings-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? t('reports.settings.saving') : t('reports.settings.save')}
        </button>
      </div>
    </form>
  );
}
