// Over 400 lines: one component (filters, sort, paging, CSV, openable rows) whose small parts are private to it and typed by its column.
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { useUiI18n, type UiMessageKey, type UiTranslator } from './useUiI18n';
import { csvFileName, toCsv } from './csv';
import { downloadTextFile } from './downloadFile';
import { Icon } from './Icon';
import { showFlash } from './flash/flashStore';
import { DEFAULT_PAGE_SIZE, pageCount, pageSlice, type PageSlice } from './paging';
import { Pager } from './Pager';
import {
  cellNumber,
  csvCell,
  formatCell,
  isNumericKind,
  type CellValue,
  type ColumnKind,
} from './tableCells';
import {
  COMPARISONS,
  EMPTY_FILTER,
  TableModel,
  isActiveFilter,
  type ColumnFilter,
  type Comparison,
  type ModelColumn,
  type TableFilters,
  type TableSort,
} from './tableFilters';
import './data-table.css';

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  /** Text by default; money and amounts in cents, rates as fractions. Numbers are right-aligned. */
  kind?: ColumnKind;
  /** The cell's value, shown through its kind, filtered, sorted and written to the CSV. */
  value: (row: Row) => CellValue;
  /** Shown instead of the formatted value; the CSV and the filters still take `value`. */
  render?: (row: Row) => ReactNode;
  /** The cell that names the row (a `<th scope="row">`). */
  isRowHeader?: boolean;
  /** Long free text (a description) wraps; other cells stay on one line and the table scrolls. */
  isWrapping?: boolean;
  /** `negative` draws the cell in the danger colour (the value still carries its minus sign). */
  tone?: (row: Row) => 'negative' | undefined;
  /** False leaves the column out of a filterable table's filters. */
  isFilterable?: boolean;
  /** False leaves the column's header without sorting (a checkbox column). */
  isSortable?: boolean;
  /** Shown in the header instead of `header`, which still names the column (a select-all checkbox). */
  headerContent?: ReactNode;
  /** False leaves the column out of the extracted file (a selection checkbox). */
  isExported?: boolean;
}

export interface DataTableProps<Row> {
  caption: string;
  /** When a surrounding figure already shows the caption. */
  isCaptionHidden?: boolean;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** 10 by default (spec §9); 5 for VAT, comment and history-detail tables, 25 for long journals. */
  pageSize?: number;
  /** Name of the CSV file, without extension; the caption by default. */
  fileTitle?: string;
  /** Makes each row open something (a detail dialog or page): the row header becomes a button. */
  onOpenRow?: (row: Row) => void;
  openRowLabel?: (row: Row) => string;
  /** Rows paged by the server: `rows` is the page shown, and the CSV file asks for every row. */
  remotePaging?: RemotePaging<Row>;
  /** A filter under each column header: comparison for numbers, "contains" for text. */
  isFilterable?: boolean;
  /** Column headers sort the rows (ascending, descending, as delivered). */
  isSortable?: boolean;
  /** The server sorts: a header click asks for ascending, a second one for descending; rows stay as delivered. */
  serverSort?: ServerSort;
  /** `error` draws the row in red; its date columns then show `errorDateText`. */
  rowTone?: (row: Row) => 'error' | undefined;
  errorDateText?: string;
}

export interface ServerSort {
  sort: TableSort | null;
  onSort: (sort: TableSort) => void;
}

export interface RemotePaging<Row> {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  allRows: () => Promise<readonly Row[]>;
}

const ACTION_LABELS: Record<string, UiMessageKey> = {
  create: 'ui.table.action.create',
  update: 'ui.table.action.update',
  delete: 'ui.table.action.delete',
};

const COMPARISON_LABELS: Record<Comparison, UiMessageKey> = {
  eq: 'ui.table.filter.eq',
  gt: 'ui.table.filter.gt',
  lt: 'ui.table.filter.lt',
};

const COMPARISON_SYMBOLS: Record<Comparison, string> = { eq: '=', gt: '>', lt: '<' };

