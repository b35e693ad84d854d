import { groupThousands } from './numbers';

/**
 * Cents to the spec's amount format: two decimals, space thousands separator, dot decimal, euro
 * sign after a space (123450 -> `1 234.50 €`). Integer arithmetic only: cents never become floats.
 */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount in cents expected, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const euros = Math.floor(absolute / 100);
  const rest = absolute % 100;
  return `${sign}${groupThousands(String(euros))}.${String(rest).padStart(2, '0')} €`;
}
