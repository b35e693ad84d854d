import { useEffect, useRef } from 'react';
import type { CustomerNote } from '@comptoir/contracts';
import { useI18n } from './customer-accounts.i18n';
import { formatReportDateTime } from '../../ui/dates';
import { EmptyState } from '../../ui/EmptyState';
import { formatMoney } from '../../ui/money';
import { selectAllState, toggleAllNotes, toggleNote } from './ticketSelection';

/** Unpaid or paid notes with their checkboxes and select-all (spec 3 §2). */
export function NotesList({
  filter,
  notes,
  isEstablishmentShown,
  selected,
  onSelect,
}: {
  filter: 'unpaid' | 'paid';
  /** Only when the notes may come from several establishments. */
  isEstablishmentShown: boolean;
  notes: readonly CustomerNote[];
  selected: readonly string[];
  onSelect: (selected: string[]) => void;
}) {
  const { t } = useI18n();
  const selectAll = useRef<HTMLInputElement>(null);
  const shown = notes.map((note) => note.payment_line_id);
  const allState = selectAllState(selected, shown);

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = allState === 'some';
  }, [allState]);

  if (notes.length === 0) return <EmptyState title={t('customerDetail.empty.tickets')} />;

  return (
    <div className="customer-detail-notes-scroll">
      <table className="customer-detail-notes" aria-label={t(`customerDetail.tab.${filter}`)}>
        <thead>
          <tr>
            <th scope="col" className="customer-detail-check">
              <input
                ref={selectAll}
                type="checkbox"
                aria-label={t('customerDetail.notes.selectAll')}
                checked={allState === 'all'}
                onChange={() => onSelect(toggleAllNotes(selected, shown))}
              />
            </th>
            <th scope="col">{t('customerDetail.notes.date')}</th>
            {isEstablishmentShown ? <th scope="col">{t('customerDetail.notes.establishment')}</th> : null}
            <th scope="col" className="is-number">
              {t('customerDetail.notes.amount')}
            </th>
            <th scope="col" className={filter === 'unpaid' ? 'is-number' : undefined}>
              {filter === 'paid' ? t('customerDetail.notes.paidDate') : t('customerDetail.notes.remaining')}
            </th>
          </tr>
        </thead>
        <tbody>
          {notes.map((note) => {
            const date = formatReportDateTime(note.timestamp * 1000);
            const isChecked = selected.includes(note.payment_line_id);
            return (
              <tr key={note.payment_line_id} className={isChecked ? 'is-selected' : undefined}>
                <td className="customer-detail-check">
                  <input
                    type="checkbox"
                    aria-label={t('customerDetail.notes.select', { date, amount: formatMoney(note.amount) })}
                    checked={isChecked}
                    onChange={() => onSelect(toggleNote(selected, note.payment_line_id, 'multiple'))}
                  />
                </td>
                <td>{date}</td>
                {isEstablishmentShown ? <td>{note.company_name}</td> : null}
                <td className="is-number">{formatMoney(note.amount)}</td>
                {filter === 'paid' ? (
                  <td>
                    {note.paid_timestamp === null ? '—' : formatReportDateTime(note.paid_timestamp * 1000)}
                  </td>
                ) : (
                  <td className="is-number">{formatMoney(note.remaining)}</td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
