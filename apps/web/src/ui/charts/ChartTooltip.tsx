/** The value under the pointer; the figure's table says the same to those who cannot point. */
export function ChartTooltip({
  x,
  y,
  width,
  title,
  value,
}: {
  x: number;
  y: number;
  /** Width of the chart, to keep the tooltip inside it. */
  width: number;
  title: string;
  value: string;
}) {
  const isOnLeft = x > width / 2;
  return (
    <div
      className="chart-tooltip"
      aria-hidden="true"
      style={{
        top: y,
        left: isOnLeft ? undefined : x + 12,
        right: isOnLeft ? width - x + 12 : undefined,
      }}
    >
      <span className="chart-tooltip-title">{title}</span>
      <span className="chart-tooltip-value">{value}</span>
    </div>
  );
}
