import { describe, expect, it } from 'vitest';
import { cashMovementsTotal, paymentsTotal, shiftStaff } from './shiftFigures';

describe('shift figures', () => {
  it('adds up the payments and the cash movements, withdrawals counting negative', () => {
    expect(
      paymentsTotal({
        payments: [
          { paymentTypeId: 'cash', label: 'Espèces', amount: 12_000 },
          { paymentTypeId: 'card', label: 'Carte bancaire', amount: 45_050 },
        ],
      }),
    ).toBe(57_050);
    expect(
      cashMovementsTotal({
        cashMovements: [
          { id: 'a', at: '2026-05-04T10:00:00+02:00', amount: 5_000, notice: 'Appoint', user: 'Léa' },
          { id: 'b', at: '2026-05-04T15:00:00+02:00', amount: -2_000, notice: 'Fournisseur', user: 'Léa' },
        ],
      }),
    ).toBe(3_000);
  });

  it('names the staff once when the same person opened and closed the shift', () => {
    expect(shiftStaff({ openedBy: 'Léa', closedBy: 'Léa' })).toBe('Léa');
    expect(shiftStaff({ openedBy: 'Léa', closedBy: 'Hugo' })).toBe('Léa / Hugo');
  });
});
