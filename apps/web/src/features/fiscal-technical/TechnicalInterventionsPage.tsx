import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { JetJournalRow } from '@comptoir/contracts';
import type { Language, Translator } from '../../i18n/i18n';
import { useI18n } from '../../i18n/useI18n';
import { parisToday } from '../../ui/dates';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { formatCell } from '../../ui/tableCells';
import {
  checkRange,
  defaultClosureFilters,
  matchingRange,
  predefinedRanges,
  type DateRange,
  type PredefinedRange,
} from '../fiscal/closureFilters';
import { interventionColumns } from '../fiscal/fiscalColumns';
import { FiscalDetailFrame } from '../fiscal/FiscalDetailFrame';
import { fiscalErrorMessage } from '../fiscal/fiscalErrors';
import { fiscalQueries } from '../fiscal/fiscalQueries';
import { FiscalTable } from '../fiscal/FiscalTable';
import { FiscalTabs } from '../fiscal/FiscalTabs';
import { useStoredTab } from '../fiscal/useStoredTab';
import { eventLabel, JET_CODES, jetColumns } from './jetColumns';
import { technicalQueries, type JetFilters } from './technicalQueries';
import '../fiscal/fiscal.css';
import './fiscal-technical.css';

const TABS = ['interventions', 'journal'] as const;
type Tab = (typeof TABS)[number];
const NO_RANGE = '';

/**
 * The technical interventions screen (spec 2 §2, `/administration-fiscale/technical-intervention`):
 * the registers' technical interventions (spec 2 §3 fields) and the server's technical events
 * journal (JET, NF525) with each event's signature status, over one period; each a fiscal table with
 * its CSV export and column filters.
 */
export function TechnicalInterventionsPage() {
  const { t, language } = useI18n();
  const today = parisToday();
  const [draft, setDraft] = useState<JetFilters>(() => {
    const { startDate, endDate } = defaultClosureFilters(today);
    return { startDate, endDate, code: '' };
  });
  const [applied, setApplied] = useState(draft);
  const [tab, setTab] = useStoredTab<Tab>('technical-intervention', TABS, 'interventions');
  const problem = checkRange(draft);
  const ranges = useMemo(() => predefinedRanges(today), [today]);
  const chosenRange = matchingRange(draft, today);
  const ids = { range: useId(), start: useId(), end: useId(), code: useId(), error: useId() };

  function change(next: JetFilters) {
    setDraft(next);
    if (checkRange(next) === null) setApplied(next);
  }

  const period = t('fiscal.period', {
    start: formatCell('day', applied.startDate),
    end: formatCell('day', applied.endDate),
  });

  return (
    <FiscalDetailFrame
      title={t('area.fiscalTechnical')}
      subtitle={t('fiscalTechnical.intro')}
      info={null}
      isLoading={false}
    >
      <form
        className="card fiscal-filters"
        aria-label={t('fiscalTechnical.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="field fiscal-filter-range">
          <label className="field-label" htmlFor={ids.range}>
            {t('fiscal.closures.predefined')}
          </label>
          <select
            id={ids.range}
            className="field-input"
            value={chosenRange ? rangeValue(chosenRange.range) : NO_RANGE}
            onChange={(event) => {
              const range = ranges.find((candidate) => rangeValue(candidate.range) === event.target.value);
              if (range) change({ ...draft, ...range.range });
            }}
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
        {tab === 'journal' ? (
          <div className="field">
            <label className="field-label" htmlFor={ids.code}>
              {t('fiscalTechnical.journal.code')}
            </label>
            <select
              id={ids.code}
              className="field-input"
              value={draft.code}
              onChange={(event) => change({ ...draft, code: event.target.value })}
            >
              <option value="">{t('fiscalTechnical.journal.allCodes')}</option>
              {JET_CODES.map((code) => (
                <option key={code} value={code}>
                  {`${code} · ${eventLabel(t, { code, label: code })}`}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div id={ids.error} className="fiscal-filter-error" role="alert">
          {problem ? <p className="field-error">{t(`fiscal.closures.error.${problem}`)}</p> : null}
        </div>
      </form>
      <FiscalTabs
        label={t('fiscalTechnical.tabs')}
        tabs={[
          { id: 'interventions', label: t('fiscalTechnical.tab.interventions') },
          { id: 'journal', label: t('fiscalTechnical.tab.journal') },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        <section className="card fiscal-table-card fiscal-technical-table">
          {tab === 'interventions' ? (
            <InterventionsPanel filters={applied} period={period} />
          ) : (
            <JournalPanel filters={applied} period={period} />
          )}
        </section>
      </FiscalTabs>
    </FiscalDetailFrame>
  );
}

function InterventionsPanel({ filters, period }: { filters: JetFilters; period: string }) {
  const { t } = useI18n();
  const query = useQuery({
    ...fiscalQueries.interventions({ startDate: filters.startDate, endDate: filters.endDate }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => interventionColumns(t), [t]);
  if (query.isPending) return <LoadingState label={t('common.loading')} />;
  if (query.isError) {
    return (
      <ErrorState
        message={t(fiscalErrorMessage(query.error))}
        retryLabel={t('common.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <Rows
      count={query.data.length}
      empty={t('fiscalTechnical.interventions.empty')}
      isFetching={query.isFetching}
    >
      <FiscalTable
        caption={t('fiscalTechnical.interventions.table', { period })}
        columns={columns}
        rows={query.data}
        rowKey={(row) => row.id}
      />
    </Rows>
  );
}

function JournalPanel({ filters, period }: { filters: JetFilters; period: string }) {
  const { t } = useI18n();
  const query = useInfiniteQuery({ ...technicalQueries.journal(filters), placeholderData: keepPreviousData });
  const columns = useMemo(() => jetColumns(t), [t]);
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.rows) ?? [], [query.data]);
  if (query.isPending) return <LoadingState label={t('common.loading')} />;
  if (query.isError) {
    return (
      <ErrorState
        message={t('fiscalTechnical.loadError')}
        retryLabel={t('common.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <Rows count={rows.length} empty={t('fiscalTechnical.journal.empty')} isFetching={query.isFetching}>
      <FiscalTable
        caption={t('fiscalTechnical.journal.table', { period })}
        columns={columns}
        rows={rows}
        rowKey={(row: JetJournalRow) => String(row.seq)}
        rowTone={(row) => (row.signature === 'bad' ? 'error' : undefined)}
        errorDateText={t('fiscalTechnical.signature.bad')}
      />
      {query.hasNextPage ? (
        <button
          type="button"
          className="button button-secondary fiscal-technical-more"
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('fiscalTechnical.journal.more')}
        </button>
      ) : null}
    </Rows>
  );
}

function Rows({
  count,
  empty,
  isFetching,
  children,
}: {
  count: number;
  empty: string;
  isFetching: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  if (count === 0) return <EmptyState title={empty} hint={t('fiscalTechnical.emptyHint')} />;
  return <div aria-busy={isFetching}>{children}</div>;
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
