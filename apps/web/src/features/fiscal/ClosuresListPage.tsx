import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FiscalClosure } from '@comptoir/contracts';
import type { Language, Translator } from '../../i18n/i18n';
import { useI18n } from '../../i18n/useI18n';
import { parisToday } from '../../ui/dates';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { formatCell } from '../../ui/tableCells';
import {
  CLOSURE_TYPE_OPTIONS,
  checkRange,
  matchingRange,
  predefinedRanges,
  readClosureFilters,
  saveClosureFilters,
  type ClosureFilters,
  type DateRange,
  type PredefinedRange,
} from './closureFilters';
import { closureColumns, closureTypeLabel } from './fiscalColumns';
import { fiscalErrorMessage } from './fiscalErrors';
import { detailLink } from './fiscalNavigation';
import { fiscalQueries } from './fiscalQueries';
import { FiscalTable } from './FiscalTable';
import { SignatureCheckButton } from './SignatureCheckButton';
import './fiscal.css';

const NO_RANGE = '';

/**
 * The inspector's home (spec 2 §2 "Closures list"): start and end dates (the start never after the
 * end), predefined ranges, the closure type, Refresh; the current month by default, the choice kept
 * in session storage. A row opens the closure's detail with the row in the navigation state.
 * « Vérifier les signatures » checks the chains over the same days.
 */
export function ClosuresListPage() {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const today = parisToday();
  const [draft, setDraft] = useState<ClosureFilters>(() => readClosureFilters(sessionStorage, today));
  // The last filters that could be asked for: a start after the end makes no call.
  const [applied, setApplied] = useState(draft);
  const problem = checkRange(draft);
  const closures = useQuery({ ...fiscalQueries.closures(applied), placeholderData: keepPreviousData });
  const columns = useMemo(() => closureColumns(t), [t]);
  const ranges = useMemo(() => predefinedRanges(today), [today]);
  const chosenRange = matchingRange(draft, today);
  const ids = { range: useId(), start: useId(), end: useId(), type: useId(), error: useId() };

  function change(next: ClosureFilters) {
    setDraft(next);
    if (checkRange(next) !== null) return;
    setApplied(next);
    saveClosureFilters(sessionStorage, next);
  }

  function handleRange(value: string) {
    const range = ranges.find((candidate) => rangeValue(candidate.range) === value);
    if (range) change({ ...draft, ...range.range });
  }

  const period = t('fiscal.period', {
    start: formatCell('day', applied.startDate),
    end: formatCell('day', applied.endDate),
  });

  function openClosure(closure: FiscalClosure) {
    const link = detailLink('clotures', closure.id, { row: closure, registerId: closure.registerId });
    void navigate(link.to, { state: link.state });
  }

  let table;
  if (closures.isPending) {
    table = <LoadingState label={t('common.loading')} />;
  } else if (closures.isError) {
    table = (
      <ErrorState
        message={t(fiscalErrorMessage(closures.error))}
        retryLabel={t('common.retry')}
        onRetry={() => void closures.refetch()}
      />
    );
  } else {
    table = (
      <div aria-busy={closures.isFetching}>
        <FiscalTable
          caption={t('fiscal.closures.table', { period, type: closureTypeLabel(t, applied.type) })}
          columns={columns}
          rows={closures.data.closures}
          rowKey={(closure) => closure.id}
          onOpenRow={openClosure}
          openRowLabel={(closure) =>
            t('fiscal.closure.open', {
              type: closureTypeLabel(t, closure.type).toLowerCase(),
              start: formatCell('day', closure.start_date),
              // Each register closes every day: the establishment and register tell the rows apart.
              place: closure.registerName
                ? `${closure.companyName} · ${closure.registerName}`
                : closure.companyName,
            })
          }
        />
      </div>
    );
  }

  return (
    <div className="page fiscal-page">
      <title>{`${t('fiscal.closures.title')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('fiscal.closures.title')}</h1>
        <p className="page-intro">{t('fiscal.closures.intro')}</p>
        <p className="fiscal-page-link">
          <Link to="/administration-fiscale/technical-intervention">{t('fiscalTechnical.link')}</Link>
        </p>
      </header>
      <form
        className="card fiscal-filters"
        aria-label={t('fiscal.closures.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          if (problem === null) void closures.refetch();
        }}
      >
        <div className="field fiscal-filter-range">
          <label className="field-label" htmlFor={ids.range}>
            {t('fiscal.closures.predefined')}
          </label>
          <select
            id={ids.range}
            className="field-input"
            value={chosenRange ? rangeValue(chosenRange.range) : NO_RANGE}
            onChange={(event) => handleRange(event.target.value)}
          >
            <option value={NO_RANGE}>{t('fiscal.closures.customRange')}</option>
            {ranges.map((range) => (
              <option key={rangeValue(range.range)} value={rangeValue(range.range)}>
                {rangeLabel(range, t, language)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.start}>
            {t('fiscal.closures.startDate')}
          </label>
          <input
            id={ids.start}
            type="date"
            className={problem === 'startAfterEnd' ? 'field-input is-invalid' : 'field-input'}
            value={draft.startDate}
            max={draft.endDate || undefined}
            required
            aria-invalid={problem !== null && problem !== 'missingDate' ? true : undefined}
            aria-describedby={problem ? ids.error : undefined}
            onChange={(event) => change({ ...draft, startDate: event.target.value })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.end}>
            {t('fiscal.closures.endDate')}
          </label>
          <input
            id={ids.end}
            type="date"
            className="field-input"
            value={draft.endDate}
            min={draft.startDate || undefined}
            required
            aria-describedby={problem ? ids.error : undefined}
            onChange={(event) => change({ ...draft, endDate: event.target.value })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.type}>
            {t('fiscal.closures.type')}
          </label>
          <select
            id={ids.type}
            className="field-input"
            value={draft.type}
            onChange={(event) => change({ ...draft, type: Number(event.target.value) })}
          >
            {CLOSURE_TYPE_OPTIONS.map((type) => (
              <option key={type} value={type}>
                {closureTypeLabel(t, type)}
              </option>
            ))}
          </select>
        </div>
        <div className="fiscal-filter-submit">
          <button
            type="submit"
            className="button button-primary"
            disabled={problem !== null}
            aria-busy={closures.isFetching}
          >
            {t('fiscal.closures.refresh')}
          </button>
        </div>
        <div id={ids.error} className="fiscal-filter-error" role="alert">
          {problem ? <p className="field-error">{t(`fiscal.closures.error.${problem}`)}</p> : null}
        </div>
      </form>
      <section className="card fiscal-signature-check-card" aria-label={t('signatureCheck.button')}>
        <SignatureCheckButton range={applied} period={period} isDisabled={problem !== null} />
      </section>
      <section className="card fiscal-table-card">{table}</section>
    </div>
  );
}

function rangeValue(range: DateRange): string {
  return `${range.startDate}/${range.endDate}`;
}

function rangeLabel(range: PredefinedRange, t: Translator['t'], language: Language): string {
  if (range.kind === 'year') {
    return range.isCurrent
      ? t('fiscal.closures.currentYear', { year: range.year })
      : t('fiscal.closures.year', { year: range.year });
  }
  const month = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(range.year, range.month - 1, 1)),
  );
  return month.charAt(0).toUpperCase() + month.slice(1);
}
