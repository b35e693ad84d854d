import { parisParts } from '../../ui/dates';

/** A `datetime-local` value (`YYYY-MM-DDTHH:mm`) read as Paris time, whatever the browser's zone. */
export function parisInputToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, ...number[]];
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  // Paris is UTC+1 or UTC+2: the offset found at the first guess is checked once more around a change.
  let instant = wall - parisOffsetMs(wall);
  instant = wall - parisOffsetMs(instant);
  return new Date(instant).toISOString();
}

/** An instant as a `datetime-local` value in Paris time. */
export function isoToParisInput(instant: Date | string): string {
  const { year, month, day, hour, minute } = parisParts(instant);
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

function parisOffsetMs(instant: number): number {
  const { year, month, day, hour, minute, second } = parisParts(instant);
  const wall = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}
