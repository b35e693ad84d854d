/** Display of dates and times: the business runs on Paris time whatever the browser's zone. */
export const BUSINESS_TIME_ZONE = 'Europe/Paris';

const dateTimeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

type Instant = Date | string | number;

const parisDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar day in Paris, `YYYY-MM-DD`, whatever the browser's time zone. */
export function parisToday(now: Date = new Date()): string {
  return parisDayFormat.format(now);
}

export { addCalendarDays } from '@comptoir/contracts';

/** An instant as its Paris calendar day, `DD/MM/YYYY`. */
export function formatDate(instant: Instant): string {
  const { day, month, year } = parisParts(instant);
  return `${day}/${month}/${year}`;
}

// Each spec area has its own date-time format: a screen takes the one of the area it belongs to.

/** Spec 2, fiscal administration (its tables, details and dialogs): `DD-MM-YYYY H:mm:ss`, Paris time. */
export function formatFiscalDateTime(instant: Instant): string {
  const { day, month, year, hour, minute, second } = parisParts(instant);
  return `${day}-${month}-${year} ${Number(hour)}:${minute}:${second}`;
}

/**
 * Spec 3, reports, ware analysis, customer accounts and accounting ("dates display as DD/MM/YYYY
 * and HH:mm"): `DD/MM/YYYY HH:mm`, Paris time.
 */
export function formatReportDateTime(instant: Instant): string {
  const { day, month, year, hour, minute } = parisParts(instant);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** A business day as `DD/MM/YYYY` (one rule, in the contracts). */
export { formatBusinessDay } from '@comptoir/contracts';

/** The calendar and clock fields of an instant, Paris time (two-digit strings, the year on four). */
export function parisParts(
  instant: Instant,
): Record<'day' | 'month' | 'year' | 'hour' | 'minute' | 'second', string> {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(instant)}`);
  const parts = Object.fromEntries(dateTimeParts.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    day: parts.day ?? '',
    month: parts.month ?? '',
    year: parts.year ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
  };
}
