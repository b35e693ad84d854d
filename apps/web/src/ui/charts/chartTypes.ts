/** One point of a series or one bar: `label` is what the axis shows, `longLabel` the tooltip. */
export interface ChartDatum {
  key: string;
  label: string;
  longLabel?: string;
  value: number;
  /**
   * Set on a point that covers only part of its period (the first or last month of a range): its
   * marker is hollow and dashed, the line to it dashed, and this short text (`6 j`) is drawn above it.
   */
  partialMark?: string;
}
