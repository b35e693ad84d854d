import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ACCOUNTING_DEFAULT_ANALYTICS,
  accountingAccountProblem,
  type AccountingAccountType,
} from '@comptoir/contracts';
import { useI18n } from './accounting-export.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { AccountingAccountNumberField } from './AccountingAccountNumberField';
import { accountingConfigErrorMessage, isAccountNumberRefused } from './accountingConfigErrors';
import { accountingConfigQueries, useCreateAccountingAccountMutation } from './accountingConfigQueries';
import {
  customersTaken,
  digitsOnly,
  roomsBody,
  visibleAccountTypes,
  type AccountRooms,
} from './accountingConfigRules';
import { AccountingFloorsField } from './AccountingFloorsField';

/** Créer compte: type, number, label, analytics (« Défaut »), floors; a customer or movement id when the type asks. */
export function AccountingConfigCreateForm({
  companyId,
  onCreated,
}: {
  companyId: string;
  onCreated: () => void;
}) {
  const { t } = useI18n();
  const ids = { type: useId(), label: useId(), analytics: useId(), table: useId() };
  const accounts = useQuery(accountingConfigQueries.accounts(companyId));
  const customers = useQuery(accountingConfigQueries.choices(companyId, 'exportVat/getContacts'));
  const isSwift = useQuery(accountingConfigQueries.isSwift());
  const cashback = useQuery(accountingConfigQueries.choices(companyId, 'user/cashBackPaymentType'));
  const keys = useQuery(accountingConfigQueries.vatKeys(companyId));
  const accountLength = keys.data?.[0]?.datas.account_vat_account_length ?? '';
  const create = useCreateAccountingAccountMutation(companyId);
  const [type, setType] = useState<AccountingAccountType>('product');
  const [accountNumber, setAccountNumber] = useState('');
  const [label, setLabel] = useState('');
  const [analytics, setAnalytics] = useState(ACCOUNTING_DEFAULT_ANALYTICS);
  const [tableId, setTableId] = useState('');
  const [rooms, setRooms] = useState<AccountRooms>({ all_floors: true, floors: [] });
  const [isAlertShown, setIsAlertShown] = useState(false);
  const [isNumberChecked, setIsNumberChecked] = useState(false);
  const taken = customersTaken(accounts.data ?? [], null);
  const types = visibleAccountTypes({
    isSwift: isSwift.data?.isSwift ?? false,
    hasCashbackPaymentTypes: (cashback.data ?? []).length > 0,
  });
  const hasMovementId = type === 'achats' || type === 'ventes';

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      type,
      account_number: accountNumber,
      label,
      analytics,
      ...roomsBody(rooms),
      table_id: type === 'customer' || hasMovementId ? tableId : null,
    };
    setIsNumberChecked(true);
    const problem = accountingAccountProblem(body, accountLength);
    setIsAlertShown(problem === 'ACCOUNTING_REQUIRED_FIELDS');
    if (problem === 'ACCOUNTING_REQUIRED_FIELDS' || problem === 'ACCOUNTING_ACCOUNT_NUMBER_INVALID') return;
    create.mutate(body, {
      onSuccess: () => {
        showFlash({ type: 'success', text: t('accountingConfig.success.created') });
        onCreated();
      },
      onError: (error) => {
        if (isAccountNumberRefused(error)) setIsNumberChecked(true);
        showFlash({ type: 'error', text: t(accountingConfigErrorMessage(error)) });
      },
    });
  }

  return (
    <form className="accounting-config-form" onSubmit={handleSubmit} noValidate>
      <div className="accounting-config-field">
        <label htmlFor={ids.type}>{t('accountingConfig.type')}</label>
        <select
          id={ids.type}
          value={type}
          onChange={(event) => {
            setType(event.target.value as AccountingAccountType);
            setTableId('');
          }}
        >
          {types.map((value) => (
            <option key={value} value={value}>
              {t(`accountingConfig.type.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {type === 'customer' ? (
        <div className="accounting-config-field">
          <label htmlFor={ids.table}>{t('accountingConfig.customer')}</label>
          <select id={ids.table} value={tableId} onChange={(event) => setTableId(event.target.value)}>
            <option value="">{t('accountingConfig.chooseCustomer')}</option>
            {(customers.data ?? []).map((customer) => (
              <option key={customer.id} value={customer.id} disabled={taken.has(customer.id)}>
                {customer.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {hasMovementId ? (
        <div className="accounting-config-field">
          <label htmlFor={ids.table}>{t('accountingConfig.movementId')}</label>
          <input
            id={ids.table}
            inputMode="numeric"
            value={tableId}
            placeholder={t('accountingConfig.digitsHint')}
            onChange={(event) => setTableId(digitsOnly(event.target.value))}
          />
        </div>
      ) : null}
      <AccountingAccountNumberField
        value={accountNumber}
        type={type}
        accountLength={accountLength}
        isChecked={isNumberChecked}
        onChange={setAccountNumber}
        onBlur={() => setIsNumberChecked(true)}
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
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {t('accountingConfig.create')}
        </button>
      </div>
    </form>
  );
}
