import { useState, type PointerEvent } from 'react';
import { ChartTooltip } from './ChartTooltip';
import type { ChartDatum } from './chartTypes';
import { labelStride, linearScale, nearestIndex, niceTicks } from './scale';
import { useElementWidth } from './useElementWidth';
import './charts.css';

const CHAR_WIDTH = 7;

/**
 * A curve over time drawn in SVG at the size it is shown. Decorative for assistive technology: the
 * surrounding `ChartFigure` names it and offers the same values as a table.
 */
export function LineChart({
  points,
  formatValue,
  formatTick,
  partialLegend,
  height = 260,
}: {
  points: readonly ChartDatum[];
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
  /** What the legend under the chart calls a partial point, when the curve has one. */
  partialLegend?: string;
  height?: number;
}) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [hovered, setHovered] = useState<number | null>(null);

  const values = points.map((point) => point.value);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values), height < 200 ? 3 : 4);
  const tickWidth = Math.max(...ticks.map((tick) => formatTick(tick).length)) * CHAR_WIDTH;
  const labelWidth = Math.max(4, ...points.map((point) => point.label.length)) * CHAR_WIDTH;
  const left = tickWidth + 14;
  const right = Math.max(16, labelWidth / 2);
  const top = 14;
  const bottom = height - 30;
  const plotWidth = Math.max(1, width - left - right);
  const x = (index: number) =>
    points.length === 1 ? left + plotWidth / 2 : left + (index * plotWidth) / (points.length - 1);
  const y = linearScale([ticks[0] ?? 0, ticks.at(-1) ?? 1], [bottom, top]);
  const stride = labelStride(points.length, plotWidth, labelWidth + 12);

  const line = points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${y(point.value)}`)
    .join('');
  const area = points.length > 1 ? `${line}L${x(points.length - 1)},${y(0)}L${x(0)},${y(0)}Z` : '';
  // A segment that reaches a partial point is dashed: its slope compares unequal periods.
  const segment = (index: number) =>
    `M${x(index - 1)},${y(points[index - 1]!.value)}L${x(index)},${y(points[index]!.value)}`;
  const isPartialSegment = (index: number) =>
    points[index - 1]!.partialMark !== undefined || points[index]!.partialMark !== undefined;
  const segmentIndexes = points.map((_, index) => index).slice(1);
  const solidLine = segmentIndexes
    .filter((index) => !isPartialSegment(index))
    .map(segment)
    .join('');
  const dashedLine = segmentIndexes.filter(isPartialSegment).map(segment).join('');
  const hasPartial = points.some((point) => point.partialMark !== undefined);

  function handlePointer(event: PointerEvent<SVGRectElement>) {
    const box = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
    if (!box) return;
    setHovered(nearestIndex(event.clientX - box.left, points.length, x(0), x(points.length - 1)));
  }

  const hoveredPoint = hovered === null ? undefined : points[hovered];
  return (
    <div ref={ref} className="chart" aria-hidden="true">
      <svg width={width} height={height} className="chart-svg" focusable="false">
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              className={tick === 0 ? 'chart-axis' : 'chart-grid'}
              x1={left}
              x2={width - right}
              y1={y(tick)}
              y2={y(tick)}
            />
            <text className="chart-tick" x={left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
              {formatTick(tick)}
            </text>
          </g>
        ))}
        {points.map((point, index) =>
          index % stride === 0 ? (
            <text key={point.key} className="chart-tick" x={x(index)} y={bottom + 20} textAnchor="middle">
              {point.label}
            </text>
          ) : null,
        )}
        {area ? <path className="chart-area" d={area} /> : null}
        {points.length === 1 || solidLine ? (
          <path className="chart-line" d={points.length === 1 ? line : solidLine} />
        ) : null}
        {dashedLine ? <path className="chart-line is-partial" d={dashedLine} /> : null}
        {points.map((point, index) =>
          point.partialMark !== undefined ? (
            <g key={point.key} className="chart-partial">
              <circle className="chart-dot is-partial" cx={x(index)} cy={y(point.value)} r={5} />
              <text
                className="chart-partial-mark"
                x={x(index)}
                y={y(point.value) - 10}
                textAnchor={markAnchor(index, points.length)}
              >
                {point.partialMark}
              </text>
            </g>
          ) : points.length <= 45 ? (
            <circle key={point.key} className="chart-dot" cx={x(index)} cy={y(point.value)} r={3} />
          ) : null,
        )}
        {hoveredPoint && hovered !== null ? (
          <g>
            <line className="chart-guide" x1={x(hovered)} x2={x(hovered)} y1={top} y2={bottom} />
            <circle className="chart-dot is-active" cx={x(hovered)} cy={y(hoveredPoint.value)} r={5} />
          </g>
        ) : null}
        <rect
          className="chart-hit"
          x={left}
          y={top}
          width={plotWidth}
          height={bottom - top}
          onPointerMove={handlePointer}
          onPointerLeave={() => setHovered(null)}
        />
      </svg>
      {hoveredPoint && hovered !== null ? (
        <ChartTooltip
          x={x(hovered)}
          y={Math.max(0, y(hoveredPoint.value) - 48)}
          width={width}
          title={hoveredPoint.longLabel ?? hoveredPoint.label}
          value={formatValue(hoveredPoint.value)}
        />
      ) : null}
      {hasPartial && partialLegend ? (
        <p className="chart-legend">
          <svg width="34" height="12" focusable="false">
            <path className="chart-line is-partial" d="M2,6H20" />
            <circle className="chart-dot is-partial" cx="27" cy="6" r="4.5" />
          </svg>
          {partialLegend}
        </p>
      ) : null}
    </div>
  );
}

/** The first point's mark runs right, clear of the axis ticks; the last one's left, inside the chart. */
function markAnchor(index: number, count: number): 'start' | 'middle' | 'end' {
  if (count === 1) return 'middle';
  if (index === 0) return 'start';
  return index === count - 1 ? 'end' : 'middle';
}
