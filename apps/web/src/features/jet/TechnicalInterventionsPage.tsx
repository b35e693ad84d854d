import { parisToday } from '@comptoir/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { JetJournalRow } from '@comptoir/contracts';
import { useI18n } from './jet.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { formatCell } from '../../ui/tableCells';
import { Tabs } from '../../ui/Tabs';
import { checkRange, defaultClosureFilters } from '../fiscal/closureFilters';
import { interventionColumns } from '../fiscal/fiscalColumns';
import { FiscalDetailFrame } from '../fiscal/FiscalDetailFrame';
import { FiscalPeriodFields } from '../fiscal/FiscalPeriodFields';
import { fiscalErrorMessage } from '../fiscal/fiscalErrors';
import { fiscalQueries } from '../fiscal/fiscalQueries';
import { FiscalTable } from '../fiscal/FiscalTable';
import { RegisterKeysPanel } from '../fiscal-keys/RegisterKeysPanel';
import { useStoredTab } from '../fiscal/useStoredTab';
import { eventLabel, JET_CODES, jetColumns } from './jetColumns';
import { jetQueries, type JetFilters } from './jetQueries';
import '../fiscal/fiscal.css';
import './jet.css';

const TABS = ['interventions', 'journal'] as const;
type Tab = (typeof TABS)[number];

/**
 * The technical interventions screen (spec 2 §2, `/administration-fiscale/technical-intervention`):
 * the registers' technical interventions (spec 2 §3 fields) and the server's technical events
 * journal (JET, NF525) with each event's signature status, over one period; each a fiscal table with
 * its CSV export and column filters.
 */
export function TechnicalInterventionsPage() {
  const { t } = useI18n();
  const today = parisToday();
  const [draft, setDraft] = useState<JetFilters>(() => {
    const { startDate, endDate } = defaultClosureFilters(today);
    return { startDate, endDate, code: '' };
  });
  const [applied, setApplied] = useState(draft);
  const [tab, setTab] = useStoredTab<Tab>('technical-intervention', TABS, 'interventions');
  const problem = checkRange(draft);
  const ids = { code: useId(), error: useId() };

  function change(next: JetFilters) {
    setDraft(next);
    if (checkRange(next) === null) setApplied(next);
  }

  const period = t('fiscal.period', {
    start: formatCell('day', applied.startDate),
    end: formatCell('day', applied.endDate),
  });

  return (
    <FiscalDetailFrame title={t('area.jet')} subtitle={t('jet.intro')} info={null} isLoading={false}>
      <form
        className="card fiscal-filters"
        aria-label={t('jet.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <FiscalPeriodFields
          range={draft}
          onChange={(range) => change({ ...draft, ...range })}
          errorId={ids.error}
        />
        {tab === 'journal' ? (
          <div className="field">
            <label className="field-label" htmlFor={ids.code}>
              {t('jet.journal.code')}
            </label>
            <select
              id={ids.code}
              className="field-input"
              value={draft.code}
              onChange={(event) => change({ ...draft, code: event.target.value })}
            >
              <option value="">{t('jet.journal.allCodes')}</option>
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
      <Tabs
        label={t('jet.tabs')}
        tabs={[
          { id: 'interventions', label: t('jet.tab.interventions') },
          { id: 'journal', label: t('jet.tab.journal') },
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
      </Tabs>
      <RegisterKeysPanel />
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
      empty={t('jet.interventions.empty')}
      hint={t('jet.interventions.emptyHint')}
      isFetching={query.isFetching}
    >
      <FiscalTable
        caption={t('jet.interventions.table', { period })}
        columns={columns}
        rows={query.data}
        rowKey={(row) => row.id}
      />
    </Rows>
  );
}

function JournalPanel({ filters, period }: { filters: JetFilters; period: string }) {
  const { t } = useI18n();
  const query = useInfiniteQuery({ ...jetQueries.journal(filters), placeholderData: keepPreviousData });
  const columns = useMemo(() => jetColumns(t), [t]);
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.rows) ?? [], [query.data]);
  if (query.isPending) return <LoadingState label={t('common.loading')} />;
  if (query.isError) {
    return (
      <ErrorState
        message={t('jet.loadError')}
        retryLabel={t('common.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <Rows
      count={rows.length}
      empty={t('jet.journal.empty')}
      hint={t('jet.journal.emptyHint')}
      isFetching={query.isFetching}
    >
      <FiscalTable
        caption={t('jet.journal.table', { period })}
        columns={columns}
        rows={rows}
        rowKey={(row: JetJournalRow) => String(row.seq)}
        rowTone={(row) => (row.signature === 'bad' ? 'error' : undefined)}
        errorDateText={t('jet.signature.bad')}
      />
      {query.hasNextPage ? (
        <button
          type="button"
          className="button button-secondary fiscal-technical-more"
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('jet.journal.more')}
        </button>
      ) : null}
    </Rows>
  );
}

function Rows({
  count,
  empty,
  hint,
  isFetching,
  children,
}: {
  count: number;
  empty: string;
  hint: string;
  isFetching: boolean;
  children: ReactNode;
}) {
  if (count === 0) return <EmptyState title={empty} hint={hint} />;
  return <div aria-busy={isFetching}>{children}</div>;
}
