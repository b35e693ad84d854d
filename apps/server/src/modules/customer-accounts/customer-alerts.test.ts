import { describe, expect, it } from 'vitest';
import { alertBalanceCents, alertCrossings, balanceAlertText } from './customer-alerts';

const op = (amount: number, balanceAfter: number) => ({
  id: `${amount}/${balanceAfter}`,
  customerAccountId: 'c1',
  amount,
  balanceAfter,
});

describe('balance alerts', () => {
  it('reads the stored alert balance in cents, and no alert for 0 or an unreadable value', () => {
    expect(alertBalanceCents('-50')).toBe(-5000);
    expect(alertBalanceCents('-50.5')).toBe(-5050);
    expect(alertBalanceCents('0')).toBeNull();
    expect(alertBalanceCents(undefined)).toBeNull();
    expect(alertBalanceCents('abc')).toBeNull();
  });

  it('alerts once when a balance goes from the alert balance or above to below it', () => {
    const ops = [op(-3000, -3000), op(-2000, -5000), op(-1000, -6000), op(8000, 2000), op(-7500, -5500)];
    // Reaching the alert balance exactly is not below it; staying below does not alert again.
    expect(alertCrossings(ops, -5000).map((o) => o.id)).toEqual(['-1000/-6000', '-7500/-5500']);
    expect(alertCrossings(ops, -4000).map((o) => o.id)).toEqual(['-2000/-5000', '-7500/-5500']);
  });

  it('does not alert for a balance that stays above the alert balance', () => {
    expect(alertCrossings([op(-3000, -3000), op(3000, 0)], -5000)).toEqual([]);
  });

  it('names the account, its balance and the alert balance in French', () => {
    expect(balanceAlertText('Anne Kerjean', -5500, -5000)).toBe(
      "Le solde du compte client Anne Kerjean (-55,00\u00a0€) est passé sous le solde d'alerte (-50,00\u00a0€).",
    );
  });
});
