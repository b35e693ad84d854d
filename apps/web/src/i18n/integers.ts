/** Whole numbers with the spec's space thousands separator: 12345 -> `12 345`. */
export function formatInteger(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + groupThousands(String(Math.abs(Math.trunc(value))));
}

export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}
