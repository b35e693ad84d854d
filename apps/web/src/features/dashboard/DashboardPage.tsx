import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DashboardTurnover, UserMe } from '@comptoir/contracts';
import { userQueries } from '../../api/userQueries';
import { useI18n } from './dashboard.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { CompanyTurnoverCard } from './CompanyTurnoverCard';
import { dashboardQueries } from './dashboardQueries';
import { useHomeOutlet } from './HomePage';
import { TurnoverFigures, type CompanyFigures, type DayFigures } from './TurnoverFigures';

/** The home page's embedded dashboard: real figures per establishment from the daily rollups. */
export function DashboardPage() {
  const { t } = useI18n();
  const user = useQuery(userQueries.me());
  const { onRendered } = useHomeOutlet();
  const isSettled = user.isError || (user.isSuccess && user.data.companies.length === 0);
  useEffect(() => {
    if (isSettled) onRendered();
  }, [isSettled, onRendered]);

  if (user.isPending) return <LoadingState label={t('common.loading')} />;
  if (user.isError) {
    return (
      <ErrorState
        message={t('common.error')}
        retryLabel={t('common.retry')}
        onRetry={() => void user.refetch()}
      />
    );
  }
  return <Establishments companies={user.data.companies} onRendered={onRendered} />;
}

function Establishments({
  companies,
  onRendered,
}: {
  companies: UserMe['companies'];
  onRendered: () => void;
}) {
  const { t } = useI18n();
  const turnover = useQuery({ ...dashboardQueries.turnover(), enabled: companies.length > 0 });
  const isSettled = !turnover.isPending;
  useEffect(() => {
    if (isSettled) onRendered();
  }, [isSettled, onRendered]);

  return (
    <section className="establishments" aria-labelledby="establishments-title">
      <h2 id="establishments-title" className="section-title">
        {t('dashboard.establishments')}
      </h2>
      {companies.length === 0 ? (
        <EmptyState title={t('dashboard.empty')} hint={t('dashboard.emptyHint')} />
      ) : turnover.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : turnover.isError ? (
        <ErrorState
          message={t('common.error')}
          retryLabel={t('common.retry')}
          onRetry={() => void turnover.refetch()}
        />
      ) : (
        <>
          {companies.length > 1 ? <GroupTotal turnover={turnover.data} /> : null}
          <ul className="company-list" role="list">
            {companies.map((company) => (
              <li key={company.id}>
                <CompanyTurnoverCard
                  company={company}
                  figures={turnover.data.companies.find((figures) => figures.id === company.id)}
                  period={turnover.data}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function GroupTotal({ turnover }: { turnover: DashboardTurnover }) {
  const { t } = useI18n();
  const sum = (period: keyof CompanyFigures): DayFigures =>
    turnover.companies.reduce(
      (total, company) => ({
        turnoverIvat: total.turnoverIvat + company[period].turnoverIvat,
        orders: total.orders + company[period].orders,
      }),
      { turnoverIvat: 0, orders: 0 },
    );
  const figures: CompanyFigures = {
    today: sum('today'),
    yesterday: sum('yesterday'),
    week: sum('week'),
    lastWeek: sum('lastWeek'),
  };
  return (
    <section className="card group-total" aria-labelledby="group-total-title">
      <h3 id="group-total-title" className="group-total-title">
        {t('dashboard.total')}
      </h3>
      <TurnoverFigures figures={figures} period={turnover} />
    </section>
  );
}