/**
 * The portal's one table: a caption, a page of rows with paging, optional per-column filters and
 * sorting done in memory, and "Extraire le tableau" writing the filtered rows in their order, not
 * just the page, to a `;`-separated CSV file. Only the page's rows are rendered, so 10 000 rows stay
 * smooth; the scroll frame stops at 85 % of the viewport with the header kept in view.
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
  isFilterable = false,
  isSortable = false,
  serverSort,
  rowTone,
  errorDateText,
}: DataTableProps<Row>) {
  const { t } = useUiI18n();
  const captionId = useId();
  const [filters, setFilters] = useState<TableFilters>({});
  const [sort, setSort] = useState<TableSort | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  // The server pages remote tables: filtering or sorting one page of them would mislead.
  const hasFilters = isFilterable && !remotePaging;
  const hasSorting = isSortable && !remotePaging && !serverSort;
  const shownSort = serverSort ? serverSort.sort : sort;
  // Typing stays responsive while a long table filters behind.
  const deferredFilters = useDeferredValue(filters);

  const readCell = useMemo(() => {
    const actionLabel = actionLabels(t);
    const isErrorDate = (column: DataTableColumn<Row>, row: Row) =>
      column.kind === 'dateTime' && errorDateText !== undefined && rowTone?.(row) === 'error';
    return {
      text: (column: DataTableColumn<Row>, row: Row) =>
        isErrorDate(column, row)
          ? (errorDateText ?? '')
          : formatCell(column.kind ?? 'text', column.value(row), actionLabel),
      csv: (column: DataTableColumn<Row>, row: Row) =>
        isErrorDate(column, row)
          ? errorDateText
          : csvCell(column.kind ?? 'text', column.value(row), actionLabel),
    };
  }, [t, rowTone, errorDateText]);

  const model = useMemo(() => {
    const modelColumns = columns.map((column): ModelColumn<Row> => ({
      id: column.id,
      filterType: isNumericKind(column.kind ?? 'text') ? 'number' : 'text',
      text: (row) => readCell.text(column, row),
      number: (row) => cellNumber(column.kind ?? 'text', column.value(row)),
      sortKey: (row) => sortKey(column, row, readCell.text),
    }));
    return new TableModel(rows, modelColumns);
  }, [rows, columns, readCell]);

  const view = useMemo(
    () => (hasFilters || hasSorting ? model.view(deferredFilters, sort) : rows),
    [model, rows, hasFilters, hasSorting, deferredFilters, sort],
  );

  // The page goes back to the first one when other rows come or the filters or order change.
  const [paging, setPaging] = useState({ view, page: 1 });
  const slice = remotePaging
    ? remoteSlice(rows, remotePaging)
    : pageSlice(view, paging.view === view ? paging.page : 1, pageSize);
  const activeFilterCount = Object.values(filters).filter(isActiveFilter).length;

  function setFilter(columnId: string, change: Partial<ColumnFilter>) {
    setFilters((current) => ({
      ...current,
      [columnId]: { ...(current[columnId] ?? EMPTY_FILTER), ...change },
    }));
  }

  function handleSort(columnId: string) {
    if (serverSort) {
      const current = serverSort.sort;
      const isAscending = current?.columnId === columnId && current.direction === 'ascending';
      serverSort.onSort({ columnId, direction: isAscending ? 'descending' : 'ascending' });
      return;
    }
    setSort((current) => {
      if (current?.columnId !== columnId) return { columnId, direction: 'ascending' };
      return current.direction === 'ascending' ? { columnId, direction: 'descending' } : null;
    });
  }

  async function handleExport() {
    setIsExporting(true);
    try {
      const exported = remotePaging ? await remotePaging.allRows() : view;
      const written = columns.filter((column) => column.isExported !== false);
      const text = toCsv(
        written.map((column) => column.header),
        exported.map((row) => written.map((column) => readCell.csv(column, row))),
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
        {activeFilterCount > 0 ? (
          <button
            type="button"
            className="button button-quiet data-table-clear"
            aria-describedby={captionId}
            onClick={() => setFilters({})}
          >
            {t('ui.table.filter.clear')}
          </button>
        ) : null}
        <button
          type="button"
          className="button button-secondary data-table-export"
          aria-describedby={captionId}
          onClick={() => void handleExport()}
          disabled={slice.total === 0 || isExporting}
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
              {columns.map((column) => {
                const direction = shownSort?.columnId === column.id ? shownSort.direction : undefined;
                const isColumnSorted = (hasSorting || Boolean(serverSort)) && column.isSortable !== false;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    className={cellClass(column)}
                    aria-sort={isColumnSorted ? (direction ?? 'none') : undefined}
                  >
                    {column.headerContent !== undefined ? (
                      column.headerContent
                    ) : isColumnSorted ? (
                      <button type="button" className="data-table-sort" onClick={() => handleSort(column.id)}>
                        <span>{column.header}</span>
                        <SortMark direction={direction} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
            {hasFilters ? (
              <tr className="data-table-filters">
                {columns.map((column) => (
                  <td key={column.id}>
                    {column.isFilterable === false ? null : (
                      <ColumnFilterInput
                        header={column.header}
                        isNumeric={isNumericKind(column.kind ?? 'text')}
                        filter={filters[column.id] ?? EMPTY_FILTER}
                        onChange={(change) => setFilter(column.id, change)}
                      />
                    )}
                  </td>
                ))}
              </tr>
            ) : null}
          </thead>
          <tbody>
            {slice.rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="data-table-empty">
                  {activeFilterCount > 0 ? t('ui.table.filter.noMatch') : t('ui.table.empty')}
                </td>
              </tr>
            ) : (
              slice.rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  className={rowClass(Boolean(onOpenRow), rowTone?.(row))}
                  onClick={onOpenRow ? () => onOpenRow(row) : undefined}
                >
                  {columns.map((column) => {
                    const content = column.render ? column.render(row) : readCell.text(column, row);
                    const className = cellClass(column, row);
                    // `data-column`/`data-label`: a page may lay rows out as cards on a phone (issue 31, item 10).
                    if (!column.isRowHeader) {
                      return (
                        <td
                          key={column.id}
                          className={className}
                          data-column={column.id}
                          data-label={column.header}
                        >
                          {content}
                        </td>
                      );
                    }
                    return (
                      <th
                        key={column.id}
                        scope="row"
                        className={className}
                        data-column={column.id}
                        data-label={column.header}
                      >
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
      {slice.pageCount > 1 || activeFilterCount > 0 ? (
        <Pager
          slice={slice}
          onPage={(page) => (remotePaging ? remotePaging.onPage(page) : setPaging({ view, page }))}
          labelledBy={captionId}
        />
      ) : null}
    </div>
  );
}

/** History actions in the reader's language: Création, Mise à jour, Suppression. */
function actionLabels(t: UiTranslator['t']): (action: string) => string | undefined {
  return (action) => {
    const key = ACTION_LABELS[action];
    return key ? t(key) : undefined;
  };
}

