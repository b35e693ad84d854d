/** Whole numbers with the spec's space thousands separator: 12345 -> `12 345`. */
export function formatInteger(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + groupThousands(String(Math.abs(Math.trunc(value))));
}

export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** Change from `previous` to `current` as `+12.3 %` (dot decimal, spec §9); null without a base. */
export function formatPercentChange(current: number, previous: number): string | null {
  if (previous === 0) return null;
  const change = ((current - previous) / Math.abs(previous)) * 100;
  const rounded = Math.round(change * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  return `${sign}${Math.abs(rounded).toFixed(1)} %`;
}
