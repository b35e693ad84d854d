// Plural texts print their count too, so the grouping lives below ui/, in i18n/.
export { formatInteger, groupThousands } from '../i18n/integers';

/** Change from `previous` to `current` as `+12.3 %` (dot decimal, spec §9); null without a base. */
export function formatPercentChange(current: number, previous: number): string | null {
  if (previous === 0) return null;
  const change = ((current - previous) / Math.abs(previous)) * 100;
  const rounded = Math.round(change * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  return `${sign}${Math.abs(rounded).toFixed(1)} %`;
}
