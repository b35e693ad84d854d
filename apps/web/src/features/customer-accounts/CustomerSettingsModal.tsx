import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  CUSTOMER_OPTION_SUITE_ONLY_KEY,
  CUSTOMER_OPTION_SWITCH_KEYS,
  CUSTOMER_OPTION_TEXT_KEYS,
  normaliseAlertBalance,
  type CustomerOptionKey,
  type CustomerOptionsResponse,
} from '@comptoir/contracts';
import { useI18n } from '../../i18n/useI18n';
import { ErrorState } from '../../ui/ErrorState';
import { showFlash } from '../../ui/flash/flashStore';
import { LoadingState } from '../../ui/LoadingState';
import { Modal } from '../../ui/Modal';
import { customerAccountQueries, useSaveCustomerOptionsMutation } from './customerAccounts.queries';
import { changedOptions, isBlockedAlertBalanceKey } from './customerListRules';

/**
 * 'Paramètres' (spec 3 §3 "User options", §5 "Settings"): a switch per '1'/'0' option (the
 * floor-exceeding payment in the suite only), BIC, IBAN, alert e-mail and the alert balance; Save
 * sends one upsertOption per changed key.
 */
export function CustomerSettingsModal({ isSuite, onClose }: { isSuite: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const options = useQuery(customerAccountQueries.options());
  const saveMutation = useSaveCustomerOptionsMutation();
  const formId = useId();

  return (
    <Modal
      isOpen
      title={t('customerSettings.title')}
      onClose={onClose}
      isClosable={!saveMutation.isPending}
      footer={
        <>
          <button
            type="button"
            className="button button-secondary"
            onClick={onClose}
            disabled={saveMutation.isPending}
          >
            {t('customerList.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className="button button-primary"
            disabled={!options.data || saveMutation.isPending}
            aria-busy={saveMutation.isPending}
          >
            {t('customerSettings.save')}
          </button>
        </>
      }
    >
      {options.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : options.isError ? (
        <ErrorState
          message={t('customerSettings.failed')}
          retryLabel={t('common.retry')}
          onRetry={() => void options.refetch()}
        />
      ) : (
        <SettingsForm
          formId={formId}
          saved={options.data}
          isSuite={isSuite}
          isDisabled={saveMutation.isPending}
          onSave={(changes) => {
            if (changes.length === 0) {
              onClose();
              return;
            }
            saveMutation.mutate(changes, {
              onSuccess: () => {
                showFlash({ type: 'success', text: t('customerSettings.saved') });
                onClose();
              },
              onError: () => showFlash({ type: 'error', text: t('customerSettings.failed') }),
            });
          }}
        />
      )}
    </Modal>
  );
}

function SettingsForm({
  formId,
  saved,
  isSuite,
  isDisabled,
  onSave,
}: {
  formId: string;
  saved: CustomerOptionsResponse;
  isSuite: boolean;
  isDisabled: boolean;
  onSave: (changes: { key: CustomerOptionKey; value: string }[]) => void;
}) {
  const { t } = useI18n();
  const baseId = useId();
  const [edited, setEdited] = useState<CustomerOptionsResponse>(saved);
  const switches = CUSTOMER_OPTION_SWITCH_KEYS.filter(
    (key) => isSuite || key !== CUSTOMER_OPTION_SUITE_ONLY_KEY,
  );

  function change(key: CustomerOptionKey, value: string) {
    setEdited((current) => ({ ...current, [key]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const alertBalance = edited.ca_alert_default_balance;
    const final =
      alertBalance === undefined
        ? edited
        : { ...edited, ca_alert_default_balance: normaliseAlertBalance(alertBalance) };
    setEdited(final);
    onSave(changedOptions(saved, final));
  }

  return (
    <form id={formId} className="customer-form" onSubmit={handleSubmit} noValidate>
      <fieldset className="customer-form-wide customer-settings-switches" disabled={isDisabled}>
        <legend className="visually-hidden">{t('customerSettings.title')}</legend>
        {switches.map((key) => (
          <label key={key} className="customer-form-switch">
            <input
              type="checkbox"
              role="switch"
              checked={edited[key] === '1'}
              onChange={(event) => change(key, event.target.checked ? '1' : '0')}
            />
            {t(`customerSettings.${key}`)}
          </label>
        ))}
      </fieldset>
      {CUSTOMER_OPTION_TEXT_KEYS.map((key) => {
        const id = `${baseId}-${key}`;
        const isAlertBalance = key === 'ca_alert_default_balance';
        return (
          <div key={key} className="customer-form-field">
            <label htmlFor={id}>{t(`customerSettings.${key}`)}</label>
            <input
              id={id}
              type={key === 'ca_alert_email' ? 'email' : 'text'}
              inputMode={isAlertBalance ? 'decimal' : undefined}
              autoComplete="off"
              disabled={isDisabled}
              value={edited[key] ?? ''}
              aria-describedby={isAlertBalance ? `${id}-hint` : undefined}
              onChange={(event) => change(key, event.target.value)}
              onKeyDown={
                isAlertBalance
                  ? (event) => {
                      if (isBlockedAlertBalanceKey(event.key)) event.preventDefault();
                    }
                  : undefined
              }
              onBlur={
                isAlertBalance ? (event) => change(key, normaliseAlertBalance(event.target.value)) : undefined
              }
            />
            {isAlertBalance ? (
              <p id={`${id}-hint`} className="customer-form-hint">
                {t('customerSettings.alertBalanceHint')}
              </p>
            ) : null}
          </div>
        );
      })}
    </form>
  );
}
