import { formatBusinessDay } from '@comptoir/contracts';
import type { DashboardTurnover } from '@comptoir/contracts';
import { useI18n } from './dashboard.i18n';
import { formatMoney } from '../../ui/money';
import { formatPercentChange } from '../../ui/numbers';

export type CompanyFigures = Pick<
  DashboardTurnover['companies'][number],
  'today' | 'yesterday' | 'week' | 'lastWeek'
>;
export type DayFigures = CompanyFigures['today'];
export type DashboardPeriod = Pick<
  DashboardTurnover,
  'today' | 'yesterday' | 'weekStart' | 'lastWeekStart' | 'lastWeekEnd'
>;

/** Today, yesterday, and this week against the same days of last week, incl. VAT. */
export function TurnoverFigures({
  figures,
  period,
}: {
  figures: CompanyFigures | undefined;
  period: DashboardPeriod;
}) {
  const { t } = useI18n();
  return (
    <div className="turnover">
      <h4 className="turnover-title">{t('dashboard.turnover')}</h4>
      <dl className="figures">
        <DayFigure label={t('dashboard.today')} day={period.today} figures={figures?.today} isToday />
        <DayFigure label={t('dashboard.yesterday')} day={period.yesterday} figures={figures?.yesterday} />
      </dl>
      <WeekComparison figures={figures} period={period} />
    </div>
  );
}

function DayFigure({
  label,
  day,
  figures,
  isToday = false,
}: {
  label: string;
  day: string;
  figures: DayFigures | undefined;
  isToday?: boolean;
}) {
  const { t, plural } = useI18n();
  return (
    <div className={isToday ? 'figure figure-today' : 'figure'}>
      <dt className="figure-label">
        {label} <time dateTime={day}>{formatBusinessDay(day)}</time>
      </dt>
      {figures ? (
        <>
          <dd className="figure-amount">{formatMoney(figures.turnoverIvat)}</dd>
          <dd className="figure-orders">{plural('dashboard.orders', figures.orders)}</dd>
        </>
      ) : (
        <dd className="figure-missing">{t('common.notAvailable')}</dd>
      )}
    </div>
  );
}

function WeekComparison({
  figures,
  period,
}: {
  figures: CompanyFigures | undefined;
  period: DashboardPeriod;
}) {
  const { t } = useI18n();
  if (!figures) return null;
  const change = formatPercentChange(figures.week.turnoverIvat, figures.lastWeek.turnoverIvat);
  const trend = figures.week.turnoverIvat >= figures.lastWeek.turnoverIvat ? 'up' : 'down';
  return (
    <dl className="week-comparison">
      <div>
        <dt>{t('dashboard.thisWeek', { day: formatBusinessDay(period.weekStart) })}</dt>
        <dd className="week-amount">{formatMoney(figures.week.turnoverIvat)}</dd>
      </div>
      <div>
        <dt>
          {t('dashboard.lastWeek', {
            from: formatBusinessDay(period.lastWeekStart),
            to: formatBusinessDay(period.lastWeekEnd),
          })}
        </dt>
        <dd className="week-amount week-amount-previous">{formatMoney(figures.lastWeek.turnoverIvat)}</dd>
      </div>
      <div>
        <dt className="visually-hidden">{t('dashboard.change')}</dt>
        <dd className={change ? `week-change week-change-${trend}` : 'week-change'}>
          {change ?? t('dashboard.noComparison')}
        </dd>
      </div>
    </dl>
  );
}
