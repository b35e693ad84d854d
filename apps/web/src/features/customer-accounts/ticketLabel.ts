import { TICKET_LABEL_MAX_LENGTH } from '@comptoir/contracts';

/** The label of tickets without details is kept in this browser (the server has no field for it). */
const STORAGE_KEY = 'customerTicketLabel';

export function readTicketLabel(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    const label = storage.getItem(STORAGE_KEY)?.trim();
    return label ? label.slice(0, TICKET_LABEL_MAX_LENGTH) : null;
  } catch {
    return null;
  }
}

/** Saves the label; an empty one goes back to the translated default (null). */
export function saveTicketLabel(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  label: string,
): string | null {
  const trimmed = label.trim().slice(0, TICKET_LABEL_MAX_LENGTH);
  try {
    if (trimmed) storage.setItem(STORAGE_KEY, trimmed);
    else storage.removeItem(STORAGE_KEY);
  } catch {
    // Private browsing may refuse storage: the label still applies to this visit.
  }
  return trimmed || null;
}
