import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from './accounting-export.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { LoadingState } from '../../ui/LoadingState';
import { accountingConfigErrorMessage } from './accountingConfigErrors';
import { accountingConfigQueries, useApplyAccountingChartMutation } from './accountingConfigQueries';

/** « Proposer un plan comptable »: the French chart the server proposes, created only on « Créer ces comptes ». */
export function AccountingConfigChartProposal({
  companyId,
  onSaved,
}: {
  companyId: string;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const [isOpen, setIsOpen] = useState(false);
  const proposal = useQuery({ ...accountingConfigQueries.proposal(companyId), enabled: isOpen });
  const apply = useApplyAccountingChartMutation(companyId);

  if (!isOpen) {
    return (
      <div className="accounting-config-actions">
        <button type="button" className="button button-secondary" onClick={() => setIsOpen(true)}>
          {t('accountingConfig.proposal.open')}
        </button>
      </div>
    );
  }

  function handleApply() {
    apply.mutate(
      {},
      {
        onSuccess: () => {
          setIsOpen(false);
          showFlash({ type: 'success', text: t('accountingConfig.success.links') });
          onSaved();
        },
        onError: (error) => showFlash({ type: 'error', text: t(accountingConfigErrorMessage(error)) }),
      },
    );
  }

  const data = proposal.data;
  const keys = Object.entries(data?.vatKeys ?? {});
  return (
    <section className="accounting-config-proposal" aria-label={t('accountingConfig.proposal.open')}>
      <p>{t('accountingConfig.proposal.intro')}</p>
      {proposal.isError ? <p className="accounting-config-alert">{t('accountingConfig.error')}</p> : null}
      {!data && !proposal.isError ? <LoadingState label={t('common.loading')} /> : null}
      {data && data.accounts.length === 0 && keys.length === 0 ? (
        <p>{t('accountingConfig.proposal.nothing')}</p>
      ) : null}
      {data && data.accounts.length > 0 ? (
        <ul>
          {data.accounts.map((account) => (
            <li key={`${account.type}-${account.account_number}`}>
              {account.account_number} — {account.label} ({t(`accountingConfig.type.${account.type}`)},{' '}
              {t('accountingConfig.proposal.linkCount', { count: account.links.length })})
            </li>
          ))}
        </ul>
      ) : null}
      {keys.length > 0 ? (
        <>
          <p>{t('accountingConfig.proposal.keys')}</p>
          <ul>
            {keys.map(([key, value]) => (
              <li key={key}>
                {t(`accountingConfig.key.${key as 'account_vat_mode'}`)} : {value}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="accounting-config-actions">
        <button type="button" className="button button-secondary" onClick={() => setIsOpen(false)}>
          {t('accountingConfig.cancel')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!data || (data.accounts.length === 0 && keys.length === 0) || apply.isPending}
          onClick={handleApply}
        >
          {t('accountingConfig.proposal.apply')}
        </button>
      </div>
    </section>
  );
}
