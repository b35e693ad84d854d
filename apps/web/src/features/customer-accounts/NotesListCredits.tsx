import type { CustomerCredit } from '@comptoir/contracts';
import { useI18n } from './customer-accounts.i18n';
import { formatReportDateTime } from '../../ui/dates';
import { EmptyState } from '../../ui/EmptyState';
import { formatMoney } from '../../ui/money';

/** Credits with one radio button each, and the notes the chosen credit paid (spec 3 §2, §3). */
export function NotesListCredits({
  credits,
  selected,
  onSelect,
}: {
  credits: readonly CustomerCredit[];
  selected: readonly string[];
  onSelect: (selected: string[]) => void;
}) {
  const { t } = useI18n();
  if (credits.length === 0) return <EmptyState title={t('customerDetail.empty.credits')} />;
  const chosen = credits.find((credit) => selected.includes(credit.id));

  return (
    <>
      <div className="customer-detail-notes-scroll">
        <table className="customer-detail-notes" aria-label={t('customerDetail.tab.credits')}>
          <thead>
            <tr>
              <th scope="col" className="customer-detail-check">
                <span className="visually-hidden">{t('customerDetail.credit.select')}</span>
              </th>
              <th scope="col">{t('customerDetail.notes.date')}</th>
              <th scope="col" className="is-number">
                {t('customerDetail.notes.amount')}
              </th>
              <th scope="col">{t('customerDetail.notes.paymentType')}</th>
              <th scope="col">{t('customerDetail.notes.user')}</th>
            </tr>
          </thead>
          <tbody>
            {credits.map((credit) => {
              const date = formatReportDateTime(credit.timestamp * 1000);
              const isChecked = selected.includes(credit.id);
              const user = credit.infos[0];
              return (
                <tr key={credit.id} className={isChecked ? 'is-selected' : undefined}>
                  <td className="customer-detail-check">
                    <input
                      type="radio"
                      name="customer-detail-credit"
                      aria-label={t('customerDetail.notes.selectCredit', {
                        date,
                        amount: formatMoney(credit.amount),
                      })}
                      checked={isChecked}
                      onChange={() => onSelect([credit.id])}
                    />
                  </td>
                  <td>{date}</td>
                  <td className="is-number">{formatMoney(credit.amount)}</td>
                  <td>{credit.payment_name ?? '—'}</td>
                  <td>{user ? `${user.user_firstname} ${user.user_lastname}`.trim() : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <section className="customer-detail-credit" aria-label={t('customerDetail.credit.paidNotes')}>
        <h3>{t('customerDetail.credit.paidNotes')}</h3>
        {!chosen ? (
          <p className="customer-detail-hint">{t('customerDetail.credit.select')}</p>
        ) : chosen.infos.length === 0 ? (
          <p className="customer-detail-hint">{t('customerDetail.credit.noPaymentLine')}</p>
        ) : (
          <ul>
            {chosen.infos.map((info, index) => (
              <li key={`${info.timestamp}-${index}`}>
                {formatReportDateTime(info.timestamp * 1000)} · {formatMoney(info.amount)} ·{' '}
                {t('customerDetail.credit.amountPaid')} {formatMoney(info.amount_paid)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
