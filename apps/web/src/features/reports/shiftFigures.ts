import type { ShiftDetail } from '@comptoir/contracts';

export function paymentsTotal(shift: Pick<ShiftDetail, 'payments'>): number {
  return shift.payments.reduce((sum, payment) => sum + payment.amount, 0);
}

/** Cash put in (positive) and taken out (negative) of the drawer during the shift. */
export function cashMovementsTotal(shift: Pick<ShiftDetail, 'cashMovements'>): number {
  return shift.cashMovements.reduce((sum, movement) => sum + movement.amount, 0);
}

/** Who ran the shift: one name when the same person opened and closed it. */
export function shiftStaff(shift: Pick<ShiftDetail, 'openedBy' | 'closedBy'>): string {
  return shift.openedBy === shift.closedBy || !shift.closedBy
    ? shift.openedBy
    : `${shift.openedBy} / ${shift.closedBy}`;
}
