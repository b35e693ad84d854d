import { useI18n } from './reports.i18n';
import { formatMoney } from '../../ui/money';
import { formatInteger, formatPercentChange } from '../../ui/numbers';

/** One figure of the period, its change against the previous period, and that period's figure. */
export function KpiCard({
  label,
  kind,
  current,
  previous,
  isLowerBetter = false,
}: {
  label: string;
  kind: 'money' | 'integer';
  current: number | null;
  previous: number | null;
  /** Discounts and offered items: a rise is not good news. */
  isLowerBetter?: boolean;
}) {
  const { t } = useI18n();
  const format = (value: number | null) =>
    value === null ? t('reports.kpi.none') : kind === 'money' ? formatMoney(value) : formatInteger(value);
  const change = current !== null && previous !== null ? formatPercentChange(current, previous) : null;
  const direction =
    current === null || previous === null || current === previous
      ? 'flat'
      : current > previous
        ? 'up'
        : 'down';
  const tone = direction === 'flat' ? 'neutral' : (direction === 'up') !== isLowerBetter ? 'good' : 'bad';
  return (
    <div className="kpi card">
      <dt className="kpi-label">{label}</dt>
      <dd className="kpi-value">{format(current)}</dd>
      <dd className="kpi-comparison">
        {change ? (
          <span className={`kpi-change is-${tone}`}>
            <span aria-hidden="true">{direction === 'up' ? '▲' : direction === 'down' ? '▼' : '▬'}</span>{' '}
            {change}
          </span>
        ) : (
          <span className="kpi-change is-neutral">{t('reports.kpi.noComparison')}</span>
        )}
        <span className="kpi-previous">{t('reports.kpi.previous', { value: format(previous) })}</span>
      </dd>
    </div>
  );
}
