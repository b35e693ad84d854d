import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ACCOUNTING_LINK_ITEM_KIND,
  ACCOUNTING_TRANSFER_PAYMENT_ID,
  type AccountingAccount,
  type AccountingChoice,
} from '@comptoir/contracts';
import { userQueries } from '../../api/userQueries';
import { useI18n } from './accounting-export.i18n';
import { ErrorState } from '../../ui/ErrorState';
import { showFlash } from '../../ui/flash/flashStore';
import { LoadingState } from '../../ui/LoadingState';
import { AccountingConfigAccountEdit } from './AccountingConfigAccountEdit';
import { AccountingConfigChartProposal } from './AccountingConfigChartProposal';
import { accountingConfigErrorMessage } from './accountingConfigErrors';
import {
  accountingConfigQueries,
  useDeleteAccountingAccountMutation,
  useUpdateAccountingLinkingMutation,
} from './accountingConfigQueries';
import {
  changedAccountIds,
  draftsFromLinks,
  itemsTaken,
  linkingPayload,
  toggled,
  visibleAccountTypes,
  type LinkDraft,
  type LinkDrafts,
} from './accountingConfigRules';

type ItemKind = NonNullable<(typeof ACCOUNTING_LINK_ITEM_KIND)[keyof typeof ACCOUNTING_LINK_ITEM_KIND]>;

/** The items each kind of link may name, for one establishment. */
function useLinkChoices(companyId: string): {
  choices: Record<ItemKind, AccountingChoice[]>;
  rates: AccountingChoice[];
} {
  const { t } = useI18n();
  const payments = useQuery(userQueries.paymentTypes());
  const vat = useQuery(accountingConfigQueries.choices(companyId, 'user/vat'));
  const categories = useQuery(accountingConfigQueries.choices(companyId, 'user/productTypes'));
  const products = useQuery(accountingConfigQueries.choices(companyId, 'user/products'));
  const discounts = useQuery(accountingConfigQueries.choices(companyId, 'user/discounts'));
  return {
    choices: {
      payment: [
        ...(payments.data ?? [])
          .filter((p) => p.id_company === companyId)
          .map((p) => ({ id: p.id, name: p.payment_name })),
        { id: ACCOUNTING_TRANSFER_PAYMENT_ID, name: t('accountingConfig.transferPayment') },
      ],
      vat: vat.data ?? [],
      category: categories.data ?? [],
      product: [...(categories.data ?? []), ...(products.data ?? [])],
      discount: discounts.data ?? [],
    },
    rates: (vat.data ?? []).map((v) => ({ id: v.rate ?? v.id, name: v.name })),
  };
}

