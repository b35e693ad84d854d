import type { DashboardTurnover } from '@comptoir/contracts';
import { useI18n } from '../../i18n/useI18n';
import { formatBusinessDay } from '../../ui/dates';
import { formatMoney } from '../../ui/money';

export type DayFigures = DashboardTurnover['companies'][number]['today'];

/** Today's and yesterday's turnover incl. VAT and order count, as a labelled definition list. */
export function TurnoverFigures({
  today,
  yesterday,
  todayDay,
  yesterdayDay,
}: {
  today: DayFigures | undefined;
  yesterday: DayFigures | undefined;
  todayDay: string;
  yesterdayDay: string;
}) {
  const { t } = useI18n();
  return (
    <div className="turnover">
      <h4 className="turnover-title">{t('dashboard.turnover')}</h4>
      <dl className="figures">
        <DayFigure label={t('dashboard.today')} day={todayDay} figures={today} isToday />
        <DayFigure label={t('dashboard.yesterday')} day={yesterdayDay} figures={yesterday} />
      </dl>
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
