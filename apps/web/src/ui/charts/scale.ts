/** Scales and ticks shared by the SVG charts; pure, so they are tested without a browser. */

export interface LinearScale {
  (value: number): number;
  domain: readonly [number, number];
  range: readonly [number, number];
}

/** Maps `domain` onto `range` linearly; a flat domain maps everything to the range's start. */
export function linearScale(
  domain: readonly [number, number],
  range: readonly [number, number],
): LinearScale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  const scale = ((value: number) =>
    span === 0 ? r0 : r0 + ((value - d0) / span) * (r1 - r0)) as LinearScale;
  scale.domain = domain;
  scale.range = range;
  return scale;
}

/** The step among 1, 2, 2.5, 5 × 10^n that cuts `span` into about `count` intervals. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || count < 1) return 1;
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const ratio = raw / magnitude;
  const factor = ratio <= 1 ? 1 : ratio <= 2 ? 2 : ratio <= 2.5 ? 2.5 : ratio <= 5 ? 5 : 10;
  return factor * magnitude;
}

/**
 * Round tick values covering `[min, max]`, starting at or below `min` and ending at or above `max`,
 * about `count` intervals apart. Zero is always a tick when the values straddle it.
 */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (min > max) [min, max] = [max, min];
  if (min === max) {
    if (min === 0) return [0, 1];
    [min, max] = min > 0 ? [0, min] : [min, 0];
  }
  const step = niceStep(max - min, count);
  const start = Math.floor(min / step) * step;
  const end = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's precision so that 0.1 + 0.2 does not print as 0.30000000000000004.
  const precision = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let value = start; value <= end + step / 2; value += step) {
    ticks.push(Number(value.toFixed(precision)));
  }
  return ticks;
}

/** Every n-th label so that labels of about `labelWidth` px never overlap in `width` px. */
export function labelStride(count: number, width: number, labelWidth: number): number {
  if (count <= 1 || width <= 0) return 1;
  const fitting = Math.max(1, Math.floor(width / labelWidth));
  return Math.max(1, Math.ceil(count / fitting));
}

/** Index of the point nearest to `x` among `count` points spread evenly over `[x0, x1]`. */
export function nearestIndex(x: number, count: number, x0: number, x1: number): number {
  if (count <= 1 || x1 === x0) return 0;
  const position = ((x - x0) / (x1 - x0)) * (count - 1);
  return Math.min(count - 1, Math.max(0, Math.round(position)));
}

/** 0..1 share of `value` in `max`, for colour intensity and bar length; 0 when max is 0. */
export function ratio(value: number, max: number): number {
  if (!(max > 0)) return 0;
  return Math.min(1, Math.max(0, value / max));
}
