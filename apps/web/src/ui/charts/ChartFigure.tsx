import { useId, useState, type ReactNode } from 'react';
import { useUiI18n } from '../useUiI18n';
import './charts.css';

/**
 * A chart with its caption and its readable alternative: "Voir le tableau" swaps the drawing for a
 * table of the same values (which can be exported). The drawing is announced as an image named by
 * the caption.
 */
export function ChartFigure({
  caption,
  note,
  chart,
  table,
  controls,
  className,
}: {
  caption: string;
  /** A line under the caption (what the figures include, a truncation). */
  note?: string;
  chart: ReactNode;
  table: ReactNode;
  /** Choices that change what both the chart and the table show (day, week or month). */
  controls?: ReactNode;
  className?: string;
}) {
  const { t } = useUiI18n();
  const captionId = useId();
  const [isTableShown, setIsTableShown] = useState(false);
  return (
    <figure
      className={['chart-figure', 'card', className].filter(Boolean).join(' ')}
      aria-labelledby={captionId}
    >
      <div className="chart-figure-header">
        <div className="chart-figure-caption">
          <figcaption id={captionId}>{caption}</figcaption>
          {note ? <p className="chart-figure-note">{note}</p> : null}
        </div>
        <div className="chart-figure-actions">
          {controls}
          <button
            type="button"
            className="button button-quiet chart-figure-toggle"
            aria-pressed={isTableShown}
            onClick={() => setIsTableShown((shown) => !shown)}
          >
            {t('ui.chart.showTable')}
          </button>
        </div>
      </div>
      {isTableShown ? (
        table
      ) : (
        <div role="img" aria-labelledby={captionId}>
          {chart}
        </div>
      )}
    </figure>
  );
}
