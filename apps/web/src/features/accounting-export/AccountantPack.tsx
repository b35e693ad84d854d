import { useId, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  addCalendarDays,
  vatRateLabel,
  type CustomerBalanceLine,
  type VatSummaryLine,
  formatBusinessDay,
  parisToday,
} from '@comptoir/contracts';
import { useI18n } from './accounting-export.i18n';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { showFlash } from '../../ui/flash/flashStore';
import { LoadingState } from '../../ui/LoadingState';
import { formatMoney } from '../../ui/money';
import { downloadAccountingExport } from './accountingExportDownload';
import { accountingExportQueries } from './accountingExportQueries';

/** The month before today's (Paris): the one an accountant closes. */
const previousMonth = (today: string) => addCalendarDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);

/**
 * What the accountant takes (issue 30, parts 19–21): a month's VAT-return summary checked against
 * the registers' Z, the month's Z reports in one PDF, and the complete FEC of an exercise.
 */
export function AccountantPack({ companyId }: { companyId: string }) {
  const { t } = useI18n();
  const ids = { month: useId(), exercise: useId(), title: useId() };
  const [month, setMonth] = useState(() => previousMonth(parisToday()));
  const [chosenEnd, setChosenEnd] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<'z' | 'fec' | null>(null);
  const summary = useQuery(accountingExportQueries.vatSummary(companyId, month));
  const balances = useQuery(accountingExportQueries.customerBalances(companyId, month));
  // The history's list (one cache): each FEC export done may book days of an exercise.
  const exports = useQuery(accountingExportQueries.exports(companyId));
  const booked = exports.data?.filter((e) => e.format === 'fec' && e.status === 'done').length ?? 0;
  const exercises = useQuery({
    ...accountingExportQueries.exercises(companyId, booked),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    (): DataTableColumn<VatSummaryLine>[] => [
      {
        id: 'rate',
        header: t('accountingPack.vat.rate'),
        value: (l) => vatRateLabel(l.rateBp),
        isRowHeader: true,
      },
      ...(
        [
          ['salesBase', 'accountingPack.vat.salesBase'],
          ['salesVat', 'accountingPack.vat.salesVat'],
          ['avoirsBase', 'accountingPack.vat.avoirsBase'],
          ['avoirsVat', 'accountingPack.vat.avoirsVat'],
          ['base', 'accountingPack.vat.base'],
          ['vat', 'accountingPack.vat.vat'],
          ['zBase', 'accountingPack.vat.zBase'],
          ['zVat', 'accountingPack.vat.zVat'],
        ] as const
      ).map(([field, header]): DataTableColumn<VatSummaryLine> => ({
        id: field,
        header: t(header),
        kind: 'amount',
        value: (l) => l[field],
      })),
    ],
    [t],
  );

  const balanceColumns = useMemo(
    (): DataTableColumn<CustomerBalanceLine>[] => [
      { id: 'name', header: t('accountingPack.customers.name'), value: (l) => l.name, isRowHeader: true },
      { id: 'aux', header: t('accountingPack.customers.aux'), value: (l) => l.aux },
      { id: 'owed', header: t('accountingPack.customers.owed'), kind: 'amount', value: (l) => l.owed },
      { id: 'ledger', header: t('accountingPack.customers.ledger'), kind: 'amount', value: (l) => l.ledger },
      {
        id: 'prepaid',
        header: t('accountingPack.customers.prepaid'),
        kind: 'amount',
        value: (l) => l.prepaid,
      },
      {
        id: 'difference',
        header: t('accountingPack.customers.difference'),
        kind: 'amount',
        value: (l) => l.ledger - l.prepaid - l.owed,
      },
    ],
    [t],
  );

  async function download(kind: 'z' | 'fec', url: string, fallback: string) {
    setDownloading(kind);
    try {
      await downloadAccountingExport(url, fallback);
    } catch {
      showFlash({ type: 'error', text: t('accountingPack.error') });
    } finally {
      setDownloading(null);
    }
  }

  const data = summary.data;
  const agrees = data?.lines.every((l) => l.zBase === l.salesBase && l.zVat === l.salesVat) ?? true;
  let vat;
  if (summary.isError) {
    vat = (
      <ErrorState
        message={t('accountingPack.loadError')}
        retryLabel={t('common.retry')}
        onRetry={() => void summary.refetch()}
      />
    );
  } else if (!data) {
    vat = <LoadingState label={t('common.loading')} />;
  } else if (data.lines.length === 0) {
    vat = <EmptyState title={t('accountingPack.vat.empty')} />;
  } else {
    vat = (
      <>
        {data.openFrom ? (
          <p className="accounting-export-note" role="note">
            {t('accountingPack.vat.open', { day: formatBusinessDay(data.openFrom) })}
          </p>
        ) : null}
        <p className={`accounting-export-note ${agrees ? '' : 'is-warning'}`} role="status">
          {t(agrees ? 'accountingPack.vat.zAgree' : 'accountingPack.vat.zDiffer', { count: data.zClosures })}
        </p>
        <DataTable
          caption={t('accountingPack.vat.caption')}
          columns={columns}
          rows={data.lines}
          rowKey={(l) => String(l.rateBp)}
          fileTitle={data.fileName.replace(/\.csv$/, '')}
        />
      </>
    );
  }

  let customers;
  if (balances.isError) {
    customers = (
      <ErrorState
        message={t('accountingPack.loadError')}
        retryLabel={t('common.retry')}
        onRetry={() => void balances.refetch()}
      />
    );
  } else if (!balances.data) {
    customers = <LoadingState label={t('common.loading')} />;
  } else if (balances.data.lines.length === 0) {
    customers = <EmptyState title={t('accountingPack.customers.empty')} />;
  } else {
    const data = balances.data;
    const agree = data.lines.every((l) => l.ledger - l.prepaid === l.owed);
    customers = (
      <>
        <p className={`accounting-export-note ${agree ? '' : 'is-warning'}`}>
          {t(agree ? 'accountingPack.customers.agree' : 'accountingPack.customers.differ', {
            day: formatBusinessDay(data.endDay),
          })}
        </p>
        <p className="accounting-export-note">
          {t('accountingPack.customers.totals', {
            receivable: formatMoney(data.receivable),
            prepaid: formatMoney(data.prepaid),
            avoirs: formatMoney(Math.max(data.avoirsOutstanding, 0)),
          })}
        </p>
        {data.avoirsOutstanding < 0 ? (
          <p className="accounting-export-note is-warning">
            {t('accountingPack.customers.avoirsOverspent', { amount: formatMoney(-data.avoirsOutstanding) })}
          </p>
        ) : null}
        <DataTable
          caption={t('accountingPack.customers.caption')}
          columns={balanceColumns}
          rows={data.lines}
          rowKey={(l) => l.customerId}
          fileTitle={`comptes-clients-${data.month}`}
        />
      </>
    );
  }

  const list = exercises.data?.exercises ?? [];
  const end = chosenEnd && list.some((e) => e.end === chosenEnd) ? chosenEnd : (list.at(-1)?.end ?? '');
  const exercise = list.find((e) => e.end === end);
  let fec;
  if (exercises.isError) {
    fec = (
      <ErrorState
        message={t('accountingPack.loadError')}
        retryLabel={t('common.retry')}
        onRetry={() => void exercises.refetch()}
      />
    );
  } else if (!exercises.data) {
    fec = <LoadingState label={t('common.loading')} />;
  } else if (!exercise) {
    fec = <p className="accounting-export-hint">{t('accountingPack.exercise.empty')}</p>;
  } else {
    fec = (
      <div className="accounting-pack-row">
        <div className="accounting-export-field">
          <label htmlFor={ids.exercise}>{t('accountingPack.exercise.label')}</label>
          <select id={ids.exercise} value={end} onChange={(event) => setChosenEnd(event.target.value)}>
            {list.map((e) => (
              <option key={e.end} value={e.end}>
                {t('accountingPack.exercise.option', {
                  start: formatBusinessDay(e.start),
                  end: formatBusinessDay(e.end),
                  days: e.bookedDays,
                })}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button-secondary"
          disabled={downloading !== null}
          onClick={() =>
            void download(
              'fec',
              `/api/exportVat/exerciseFec?${new URLSearchParams({ idCompany: companyId, end }).toString()}`,
              exercise.fileName,
            )
          }
        >
          {downloading === 'fec' ? <span className="spinner" aria-hidden="true" /> : null}
          {downloading === 'fec' ? t('accountingPack.downloading') : t('accountingPack.exercise.download')}
        </button>
      </div>
    );
  }

  return (
    <section className="accounting-pack" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="section-title">
        {t('accountingPack.title')}
      </h2>
      <p className="accounting-export-note">{t('accountingPack.intro')}</p>
      <div className="card accounting-pack-card">
        <div className="accounting-pack-row">
          <div className="accounting-export-field">
            <label htmlFor={ids.month}>{t('accountingPack.month')}</label>
            <input
              id={ids.month}
              type="month"
              value={month}
              max={parisToday().slice(0, 7)}
              onChange={(event) => setMonth(event.target.value)}
            />
          </div>
        </div>
        <h3 className="accounting-pack-subtitle">{t('accountingPack.z.title')}</h3>
        <p className="accounting-export-note">{t('accountingPack.z.hint')}</p>
        <div className="accounting-pack-row">
          <button
            type="button"
            className="button button-secondary"
            disabled={downloading !== null || !/^\d{4}-\d{2}$/.test(month)}
            onClick={() =>
              void download(
                'z',
                `/api/exportVat/zPack?${new URLSearchParams({ idCompany: companyId, month }).toString()}`,
                `clotures-z-${month}.pdf`,
              )
            }
          >
            {downloading === 'z' ? <span className="spinner" aria-hidden="true" /> : null}
            {downloading === 'z' ? t('accountingPack.downloading') : t('accountingPack.z.download')}
          </button>
        </div>
        <h3 className="accounting-pack-subtitle">{t('accountingPack.vat.title')}</h3>
        {vat}
        <h3 className="accounting-pack-subtitle">{t('accountingPack.customers.title')}</h3>
        {customers}
      </div>
      <div className="card accounting-pack-card">
        <h3 className="accounting-pack-subtitle">{t('accountingPack.exercise.title')}</h3>
        <p className="accounting-export-note">{t('accountingPack.exercise.hint')}</p>
        {fec}
      </div>
    </section>
  );
}