/** Comptes: the accounts by type, their links edited locally, « Valider » saving the changed ones. */
export function AccountingConfigAccounts({ companyId, onSaved }: { companyId: string; onSaved: () => void }) {
  const { t } = useI18n();
  const accounts = useQuery(accountingConfigQueries.accounts(companyId));
  const links = useQuery(accountingConfigQueries.links(companyId));
  const isSwift = useQuery(accountingConfigQueries.isSwift());
  const cashback = useQuery(accountingConfigQueries.choices(companyId, 'user/cashBackPaymentType'));
  const { choices, rates } = useLinkChoices(companyId);
  const [edited, setEdited] = useState<LinkDrafts | null>(null);
  const [editedAccountId, setEditedAccountId] = useState<string | null>(null);
  const saveLinks = useUpdateAccountingLinkingMutation(companyId);
  const remove = useDeleteAccountingAccountMutation(companyId);

  const saved = useMemo(
    () => (accounts.data && links.data ? draftsFromLinks(accounts.data, links.data) : {}),
    [accounts.data, links.data],
  );
  const drafts = edited ?? saved;
  const changed = changedAccountIds(saved, drafts);
  const types = visibleAccountTypes({
    isSwift: isSwift.data?.isSwift ?? false,
    hasCashbackPaymentTypes: (cashback.data ?? []).length > 0,
  });

  if (accounts.isError || links.isError) {
    return (
      <ErrorState
        message={t('accountingConfig.error')}
        retryLabel={t('common.retry')}
        onRetry={() => void Promise.all([accounts.refetch(), links.refetch()])}
      />
    );
  }
  if (!accounts.data || !links.data) return <LoadingState label={t('common.loading')} />;
  const list = accounts.data;

  function handleDraft(accountId: string, draft: LinkDraft) {
    setEdited({ ...drafts, [accountId]: draft });
  }

  function handleValidate() {
    saveLinks.mutate(
      { accountIds: changed, accountLinking: linkingPayload(list, drafts, changed) },
      {
        onSuccess: () => {
          setEdited(null);
          showFlash({ type: 'success', text: t('accountingConfig.success.links') });
          onSaved();
        },
        onError: (error) => showFlash({ type: 'error', text: t(accountingConfigErrorMessage(error)) }),
      },
    );
  }

  function handleDelete(account: AccountingAccount) {
    const question = t('accountingConfig.deleteConfirm', {
      number: account.account_number,
      label: account.label,
    });
    if (!window.confirm(question)) return;
    remove.mutate(
      { id: account.id },
      {
        onSuccess: () => {
          if (edited) {
            const rest = { ...edited };
            delete rest[account.id];
            setEdited(rest);
          }
          showFlash({ type: 'success', text: t('accountingConfig.success.deleted') });
          onSaved();
        },
        onError: (error) => showFlash({ type: 'error', text: t(accountingConfigErrorMessage(error)) }),
      },
    );
  }

  return (
    <>
      <AccountingConfigChartProposal companyId={companyId} onSaved={onSaved} />
      {types.map((type) => {
        const ofType = list.filter((a) => a.type === type);
        return (
          <section
            key={type}
            className="accounting-config-type"
            aria-label={t(`accountingConfig.type.${type}`)}
          >
            <h3>{t(`accountingConfig.type.${type}`)}</h3>
            {ofType.length === 0 ? <p className="muted">{t('accountingConfig.empty')}</p> : null}
            {ofType.map((account) => {
              const kind = ACCOUNTING_LINK_ITEM_KIND[account.type];
              const draft = drafts[account.id] ?? { items: [], rates: [] };
              const taken = itemsTaken(list, drafts, account.id);
              return (
                <article key={account.id} className="accounting-config-account">
                  <div className="accounting-config-account-head">
                    <strong>
                      {account.account_number} — {account.label}
                    </strong>
                    <span className="muted">{account.analytics}</span>
                    <button
                      type="button"
                      className="button button-quiet"
                      onClick={() => setEditedAccountId(account.id)}
                      aria-label={`${t('accountingConfig.edit')} ${account.account_number}`}
                    >
                      {t('accountingConfig.edit')}
                    </button>
                    <button
                      type="button"
                      className="button button-quiet"
                      onClick={() => handleDelete(account)}
                      disabled={remove.isPending}
                      aria-label={`${t('accountingConfig.delete')} ${account.account_number}`}
                    >
                      {t('accountingConfig.delete')}
                    </button>
                  </div>
                  {editedAccountId === account.id ? (
                    <AccountingConfigAccountEdit
                      companyId={companyId}
                      account={account}
                      onDone={(isSaved) => {
                        setEditedAccountId(null);
                        if (isSaved) onSaved();
                      }}
                    />
                  ) : null}
                  {kind ? (
                    <ChoiceBoxes
                      legend={t('accountingConfig.links')}
                      options={choices[kind]}
                      ticked={draft.items}
                      disabled={taken}
                      disabledHint={t('accountingConfig.takenHint')}
                      onToggle={(id) =>
                        handleDraft(account.id, { ...draft, items: toggled(draft.items, id) })
                      }
                    />
                  ) : null}
                  {account.type === 'product' ? (
                    <ChoiceBoxes
                      legend={t('accountingConfig.rates')}
                      options={rates}
                      ticked={draft.rates}
                      disabled={new Set()}
                      disabledHint=""
                      onToggle={(id) =>
                        handleDraft(account.id, { ...draft, rates: toggled(draft.rates, id) })
                      }
                    />
                  ) : null}
                </article>
              );
            })}
          </section>
        );
      })}
      <div className="accounting-config-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={changed.length === 0 || saveLinks.isPending}
          onClick={handleValidate}
        >
          {t('accountingConfig.validate')}
        </button>
      </div>
    </>
  );
}

/** A list of checkboxes; a disabled one (held by another account) cannot be ticked, only unticked. */
function ChoiceBoxes({
  legend,
  options,
  ticked,
  disabled,
  disabledHint,
  onToggle,
}: {
  legend: string;
  options: readonly AccountingChoice[];
  ticked: readonly string[];
  disabled: ReadonlySet<string>;
  disabledHint: string;
  onToggle: (id: string) => void;
}) {
  return (
    <fieldset className="accounting-config-choices">
      <legend>{legend}</legend>
      {options.map((option) => {
        const isTicked = ticked.includes(option.id);
        const isDisabled = disabled.has(option.id) && !isTicked;
        return (
          <label
            key={option.id}
            className={isDisabled ? 'is-disabled' : undefined}
            title={isDisabled ? disabledHint : undefined}
          >
            <input
              type="checkbox"
              checked={isTicked}
              disabled={isDisabled}
              onChange={() => onToggle(option.id)}
            />{' '}
            {option.name}
          </label>
        );
      })}
    </fieldset>
  );
}
