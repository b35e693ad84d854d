import { useState } from 'react';
import { useUiI18n } from '../useUiI18n';
import { ChartTooltip } from './ChartTooltip';
import { labelStride, ratio } from './scale';
import { useElementWidth } from './useElementWidth';
import './charts.css';

export interface HeatMapAxisItem {
  key: string;
  label: string;
  /** Used when the chart is narrow (`Lun` for `Lundi`). */
  shortLabel?: string;
}

const CHAR_WIDTH = 8;
const MIN_CELL = 12;

/**
 * Rows x columns of cells whose colour grows with their value (weekday x hour of day). Decorative
 * for assistive technology: the surrounding `ChartFigure` names it and offers the values as a table.
 */
export function HeatMap({
  rows,
  columns,
  value,
  formatValue,
}: {
  rows: readonly HeatMapAxisItem[];
  columns: readonly HeatMapAxisItem[];
  value: (rowKey: string, columnKey: string) => number;
  formatValue: (value: number) => string;
}) {
  const { t } = useUiI18n();
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [hovered, setHovered] = useState<{ row: number; column: number } | null>(null);

  const isNarrow = width < 560;
  const rowLabel = (row: HeatMapAxisItem) => (isNarrow ? (row.shortLabel ?? row.label) : row.label);
  const left = Math.max(...rows.map((row) => rowLabel(row).length)) * CHAR_WIDTH + 18;
  const top = 22;
  const cell = Math.max(MIN_CELL, Math.floor((width - left) / Math.max(1, columns.length)));
  const cellHeight = Math.min(36, Math.max(22, cell));
  const svgWidth = left + cell * columns.length;
  const height = top + cellHeight * rows.length;
  const stride = labelStride(columns.length, cell * columns.length, 26);
  const max = Math.max(0, ...rows.flatMap((row) => columns.map((column) => value(row.key, column.key))));

  const hoveredRow = hovered ? rows[hovered.row] : undefined;
  const hoveredColumn = hovered ? columns[hovered.column] : undefined;
  return (
    <div className="heat-map" aria-hidden="true">
      <div ref={ref} className="chart heat-map-scroll">
        <svg width={svgWidth} height={height} className="chart-svg" focusable="false">
          {columns.map((column, index) =>
            index % stride === 0 ? (
              <text
                key={column.key}
                className="chart-tick"
                x={left + cell * index + cell / 2}
                y={14}
                textAnchor="middle"
              >
                {column.label}
              </text>
            ) : null,
          )}
          {rows.map((row, rowIndex) => (
            <g key={row.key}>
              <text
                className="chart-label"
                x={left - 10}
                y={top + cellHeight * rowIndex + cellHeight / 2}
                dy="0.32em"
                textAnchor="end"
              >
                {rowLabel(row)}
              </text>
              {columns.map((column, columnIndex) => {
                const share = ratio(value(row.key, column.key), max);
                const isActive = hovered?.row === rowIndex && hovered.column === columnIndex;
                return (
                  <rect
                    key={column.key}
                    className={share > 0 ? 'heat-map-cell' : 'heat-map-cell is-empty'}
                    x={left + cell * columnIndex + 1}
                    y={top + cellHeight * rowIndex + 1}
                    width={cell - 2}
                    height={cellHeight - 2}
                    rx={3}
                    style={{ fillOpacity: share > 0 ? 0.12 + 0.88 * share : 1 }}
                    stroke={isActive ? 'currentColor' : undefined}
                    onPointerEnter={() => setHovered({ row: rowIndex, column: columnIndex })}
                    onPointerLeave={() => setHovered(null)}
                  />
                );
              })}
            </g>
          ))}
        </svg>
        {hovered && hoveredRow && hoveredColumn ? (
          <ChartTooltip
            x={left + cell * hovered.column + cell / 2}
            y={Math.max(0, top + cellHeight * hovered.row - 52)}
            width={svgWidth}
            title={`${hoveredRow.label} ${hoveredColumn.label}`}
            value={formatValue(value(hoveredRow.key, hoveredColumn.key))}
          />
        ) : null}
      </div>
      <div className="heat-map-legend">
        <span>{t('ui.heatMap.less')}</span>
        <span className="heat-map-gradient" />
        <span>{t('ui.heatMap.more')}</span>
      </div>
    </div>
  );
}
