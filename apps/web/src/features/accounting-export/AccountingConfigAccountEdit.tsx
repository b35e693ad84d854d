import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { accountingAccountProblem, type AccountingAccount } from '@comptoir/contracts';
import { useI18n } from './accounting-export.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { AccountingAccountNumberField } from './AccountingAccountNumberField';
import { accountingConfigErrorMessage } from './accountingConfigErrors';
import { roomsBody, type AccountRooms } from './accountingConfigRules';
import { AccountingFloorsField } from './AccountingFloorsField';
import { accountingConfigQueries, useUpdateAccountingAccountMutation } from './accountingConfigQueries';

/** An account's number, label, analytics and rooms changed in place (`updateVatAccounts`). */
export function AccountingConfigAccountEdit({
  companyId,
  account,
  onDone,
}: {
  companyId: string;
  account: AccountingAccount;
  onDone: (isSaved: boolean) => void;
}) {
  const { t } = useI18n();
  const ids = { label: useId(), analytics: useId() };
  const update = useUpdateAccountingAccountMutation(companyId);
  const keys = useQuery(accountingConfigQueries.vatKeys(companyId));
  const accountLength = keys.data?.[0]?.datas.account_vat_account_length ?? '';
  const [accountNumber, setAccountNumber] = useState(account.account_number);
  const [label, setLabel] = useState(account.label);
  const [analytics, setAnalytics] = useState(account.analytics);
  const [rooms, setRooms] = useState<AccountRooms>({
    all_floors: account.all_floors,
    floors: account.floors,
  });
  const [isAlertShown, setIsAlertShown] = useState(false);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      id: account.id,
      type: account.type,
      account_number: accountNumber,
      label,
      analytics,
      ...roomsBody(rooms),
      table_id: account.table_id,
    };
    const problem = accountingAccountProblem(body, accountLength);
    setIsAlertShown(problem === 'ACCOUNTING_REQUIRED_FIELDS');
    if (problem === 'ACCOUNTING_REQUIRED_FIELDS' || problem === 'ACCOUNTING_ACCOUNT_NUMBER_INVALID') return;
    update.mutate(body, {
      onSuccess: () => {
        showFlash({ type: 'success', text: t('accountingConfig.success.updated') });
        onDone(true);
      },
      onError: (error) => showFlash({ type: 'error', text: t(accountingConfigErrorMessage(error)) }),
    });
  }

  return (
    <form className="accounting-config-form" onSubmit={handleSubmit} noValidate>
      {/* A number saved before the rule shows red at once: the export refuses it. */}
      <AccountingAccountNumberField
        value={accountNumber}
        type={account.type}
        accountLength={accountLength}
        isChecked
        onChange={setAccountNumber}
        onBlur={() => undefined}
      />
      <div className="accounting-config-field">
        <label htmlFor={ids.label}>{t('accountingConfig.label')}</label>
        <input id={ids.label} value={label} onChange={(event) => setLabel(event.target.value)} />
      </div>
      <div className="accounting-config-field">
        <label htmlFor={ids.analytics}>{t('accountingConfig.analytics')}</label>
        <input id={ids.analytics} value={analytics} onChange={(event) => setAnalytics(event.target.value)} />
      </div>
      <AccountingFloorsField companyId={companyId} value={rooms} onChange={setRooms} />
      {isAlertShown ? (
        <p className="accounting-config-alert" role="alert">
          {t('accountingConfig.required')}
        </p>
      ) : null}
      <div className="accounting-config-actions">
        <button type="button" className="button button-secondary" onClick={() => onDone(false)}>
          {t('accountingConfig.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={update.isPending}>
          {t('accountingConfig.save')}
        </button>
      </div>
    </form>
  );
}
