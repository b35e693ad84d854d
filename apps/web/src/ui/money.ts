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

/**
 * `150,00 €`, `1\u202f234,50 €`, `-3,20 €`: euros with a decimal comma, as registers word them.
 * Thousands are read across no-break spaces only: in `Table 3 450,00 €` the 3 is the table's.
 */
const COMMA_EUROS = /(-?)(\d{1,3}(?:[\u00a0\u202f]\d{3})+|\d+),(\d{2})[ \u00a0\u202f]?€/g;

/**
 * Free text from a register (a control-strip description) with its amounts rewritten in the portal's
 * format, so that a screen shows one money format: `Fond de caisse 150,00 €` -> `Fond de caisse 150.00 €`.
 */
export function formatMoneyInText(text: string): string {
  return text.replace(COMMA_EUROS, (_match, sign: string, euros: string, cents: string) => {
    const amount = Number(euros.replace(/\D/g, '')) * 100 + Number(cents);
    return formatMoney(sign ? -amount : amount);
  });
}
