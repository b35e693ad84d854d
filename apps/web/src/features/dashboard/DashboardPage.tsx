import { useQuery } from '@tanstack/react-query';
import type { DashboardTurnover, UserMe } from '@comptoir/contracts';
import { userQueries } from '../../app/userQueries';
import { useI18n } from '../../i18n/useI18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { CompanyTurnoverCard } from './CompanyTurnoverCard';
import { dashboardQueries } from './dashboardQueries';
import { TurnoverFigures, type DayFigures } from './TurnoverFigures';

export function DashboardPage() {
  const { t } = useI18n();
  const user = useQuery(userQueries.me());

  return (
    <div className="page">
      <title>{`${t('dashboard.title')} · ${t('app.name')}`}</title>
      {user.isPending ? (
        <>
          <h1 className="visually-hidden">{t('dashboard.title')}</h1>
          <LoadingState label={t('common.loading')} />
        </>
      ) : user.isError ? (
        <>
          <h1 className="visually-hidden">{t('dashboard.title')}</h1>
          <ErrorState
            message={t('common.error')}
            retryLabel={t('common.retry')}
            onRetry={() => void user.refetch()}
          />
        </>
      ) : (
        <>
          <header className="page-header">
            <h1>{t('dashboard.greeting', { name: user.data.firstname })}</h1>
            <p className="page-intro">{t('dashboard.intro')}</p>
          </header>
          <Establishments companies={user.data.companies} />
        </>
      )}
    </div>
  );
}

function Establishments({ companies }: { companies: UserMe['companies'] }) {
  const { t } = useI18n();
  const turnover = useQuery({ ...dashboardQueries.turnover(), enabled: companies.length > 0 });

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
                  todayDay={turnover.data.today}
                  yesterdayDay={turnover.data.yesterday}
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
  const sum = (day: 'today' | 'yesterday'): DayFigures =>
    turnover.companies.reduce(
      (total, company) => ({
        turnoverIvat: total.turnoverIvat + company[day].turnoverIvat,
        orders: total.orders + company[day].orders,
      }),
      { turnoverIvat: 0, orders: 0 },
    );
  return (
    <section className="card group-total" aria-labelledby="group-total-title">
      <h3 id="group-total-title" className="group-total-title">
        {t('dashboard.total')}
      </h3>
      <TurnoverFigures
        today={sum('today')}
        yesterday={sum('yesterday')}
        todayDay={turnover.today}
        yesterdayDay={turnover.yesterday}
      />
    </section>
  );
}
