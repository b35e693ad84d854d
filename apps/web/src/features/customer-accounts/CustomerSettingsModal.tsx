import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  CUSTOMER_DUNNING_OPTION_KEYS,
  CUSTOMER_OPTION_MAX_LENGTH,
  CUSTOMER_OPTION_SUITE_ONLY_KEY,
  CUSTOMER_OPTION_SWITCH_KEYS,
  CUSTOMER_OPTION_TEXT_KEYS,
  customerOptionProblem,
  normaliseAlertBalance,
  type CustomerOptionKey,
  type CustomerOptionProblem,
  type CustomerOptionsResponse,
} from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import type { MessageKey } from './customer-accounts.i18n';
import { useI18n } from './customer-accounts.i18n';
import { ErrorState } from '../../ui/ErrorState';
import { showFlash } from '../../ui/flash/flashStore';
import { LoadingState } from '../../ui/LoadingState';
import { Modal } from '../../ui/Modal';
import { customerAccountQueries, useSaveCustomerOptionsMutation } from './customerAccounts.queries';
import { changedOptions, isBlockedAlertBalanceKey } from './customerListRules';

/** A refused setting: its field turns red with the reason. */
interface FieldProblem {
  key: CustomerOptionKey;
  message: string;
}

const PROBLEM_MESSAGES: Record<CustomerOptionProblem, MessageKey> = {
  CUSTOMER_OPTION_INVALID: 'customerSettings.error.CUSTOMER_OPTION_INVALID',
  CUSTOMER_OPTION_TOO_LONG: 'customerSettings.error.CUSTOMER_OPTION_TOO_LONG',
  CUSTOMER_OPTION_IBAN_INVALID: 'customerSettings.error.CUSTOMER_OPTION_IBAN_INVALID',
  CUSTOMER_OPTION_BIC_INVALID: 'customerSettings.error.CUSTOMER_OPTION_BIC_INVALID',
  CUSTOMER_OPTION_EMAIL_INVALID: 'customerSettings.error.CUSTOMER_OPTION_EMAIL_INVALID',
  CUSTOMER_OPTION_NAME_INVALID: 'customerSettings.error.CUSTOMER_OPTION_NAME_INVALID',
};

type TextKey = (typeof CUSTOMER_OPTION_TEXT_KEYS)[number];
const isDunningKey = (key: TextKey) => (CUSTOMER_DUNNING_OPTION_KEYS as readonly string[]).includes(key);
/** The hint under a field, if it has one. */
const HINTS: Partial<Record<TextKey, MessageKey>> = {
  ca_alert_default_balance: 'customerSettings.alertBalanceHint',
  ca_dunning_sender_name: 'customerSettings.dunningSenderNameHint',
  ca_dunning_reply_to: 'customerSettings.dunningReplyToHint',
};

/** The setting a server refusal names (`details.key`), if any. */
function refusedKey(error: unknown): CustomerOptionKey | null {
  if (!(error instanceof ApiError)) return null;
  const key = (error.details as { key?: unknown } | undefined)?.key;
  return typeof key === 'string' ? (key as CustomerOptionKey) : null;
}

/**
 * 'Paramètres' (spec 3 §3 "User options", §5 "Settings"): a switch per '1'/'0' option (the
 * floor-exceeding payment in the suite only), BIC, IBAN, alert e-mail and the alert balance, then
 * under « Relances » the reminders' sender name and reply-to address (issue 31, item 26); Save
 * sends the changed keys together, stored all or none (issue 31, item 12): a refused one turns its
 * field red with the reason, checked here first by the same rule as the server.
 */
export function CustomerSettingsModal({
  isSuite,
  isReadOnly = false,
  onClose,
}: {
  isSuite: boolean;
  /** A view-as session sees the holder's settings without changing them (issue 31, item 12). */
  isReadOnly?: boolean;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const options = useQuery(customerAccountQueries.options());
  const saveMutation = useSaveCustomerOptionsMutation();
  const formId = useId();
  const [problem, setProblem] = useState<FieldProblem | null>(null);

  return (
    <Modal
      isOpen
      title={t('customerSettings.title')}
      onClose={onClose}
      isClosable={!saveMutation.isPending}
      footer={
        isReadOnly ? (
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('customerSettings.close')}
          </button>
        ) : (
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
        )
      }
    >
      {isReadOnly ? (
        <p className="customer-settings-read-only" role="note">
          {t('customerSettings.readOnly')}
        </p>
      ) : null}
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
          isDisabled={saveMutation.isPending || isReadOnly}
          problem={problem}
          onEdit={(key) => setProblem((current) => (current?.key === key ? null : current))}
          onSave={(changes) => {
            if (changes.length === 0) {
              onClose();
              return;
            }
            for (const change of changes) {
              const found = customerOptionProblem(change.key, change.value);
              if (found) {
                setProblem({ key: change.key, message: t(PROBLEM_MESSAGES[found]) });
                return;
              }
            }
            saveMutation.mutate(changes, {
              onSuccess: () => {
                showFlash({ type: 'success', text: t('customerSettings.saved') });
                onClose();
              },
              onError: (error) => {
                const key = refusedKey(error);
                if (key) setProblem({ key, message: error.message });
                else showFlash({ type: 'error', text: t('customerSettings.failed') });
              },
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
  problem,
  onEdit,
  onSave,
}: {
  formId: string;
  saved: CustomerOptionsResponse;
  isSuite: boolean;
  isDisabled: boolean;
  problem: FieldProblem | null;
  onEdit: (key: CustomerOptionKey) => void;
  onSave: (changes: { key: CustomerOptionKey; value: string }[]) => void;
}) {
  const { t } = useI18n();
  const baseId = useId();
  const [edited, setEdited] = useState<CustomerOptionsResponse>(saved);
  const switches = CUSTOMER_OPTION_SWITCH_KEYS.filter(
    (key) => isSuite || key !== CUSTOMER_OPTION_SUITE_ONLY_KEY,
  );

  function change(key: CustomerOptionKey, value: string) {
    onEdit(key);
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

  function textField(key: TextKey) {
    const id = `${baseId}-${key}`;
    const isAlertBalance = key === 'ca_alert_default_balance';
    const isEmail = key === 'ca_alert_email' || key === 'ca_dunning_reply_to';
    const hint = HINTS[key];
    const error = problem?.key === key ? problem.message : null;
    // The IBAN and BIC are typed with spaces now and then: their rule counts without them.
    const maxLength = CUSTOMER_OPTION_MAX_LENGTH[key] + (key === 'iban' ? 9 : key === 'bic' ? 3 : 0);
    const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
    return (
      <div key={key} className={`customer-form-field ${error ? 'is-invalid' : ''}`}>
        <label htmlFor={id}>{t(`customerSettings.${key}`)}</label>
        <input
          id={id}
          type={isEmail ? 'email' : 'text'}
          inputMode={isAlertBalance ? 'decimal' : undefined}
          autoComplete="off"
          disabled={isDisabled}
          maxLength={maxLength}
          value={edited[key] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={described.length > 0 ? described.join(' ') : undefined}
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
        {hint ? (
          <p id={`${id}-hint`} className="customer-form-hint">
            {t(hint)}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="customer-form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
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
      {CUSTOMER_OPTION_TEXT_KEYS.filter((key) => !isDunningKey(key)).map(textField)}
      <h3 className="customer-form-wide customer-form-heading">{t('customerSettings.dunning')}</h3>
      {CUSTOMER_DUNNING_OPTION_KEYS.map(textField)}
    </form>
  );
}
