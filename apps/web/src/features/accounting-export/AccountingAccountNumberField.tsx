import { useId } from 'react';
import {
  accountNumberKind,
  accountNumberMaxLength,
  isAccountNumberValid,
  type AccountingAccountType,
} from '@comptoir/contracts';
import { useI18n } from './accounting-export.i18n';

/**
 * « Numéro de compte » of the create and edit forms: once checked (left, submitted or refused), a
 * number the rule of the contracts refuses shows red with the rule under it.
 */
export function AccountingAccountNumberField({
  value,
  type,
  accountLength,
  isChecked,
  onChange,
  onBlur,
}: {
  value: string;
  type: AccountingAccountType;
  /** The establishment's `account_vat_account_length` ('' when unset). */
  accountLength: string;
  isChecked: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const errorId = `${id}-error`;
  const kind = accountNumberKind(type);
  const number = value.trim();
  const isInvalid = isChecked && number !== '' && !isAccountNumberValid(number, accountLength, kind);
  return (
    <div className="accounting-config-field">
      <label htmlFor={id}>{t('accountingConfig.accountNumber')}</label>
      <input
        id={id}
        value={value}
        inputMode={kind === 'general' ? 'numeric' : undefined}
        aria-invalid={isInvalid ? true : undefined}
        aria-describedby={isInvalid ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {isInvalid ? (
        <p id={errorId} className="accounting-config-field-error">
          {kind === 'general'
            ? t('accountingConfig.accountNumberRule', { max: accountNumberMaxLength(accountLength) })
            : t('accountingConfig.auxiliaryNumberRule')}
        </p>
      ) : null}
    </div>
  );
}
