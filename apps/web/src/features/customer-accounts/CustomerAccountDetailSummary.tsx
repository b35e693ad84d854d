import type { CustomerAccountDetail } from '@comptoir/contracts';
import { useI18n } from './customer-accounts.i18n';
import { formatMoney } from '../../ui/money';

const AGEING_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'over90'] as const;

/** Balance, credit limit and the age of unpaid notes (the last two beyond the peers). */
export function CustomerAccountDetailSummary({ customer }: { customer: CustomerAccountDetail }) {
  const { t } = useI18n();
  const balance = customer.account_details.balance;
  return (
    <div className="customer-detail-summary">
      <dl className="customer-detail-figures">
        <div>
          <dt>{t('customerDetail.balance')}</dt>
          <dd className={balance < 0 ? 'is-debit' : undefined} data-testid="customer-balance">
            {formatMoney(balance)}
          </dd>
        </div>
        <div>
          <dt>{t('customerDetail.creditLimit')}</dt>
          <dd>
            {customer.credit_limit === null
              ? t('customerDetail.noCreditLimit')
              : formatMoney(customer.credit_limit)}
          </dd>
        </div>
      </dl>
      <dl className="customer-detail-ageing" aria-label={t('customerDetail.ageing')}>
        {AGEING_BUCKETS.map((bucket) => (
          <div key={bucket}>
            <dt>{t(`customerDetail.ageing.${bucket}`)}</dt>
            <dd>{formatMoney(customer.ageing[bucket])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