/** A cell's text as a table shows it, for the same row shown elsewhere (a detail's info panel). */
export function useCellText(): <Row>(column: DataTableColumn<Row>, row: Row) => string {
  const { t } = useUiI18n();
  return useMemo(() => {
    const actionLabel = actionLabels(t);
    return (column, row) => formatCell(column.kind ?? 'text', column.value(row), actionLabel);
  }, [t]);
}

function ColumnFilterInput({
  header,
  isNumeric,
  filter,
  onChange,
}: {
  header: string;
  isNumeric: boolean;
  filter: ColumnFilter;
  onChange: (change: Partial<ColumnFilter>) => void;
}) {
  const { t } = useUiI18n();
  if (!isNumeric) {
    return (
      <input
        type="search"
        className="data-table-filter-input"
        value={filter.text}
        onChange={(event) => onChange({ text: event.target.value })}
        aria-label={t('ui.table.filter.text', { column: header })}
        placeholder={t('ui.table.filter.placeholder')}
      />
    );
  }
  return (
    <div className="data-table-filter">
      <select
        className="data-table-filter-comparison"
        value={filter.comparison}
        onChange={(event) => onChange({ comparison: event.target.value as Comparison })}
        aria-label={t('ui.table.filter.comparison', { column: header })}
        title={t(COMPARISON_LABELS[filter.comparison])}
      >
        {COMPARISONS.map((comparison) => (
          <option key={comparison} value={comparison} aria-label={t(COMPARISON_LABELS[comparison])}>
            {COMPARISON_SYMBOLS[comparison]}
          </option>
        ))}
      </select>
      <input
        type="text"
        inputMode="decimal"
        className="data-table-filter-input"
        value={filter.text}
        onChange={(event) => onChange({ text: event.target.value })}
        aria-label={t('ui.table.filter.number', { column: header })}
      />
    </div>
  );
}

function SortMark({ direction }: { direction: 'ascending' | 'descending' | undefined }) {
  const path =
    direction === 'ascending'
      ? 'M7 14l5-5 5 5'
      : direction === 'descending'
        ? 'M7 10l5 5 5-5'
        : 'M8 9l4-4 4 4M8 15l4 4 4-4';
  return (
    <svg
      className={direction ? 'data-table-sort-mark is-active' : 'data-table-sort-mark'}
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}

/** Numbers sort as numbers, dates by their instant or ISO day, the rest by the text shown. */
function sortKey<Row>(
  column: DataTableColumn<Row>,
  row: Row,
  text: (column: DataTableColumn<Row>, row: Row) => string,
): string | number | null {
  const kind = column.kind ?? 'text';
  const value = column.value(row);
  if (value === null || value === undefined || value === '') return null;
  if (isNumericKind(kind) && typeof value === 'number') return value;
  if (kind === 'dateTime' || kind === 'reportDateTime') {
    const time = typeof value === 'number' ? value : Date.parse(value);
    if (Number.isFinite(time)) return time;
  }
  if (kind === 'day') return String(value);
  return text(column, row);
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

function rowClass(isOpenable: boolean, tone: 'error' | undefined): string | undefined {
  const classes: string[] = [];
  if (isOpenable) classes.push('is-openable');
  if (tone === 'error') classes.push('is-error');
  return classes.length > 0 ? classes.join(' ') : undefined;
}

function cellClass<Row>(column: DataTableColumn<Row>, row?: Row): string | undefined {
  const classes: string[] = [];
  if (column.kind && isNumericKind(column.kind)) classes.push('is-number');
  if (column.isWrapping) classes.push('is-wrapping');
  if (row !== undefined && column.tone?.(row) === 'negative') classes.push('is-negative');
  return classes.length > 0 ? classes.join(' ') : undefined;
}
