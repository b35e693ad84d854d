import { useUiI18n } from './useUiI18n';
import { Icon } from './Icon';
import { formatInteger } from './numbers';
import type { PageSlice } from './paging';

/** Previous / next page of a table, with where the reader stands. */
export function Pager<Row>({
  slice,
  onPage,
  labelledBy,
}: {
  slice: PageSlice<Row>;
  onPage: (page: number) => void;
  /** The table's caption, so that several pagers on a page have distinct names. */
  labelledBy: string;
}) {
  const { t } = useUiI18n();
  const statusId = `${labelledBy}-pager`;
  return (
    <nav className="pager" aria-labelledby={`${statusId} ${labelledBy}`}>
      <span id={statusId} className="visually-hidden">
        {t('ui.table.pagination')}
      </span>
      <p className="pager-status" aria-live="polite">
        {t('ui.table.rowRange', {
          first: formatInteger(slice.first),
          last: formatInteger(slice.last),
          total: formatInteger(slice.total),
        })}
      </p>
      <div className="pager-buttons">
        <button
          type="button"
          className="button button-secondary pager-button"
          onClick={() => onPage(slice.page - 1)}
          disabled={slice.page <= 1}
          aria-label={t('ui.table.previous')}
          title={t('ui.table.previous')}
        >
          <Icon name="chevronLeft" size={18} />
        </button>
        <span className="pager-page">
          {t('ui.table.pageStatus', {
            page: formatInteger(slice.page),
            count: formatInteger(slice.pageCount),
          })}
        </span>
        <button
          type="button"
          className="button button-secondary pager-button"
          onClick={() => onPage(slice.page + 1)}
          disabled={slice.page >= slice.pageCount}
          aria-label={t('ui.table.next')}
          title={t('ui.table.next')}
        >
          <Icon name="chevronRight" size={18} />
        </button>
      </div>
    </nav>
  );
}
