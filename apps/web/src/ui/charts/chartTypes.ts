/** One point of a series or one bar: `label` is what the axis shows, `longLabel` the tooltip. */
export interface ChartDatum {
  key: string;
  label: string;
  longLabel?: string;
  value: number;
}
