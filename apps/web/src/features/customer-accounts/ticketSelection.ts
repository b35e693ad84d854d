import type { TicketPayment, TicketPaymentGroup } from '@comptoir/contracts';

/**
 * The notes ticked on the detail page (spec 3 §2): checkboxes with a select-all on unpaid and paid
 * notes, one radio button on credits.
 */

export type NoteSelectionMode = 'multiple' | 'single';

export function toggleNote(selected: readonly string[], id: string, mode: NoteSelectionMode): string[] {
  if (mode === 'single') return [id];
  return selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id];
}

export type SelectAllState = 'none' | 'some' | 'all';

/** The select-all box: ticked when every shown note is, mixed when some are. */
export function selectAllState(selected: readonly string[], shown: readonly string[]): SelectAllState {
  const ticked = shown.filter((id) => selected.includes(id)).length;
  if (ticked === 0 || shown.length === 0) return 'none';
  return ticked === shown.length ? 'all' : 'some';
}

/** Select-all ticks every shown note, or unticks them all when they already are. */
export function toggleAllNotes(selected: readonly string[], shown: readonly string[]): string[] {
  return selectAllState(selected, shown) === 'all' ? [] : [...shown];
}

/** Ticked notes that are still shown, in the list's order: a reload drops the others. */
export function keepShown(selected: readonly string[], shown: readonly string[]): string[] {
  return shown.filter((id) => selected.includes(id));
}

/** The PDF call's `groupedPaymentsList` (spec 3 §7): the selected payments grouped by customer. */
export function groupPayments(payments: readonly TicketPayment[]): TicketPaymentGroup[] {
  const groups = new Map<string, TicketPayment[]>();
  for (const payment of payments) {
    const group = groups.get(payment.customerId);
    if (group) group.push(payment);
    else groups.set(payment.customerId, [payment]);
  }
  return [...groups].map(([customerId, grouped]) => ({ customerId, payments: grouped }));
}

/** Spec 3 §9: a selection change reaches the PDF after this settling delay. */
export const TICKET_SELECTION_SETTLE_MS = 2000;
