import type { SupportAccount } from '@comptoir/contracts';
import { useI18n } from './support.i18n';
import type { MessageKey } from './support.i18n';
import { formatInteger } from '../../ui/numbers';

const EDITION_LABELS = {
  standard: 'support.edition.standard',
  suite: 'support.edition.suite',
} as const satisfies Record<SupportAccount['edition'], MessageKey>;

/** The customer accounts, each with its "view as this customer" button. */
export function SupportAccountTable({
  accounts,
  openingAccountId,
  onViewAs,
}: {
  accounts: SupportAccount[];
  /** The account whose view-as session is being opened, if any. */
  openingAccountId: string | null;
  onViewAs: (account: SupportAccount) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="support-table-scroll">
      <table className="support-table">
        <thead>
          <tr>
            <th scope="col">{t('support.column.account')}</th>
            <th scope="col">{t('support.column.edition')}</th>
            <th scope="col">{t('support.column.holder')}</th>
            <th scope="col" className="support-number">
              {t('support.column.establishments')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('support.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.id}>
              <th scope="row" className="support-account-name">
                {account.name}
              </th>
              <td>
                <span className={`support-edition support-edition-${account.edition}`}>
                  {t(EDITION_LABELS[account.edition])}
                </span>
              </td>
              <td>
                {account.holderName ? (
                  <>
                    <span className="support-holder-name">{account.holderName}</span>
                    <span className="support-holder-email">{account.holderEmail}</span>
                  </>
                ) : (
                  <span className="support-muted">{t('support.noHolder')}</span>
                )}
              </td>
              <td className="support-number">{formatInteger(account.establishmentCount)}</td>
              <td className="support-action">
                <button
                  type="button"
                  className="button button-primary"
                  aria-label={t('support.viewAsAccount', { account: account.name })}
                  disabled={openingAccountId !== null}
                  onClick={() => onViewAs(account)}
                >
                  {openingAccountId === account.id ? t('support.opening') : t('support.viewAs')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
