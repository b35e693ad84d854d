import { parisToday } from '@comptoir/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FiscalClosure } from '@comptoir/contracts';
import { useI18n } from './fiscal.i18n';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { formatCell } from '../../ui/tableCells';
import {
  CLOSURE_TYPE_OPTIONS,
  checkRange,
  readClosureFilters,
  sameFilters,
  saveClosureFilters,
  type ClosureFilters,
} from './closureFilters';
import { closureColumns, closureTypeLabel } from './fiscalColumns';
import { fiscalErrorMessage } from './fiscalErrors';
import { detailLink } from './fiscalNavigation';
import { fiscalQueries } from './fiscalQueries';
import { FiscalPeriodFields } from './FiscalPeriodFields';
import { FiscalTable } from './FiscalTable';
import './fiscal.css';

/**
 * The inspector's home (spec 2 §2 "Closures list"): start and end dates (the start never after the
 * end), predefined ranges, the closure type, Refresh; the current month by default, the choice kept
 * in session storage. A row opens the closure's detail with the row in the navigation state.
 * « Vérifier les signatures » checks the chains over the same days.
 */
/** The range the signature check covers; fiscal-check's card, given by the shell (app/FiscalHomePage). */
export interface SignatureCheckSlot {
  range: { startDate: string; endDate: string };
  /** The range in words (« du 01-11-2026 au 24-11-2026 »). */
  period: string;
  isDisabled: boolean;
}

export function ClosuresListPage({
  renderSignatureCheck,
}: {
  renderSignatureCheck: (check: SignatureCheckSlot) => ReactNode;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const today = parisToday();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<ClosureFilters>(() => readClosureFilters(sessionStorage, today));
  // The last valid filters chosen: the table, its caption and the signature check follow them alone.
  const [applied, setApplied] = useState(draft);
  const problem = checkRange(draft);
  const closures = useQuery({ ...fiscalQueries.closures(applied), placeholderData: keepPreviousData });
  const columns = useMemo(() => closureColumns(t), [t]);
  const ids = { type: useId(), error: useId() };

  function apply(next: ClosureFilters) {
    if (checkRange(next) !== null || sameFilters(next, applied)) return;
    setApplied(next);
    saveClosureFilters(sessionStorage, next);
  }

  function change(next: ClosureFilters) {
    setDraft(next);
    // A day being typed is applied once the user leaves it: 15/03 on the way from 01/03 to 15/04 is no choice.
    if (!isTypingIn(form.current)) apply(next);
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
          <Link to="/administration-fiscale/technical-intervention">{t('fiscal.jetLink')}</Link>
        </p>
      </header>
      <form
        ref={form}
        className="card fiscal-filters"
        aria-label={t('fiscal.closures.filters')}
        onBlur={(event) => {
          if (event.target instanceof HTMLInputElement) apply(draft);
        }}
        onSubmit={(event) => {
          event.preventDefault();
          if (problem !== null) return;
          if (sameFilters(draft, applied)) void closures.refetch();
          else apply(draft);
        }}
      >
        <FiscalPeriodFields
          range={draft}
          onChange={(range) => change({ ...draft, ...range })}
          errorId={ids.error}
        />
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
      {renderSignatureCheck({ range: applied, period, isDisabled: problem !== null })}
      <section className="card fiscal-table-card">{table}</section>
    </div>
  );
}

/** Whether the user is typing in one of the form's text fields. */
function isTypingIn(form: HTMLFormElement | null): boolean {
  const focused = document.activeElement;
  return focused instanceof HTMLInputElement && form !== null && form.contains(focused);
}
