import { useId } from 'react';
import { useI18n } from './fiscal.i18n';
import { useCellText, type DataTableColumn } from '../../ui/DataTable';
import { isNumericKind } from '../../ui/tableCells';

/** The clicked row, field by field, with the headers and formats of the table it came from. */
export function InfoPanel<Row>({ columns, row }: { columns: readonly DataTableColumn<Row>[]; row: Row }) {
  const { t } = useI18n();
  const titleId = useId();
  const cellText = useCellText();
  return (
    <section className="card fiscal-info" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title fiscal-info-title">
        {t('fiscal.detail.info')}
      </h2>
      <dl className="fiscal-info-list">
        {columns.map((column) => {
          const text = cellText(column, row);
          const isNumber = column.kind !== undefined && isNumericKind(column.kind);
          return (
            <div
              key={column.id}
              className={column.id === 'signature' ? 'fiscal-info-item is-long' : 'fiscal-info-item'}
            >
              <dt>{column.header}</dt>
              <dd className={isNumber ? 'is-number' : undefined}>{text === '' ? '—' : text}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
