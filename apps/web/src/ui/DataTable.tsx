import { useId, useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/useI18n';
import { csvFileName, toCsv } from './csv';
import { downloadTextFile } from './downloadFile';
import { Icon } from './Icon';
import { showFlash } from './flash/flashStore';
import { DEFAULT_PAGE_SIZE, pageCount, pageSlice, type PageSlice } from './paging';
import { Pager } from './Pager';
import { csvCell, formatCell, type ColumnKind } from './tableCells';
import './data-table.css';

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  /** Text by default; money in cents. Numbers are right-aligned. */
  kind?: ColumnKind;
  /** The cell's value, shown through its kind and written to the CSV. */
  value: (row: Row) => string | number;
  /** Shown instead of the formatted value; the CSV still takes `value`. */
  render?: (row: Row) => ReactNode;
  /** The cell that names the row (a `<th scope="row">`). */
  isRowHeader?: boolean;
  /** Long free text (a description) wraps; other cells stay on one line and the table scrolls. */
  isWrapping?: boolean;
  /** `negative` draws the cell in the danger colour (the value still carries its minus sign). */
  tone?: (row: Row) => 'negative' | undefined;
}

export interface DataTableProps<Row> {
  caption: string;
  /** When a surrounding figure already shows the caption. */
  isCaptionHidden?: boolean;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  pageSize?: number;
  /** Name of the CSV file, without extension; the caption by default. */
  fileTitle?: string;
  /** Makes each row open something (a detail dialog): the row header becomes a button. */
  onOpenRow?: (row: Row) => void;
  openRowLabel?: (row: Row) => string;
  /** Rows paged by the server: `rows` is the page shown, and the CSV file asks for every row. */
  remotePaging?: RemotePaging<Row>;
}

export interface RemotePaging<Row> {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  allRows: () => Promise<readonly Row[]>;
}

/**
 * A table of report rows: a caption, 10 rows per page (spec §9) with paging, and "Extraire le
 * tableau" writing every row, not just the page, to a `;`-separated CSV file.
 */
export function DataTable<Row>({
  caption,
  isCaptionHidden = false,
  columns,
  rows,
  rowKey,
  pageSize = DEFAULT_PAGE_SIZE,
  fileTitle,
  onOpenRow,
  openRowLabel,
  remotePaging,
}: DataTableProps<Row>) {
  const { t } = useI18n();
  const captionId = useId();
  // The page goes back to the first one when other rows come (a new period or establishment).
  const [paging, setPaging] = useState({ rows, page: 1 });
  const [isExporting, setIsExporting] = useState(false);
  const slice = remotePaging
    ? remoteSlice(rows, remotePaging)
    : pageSlice(rows, paging.rows === rows ? paging.page : 1, pageSize);

  async function handleExport() {
    setIsExporting(true);
    try {
      const exported = remotePaging ? await remotePaging.allRows() : rows;
      const text = toCsv(
        columns.map((column) => column.header),
        exported.map((row) => columns.map((column) => csvCell(column.kind ?? 'text', column.value(row)))),
      );
      downloadTextFile(csvFileName(fileTitle ?? caption), text, 'text/csv;charset=utf-8');
    } catch {
      showFlash({ type: 'error', text: t('ui.table.exportFailed') });
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <div className="data-table">
      <div className="data-table-header">
        <p id={captionId} className={isCaptionHidden ? 'visually-hidden' : 'data-table-title'}>
          {caption}
        </p>
        <button
          type="button"
          className="button button-secondary data-table-export"
          aria-describedby={captionId}
          onClick={() => void handleExport()}
          disabled={rows.length === 0 || isExporting}
          aria-busy={isExporting}
        >
          <Icon name="download" size={18} />
          <span>{t('ui.table.export')}</span>
        </button>
      </div>
      <div className="data-table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table aria-labelledby={captionId}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col" className={cellClass(column)}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {slice.rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="data-table-empty">
                  {t('ui.table.empty')}
                </td>
              </tr>
            ) : (
              slice.rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  className={onOpenRow ? 'is-openable' : undefined}
                  onClick={onOpenRow ? () => onOpenRow(row) : undefined}
                >
                  {columns.map((column) => {
                    const content = column.render
                      ? column.render(row)
                      : formatCell(column.kind ?? 'text', column.value(row));
                    const className = cellClass(column, row);
                    if (!column.isRowHeader) {
                      return (
                        <td key={column.id} className={className}>
                          {content}
                        </td>
                      );
                    }
                    return (
                      <th key={column.id} scope="row" className={className}>
                        {onOpenRow ? (
                          <button
                            type="button"
                            className="data-table-open"
                            aria-label={openRowLabel?.(row)}
                            onClick={(event) => {
                              event.stopPropagation();
                              onOpenRow(row);
                            }}
                          >
                            {content}
                          </button>
                        ) : (
                          content
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {slice.pageCount > 1 ? (
        <Pager
          slice={slice}
          onPage={(page) => (remotePaging ? remotePaging.onPage(page) : setPaging({ rows, page }))}
          labelledBy={captionId}
        />
      ) : null}
    </div>
  );
}

/** The page the server sent, placed among all the rows of the period. */
function remoteSlice<Row>(rows: readonly Row[], paging: RemotePaging<Row>): PageSlice<Row> {
  const start = (paging.page - 1) * paging.pageSize;
  return {
    rows: [...rows],
    page: paging.page,
    pageCount: pageCount(paging.total, paging.pageSize),
    first: rows.length > 0 ? start + 1 : 0,
    last: start + rows.length,
    total: paging.total,
  };
}

function cellClass<Row>(column: DataTableColumn<Row>, row?: Row): string | undefined {
  const classes: string[] = [];
  if (column.kind && column.kind !== 'text') classes.push('is-number');
  if (column.isWrapping) classes.push('is-wrapping');
  if (row !== undefined && column.tone?.(row) === 'negative') classes.push('is-negative');
  return classes.length > 0 ? classes.join(' ') : undefined;
}
