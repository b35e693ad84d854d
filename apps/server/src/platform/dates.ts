const PARIS = 'Europe/Paris';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PARIS,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const hourFormat = new Intl.DateTimeFormat('en-GB', { timeZone: PARIS, hour: '2-digit', hourCycle: 'h23' });

/** The calendar day in Europe/Paris, `YYYY-MM-DD`. */
export function parisDay(at: Date | string = new Date()): string {
  return dayFormat.format(typeof at === 'string' ? new Date(at) : at);
}

/** The hour of day (0-23) in Europe/Paris. */
export function parisHour(at: Date | string): number {
  return Number(hourFormat.format(typeof at === 'string' ? new Date(at) : at));
}

/** Adds days to a `YYYY-MM-DD` day (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
