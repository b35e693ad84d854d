import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ACCOUNTING_VAT_KEY_DEFAULTS,
  ACCOUNTING_VAT_KEYS,
  accountNumberMaxLength,
  invalidAccountNumberKeys,
  type AccountingVatKey,
  type AccountingVatKeys,
  DEFAULT_EXERCISE_END,
  vatKeyValidDay,
} from '@comptoir/contracts';
import { useI18n } from './accounting-export.i18n';
import { DayField } from '../../ui/DayField';
import { ErrorState } from '../../ui/ErrorState';
import { showFlash } from '../../ui/flash/flashStore';
import { LoadingState } from '../../ui/LoadingState';
import { accountingConfigErrorMessage, isEcritureNumGap } from './accountingConfigErrors';
import {
  accountingConfigQueries,
  useSetEcritureNumMutation,
  useUpdateAccountingVatKeysMutation,
} from './accountingConfigQueries';
import { changedVatKeys, digitsOnly, isCashFloatAlertShown } from './accountingConfigRules';

const MOVEMENT_KEYS: readonly AccountingVatKey[] = [
  'account_vat_achats',
  'account_vat_ventes',
  'account_vat_label_length',
  'account_vat_account_length',
];
/**
 * Keys the export reads no more (issue 30, defect 5): sales are booked net of discounts, offered
 * items not at all. Their saved values are kept, but offered as settings they would mislead.
 */
const RETIRED_KEYS: readonly AccountingVatKey[] = [
  'account_vat__discount',
  'account_vat_offered',
  'account_vat__offered',
];
const CASH_FLOAT_KEYS: readonly AccountingVatKey[] = [
  'account_vat_cashfloat_debit',
  'account_vat_cashfloat_credit',
];

