import { useState } from 'react';
import { ChartTooltip } from './ChartTooltip';
import type { ChartDatum } from './chartTypes';
import { labelStride, linearScale, niceTicks, ratio } from './scale';
import { useElementWidth } from './useElementWidth';
import './charts.css';

const CHAR_WIDTH = 7;
const ROW_HEIGHT = 42;

/**
 * Bars drawn in SVG at the size they are shown. `rows`: one labelled bar per line, the value at its
 * end, readable on a phone; `columns`: vertical bars along an axis (hours of the day). Decorative for
 * assistive technology: the surrounding `ChartFigure` names it and offers the values as a table.
 */
export function BarChart({
  bars,
  formatValue,
  formatTick = formatValue,
  layout = 'rows',
  height = 240,
}: {
  bars: readonly ChartDatum[];
  formatValue: (value: number) => string;
  formatTick?: (value: number) => string;
  layout?: 'rows' | 'columns';
  /** Height of the `columns` layout; `rows` grows with the number of bars. */
  height?: number;
}) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  return (
    <div ref={ref} className="chart" aria-hidden="true">
      {layout === 'rows' ? (
        <BarRows bars={bars} width={width} formatValue={formatValue} />
      ) : (
        <BarColumns
          bars={bars}
          width={width}
          height={height}
          formatValue={formatValue}
          formatTick={formatTick}
        />
      )}
    </div>
  );
}

function BarRows({
  bars,
  width,
  formatValue,
}: {
  bars: readonly ChartDatum[];
  width: number;
  formatValue: (value: number) => string;
}) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const height = bars.length * ROW_HEIGHT;
  return (
    <svg width={width} height={height} className="chart-svg" focusable="false">
      {bars.map((bar, index) => {
        const top = index * ROW_HEIGHT;
        const value = formatValue(bar.value);
        const labelRoom = Math.floor((width - value.length * CHAR_WIDTH - 16) / CHAR_WIDTH);
        return (
          <g key={bar.key}>
            <title>{`${bar.longLabel ?? bar.label} — ${value}`}</title>
            <text className="chart-label" x={0} y={top + 15}>
              {truncate(bar.label, labelRoom)}
            </text>
            <text className="chart-value" x={width} y={top + 15} textAnchor="end">
              {value}
            </text>
            <rect className="chart-track" x={0} y={top + 23} width={width} height={10} rx={5} />
            <rect
              className="chart-bar"
              x={0}
              y={top + 23}
              width={Math.max(bar.value > 0 ? 4 : 0, ratio(bar.value, max) * width)}
              height={10}
              rx={5}
            />
          </g>
        );
      })}
    </svg>
  );
}

function BarColumns({
  bars,
  width,
  height,
  formatValue,
  formatTick,
}: {
  bars: readonly ChartDatum[];
  width: number;
  height: number;
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const ticks = niceTicks(0, Math.max(0, ...bars.map((bar) => bar.value)), 4);
  const tickWidth = Math.max(...ticks.map((tick) => formatTick(tick).length)) * CHAR_WIDTH;
  const left = tickWidth + 14;
  const top = 14;
  const bottom = height - 30;
  const plotWidth = Math.max(1, width - left - 4);
  const band = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.max(2, band * 0.72);
  const y = linearScale([0, ticks.at(-1) ?? 1], [bottom, top]);
  const labelWidth = Math.max(2, ...bars.map((bar) => bar.label.length)) * CHAR_WIDTH + 8;
  const stride = labelStride(bars.length, plotWidth, labelWidth);
  const hoveredBar = hovered === null ? undefined : bars[hovered];
  const center = (index: number) => left + band * index + band / 2;

  return (
    <>
      <svg width={width} height={height} className="chart-svg" focusable="false">
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              className={tick === 0 ? 'chart-axis' : 'chart-grid'}
              x1={left}
              x2={width}
              y1={y(tick)}
              y2={y(tick)}
            />
            <text className="chart-tick" x={left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
              {formatTick(tick)}
            </text>
          </g>
        ))}
        {bars.map((bar, index) => (
          <g key={bar.key} onPointerEnter={() => setHovered(index)} onPointerLeave={() => setHovered(null)}>
            <rect className="chart-hit" x={left + band * index} y={top} width={band} height={bottom - top} />
            <rect
              className={hovered === index ? 'chart-bar is-active' : 'chart-bar'}
              x={center(index) - barWidth / 2}
              y={y(Math.max(0, bar.value))}
              width={barWidth}
              height={Math.max(0, bottom - y(Math.max(0, bar.value)))}
              rx={Math.min(3, barWidth / 3)}
            />
            {index % stride === 0 ? (
              <text className="chart-tick" x={center(index)} y={bottom + 20} textAnchor="middle">
                {bar.label}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      {hoveredBar && hovered !== null ? (
        <ChartTooltip
          x={center(hovered)}
          y={Math.max(0, y(Math.max(0, hoveredBar.value)) - 48)}
          width={width}
          title={hoveredBar.longLabel ?? hoveredBar.label}
          value={formatValue(hoveredBar.value)}
        />
      ) : null}
    </>
  );
}

function truncate(text: string, length: number): string {
  if (text.length <= length) return text;
  return length <= 1 ? '…' : `${text.slice(0, length - 1).trimEnd()}…`;
}
