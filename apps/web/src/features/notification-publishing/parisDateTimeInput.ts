import { formatParis, parseParisDateTime } from '@comptoir/contracts';

/** A `datetime-local` value (`YYYY-MM-DDTHH:mm`) read as Paris time, whatever the browser's zone. */
export function parisInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  return parseParisDateTime(value)?.toISOString() ?? null;
}

/** An instant as a `datetime-local` value in Paris time. */
export const isoToParisInput = (instant: Date | string): string => formatParis(instant, 'YYYY-MM-DDTHH:mm');