/** Configuration: every VAT key with its rule, the next entry number; only the changed keys are sent. */
export function AccountingConfigKeys({ companyId, onSaved }: { companyId: string; onSaved: () => void }) {
  const { t } = useI18n();
  const baseId = useId();
  const answer = useQuery(accountingConfigQueries.vatKeys(companyId));
  const [edited, setEdited] = useState<AccountingVatKeys | null>(null);
  const [ecritureNum, setEcritureNum] = useState<string | null>(null);
  const [isCashFloatAlert, setIsCashFloatAlert] = useState(false);
  const saveKeys = useUpdateAccountingVatKeysMutation(companyId);
  const saveNumber = useSetEcritureNumMutation(companyId);

  if (answer.isError) {
    return (
      <ErrorState
        message={t('accountingConfig.error')}
        retryLabel={t('common.retry')}
        onRetry={() => void answer.refetch()}
      />
    );
  }
  if (!answer.data) return <LoadingState label={t('common.loading')} />;
  const saved = { ...ACCOUNTING_VAT_KEY_DEFAULTS, ...answer.data[0]?.datas };
  const savedNumber = String(answer.data[0]?.account_vat_ecriturenum ?? 1);
  const keys = edited ?? saved;
  const changes = changedVatKeys(saved, keys);
  const isNumberChanged = ecritureNum !== null && ecritureNum !== savedNumber && ecritureNum !== '';
  const isDirty = Object.keys(changes).length > 0 || isNumberChanged;
  const invalidNumbers = invalidAccountNumberKeys(keys);

  function handleChange(key: AccountingVatKey, value: string) {
    setEdited({ ...keys, [key]: MOVEMENT_KEYS.includes(key) ? digitsOnly(value) : value });
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isCashFloatAlertShown(keys)) {
      setIsCashFloatAlert(true);
      return;
    }
    if (invalidNumbers.length > 0) {
      showFlash({ type: 'error', text: t('accountingConfig.error.ACCOUNTING_ACCOUNT_NUMBER_INVALID') });
      return;
    }
    try {
      if (Object.keys(changes).length > 0) await saveKeys.mutateAsync({ vatKeys: changes });
      if (isNumberChanged) {
        const value = Number(ecritureNum);
        try {
          await saveNumber.mutateAsync({ value });
        } catch (error) {
          // A number past the next one leaves a gap in the numbering: only on the user's word.
          if (!isEcritureNumGap(error)) throw error;
          const next = Number(savedNumber);
          if (!window.confirm(t('accountingConfig.confirmGap', { next, value, unused: value - next })))
            return;
          await saveNumber.mutateAsync({ value, confirmGap: true });
        }
      }
      setEdited(null);
      setEcritureNum(null);
      showFlash({ type: 'success', text: t('accountingConfig.success.settings') });
      onSaved();
    } catch (error) {
      showFlash({ type: 'error', text: t(accountingConfigErrorMessage(error)) });
    }
  }

  return (
    <form className="accounting-config-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <div className="accounting-config-field">
        <label htmlFor={`${baseId}-ecriturenum`}>{t('accountingConfig.key.account_vat_ecriturenum')}</label>
        <input
          id={`${baseId}-ecriturenum`}
          inputMode="numeric"
          value={ecritureNum ?? savedNumber}
          onChange={(event) => setEcritureNum(digitsOnly(event.target.value))}
        />
      </div>
      {ACCOUNTING_VAT_KEYS.filter((key) => !RETIRED_KEYS.includes(key)).map((key) => {
        const id = `${baseId}-${key}`;
        if (key === 'account_vat_mode') {
          return (
            <div key={key} className="accounting-config-field">
              <label htmlFor={id}>{t('accountingConfig.key.account_vat_mode')}</label>
              <select id={id} value={keys[key]} onChange={(event) => handleChange(key, event.target.value)}>
                <option value="1">{t('accountingConfig.mode.1')}</option>
                <option value="2">{t('accountingConfig.mode.2')}</option>
              </select>
            </div>
          );
        }
        if (key === 'account_vat_discount_booking') {
          return (
            <div key={key} className="accounting-config-field">
              <label htmlFor={id}>{t('accountingConfig.key.account_vat_discount_booking')}</label>
              <select id={id} value={keys[key]} onChange={(event) => handleChange(key, event.target.value)}>
                <option value="">{t('accountingConfig.discountBooking.net')}</option>
                <option value="gross">{t('accountingConfig.discountBooking.gross')}</option>
              </select>
            </div>
          );
        }
        if (key === 'account_vat_charset') {
          return (
            <div key={key} className="accounting-config-field">
              <label htmlFor={id}>{t('accountingConfig.key.account_vat_charset')}</label>
              <select id={id} value={keys[key]} onChange={(event) => handleChange(key, event.target.value)}>
                <option value="">{t('accountingConfig.charset.utf8')}</option>
                <option value="latin9">{t('accountingConfig.charset.latin9')}</option>
              </select>
            </div>
          );
        }
        if (key === 'account_vat_validdate') {
          return (
            <div key={key} className="accounting-config-field">
              <label htmlFor={id}>{t('accountingConfig.key.account_vat_validdate')}</label>
              <DayField
                id={id}
                value={vatKeyValidDay(keys[key])}
                onChange={(value) => handleChange(key, value)}
              />
            </div>
          );
        }
        const isMovement = MOVEMENT_KEYS.includes(key);
        const isInvalidNumber = invalidNumbers.includes(key);
        return (
          <div key={key} className="accounting-config-field">
            <label htmlFor={id}>{t(`accountingConfig.key.${key}`)}</label>
            <input
              id={id}
              value={keys[key]}
              aria-invalid={isInvalidNumber ? true : undefined}
              aria-describedby={isInvalidNumber ? `${id}-error` : undefined}
              {...(isMovement
                ? { inputMode: 'numeric' as const, placeholder: t('accountingConfig.digitsHint') }
                : key === 'account_vat_exercise_end'
                  ? { placeholder: DEFAULT_EXERCISE_END }
                  : {})}
              onChange={(event) => handleChange(key, event.target.value)}
              onBlur={
                CASH_FLOAT_KEYS.includes(key)
                  ? () => setIsCashFloatAlert(isCashFloatAlertShown(keys))
                  : undefined
              }
            />
            {isInvalidNumber ? (
              <p id={`${id}-error`} className="accounting-config-field-error">
                {t('accountingConfig.accountNumberRule', {
                  max: accountNumberMaxLength(keys.account_vat_account_length),
                })}
              </p>
            ) : null}
          </div>
        );
      })}
      {isCashFloatAlert ? (
        <p className="accounting-config-alert" role="alert">
          {t('accountingConfig.cashfloatAlert')}
        </p>
      ) : null}
      <div className="accounting-config-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={!isDirty || saveKeys.isPending || saveNumber.isPending}
        >
          {t('accountingConfig.validate')}
        </button>
      </div>
    </form>
  );
}
