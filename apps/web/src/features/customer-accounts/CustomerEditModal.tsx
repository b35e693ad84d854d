import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import {
  historyNumberToCents,
  type CustomerAccountListItem,
  type CustomerEditFormInput,
} from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import type { MessageKey } from './customer-accounts.i18n';
import { useI18n } from './customer-accounts.i18n';
import { InputField } from '../../ui/InputField';
import { Modal } from '../../ui/Modal';
import { customerAccountQueries, useUpdateCustomerMutation } from './customerAccounts.queries';
import { joinPhone, splitPhone } from './customerListRules';

type EditForm = Required<Omit<CustomerEditFormInput, 'creditLimit' | 'fullPhoneNumber'>>;

/** The server's refusals that name a field (spec 3 §3 "Customer edit form"). */
const FIELD_ERRORS: Record<string, { field: keyof EditForm; message: MessageKey }> = {
  CUSTOMER_REQUIRED_FIELDS: { field: 'lastname', message: 'customerEdit.error.CUSTOMER_REQUIRED_FIELDS' },
  CUSTOMER_EMAIL_INVALID: { field: 'email', message: 'customerEdit.error.CUSTOMER_EMAIL_INVALID' },
  CUSTOMER_PHONE_INVALID: { field: 'phoneNumber', message: 'customerEdit.error.CUSTOMER_PHONE_INVALID' },
};

export function editFormOf(account: CustomerAccountListItem): EditForm {
  const infos = account.customer_infos;
  const phone = splitPhone(infos.details_phone);
  return {
    lastname: account.lastname,
    firstname: account.firstname,
    email: infos.details_email ?? '',
    countryCode: phone.countryCode || '33',
    phoneNumber: phone.phoneNumber,
    note: infos.note ?? '',
    address: infos.address ?? '',
    zipcode: infos.address_zipcode ?? '',
    city: infos.address_city ?? '',
    isCompany: infos.is_company === 1,
    companyName: infos.customer_company_name ?? '',
    companyId: infos.customer_company_id ?? '',
    vatCode: infos.customer_company_vat ?? '',
    customerAccountType: account.type,
  };
}

/**
 * What the user changed (issue 31, item 9): the server changes only the fields sent, so a save never
 * rewrites a phone or clears a field nobody touched. The phone goes as a whole (code, number and the
 * joined form) when either part changed; the company fields with their switch.
 */
export function changedFields(initial: EditForm, form: EditForm): CustomerEditFormInput {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(form) as (keyof EditForm)[]) {
    if (form[key] !== initial[key]) changed[key] = form[key];
  }
  if ('countryCode' in changed || 'phoneNumber' in changed) {
    Object.assign(changed, {
      countryCode: form.countryCode,
      phoneNumber: form.phoneNumber,
      fullPhoneNumber: joinPhone(form),
    });
  }
  const companyFields = ['companyName', 'companyId', 'vatCode'] as const;
  if (companyFields.some((key) => key in changed)) changed.isCompany = form.isCompany;
  return changed as CustomerEditFormInput;
}

/**
 * The customer edit form (suite edition, spec 3 §3, §4): the phone as a 2-digit country code and a
 * number (stored '+' code number), the company fields enabled by the company switch, the account type.
 * A refusal turns its field red with the reason.
 */
export function CustomerEditModal({
  account,
  isSuite,
  onClose,
  onSaved,
}: {
  account: CustomerAccountListItem;
  isSuite: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const formId = useId();
  const updateMutation = useUpdateCustomerMutation();
  const [initial] = useState(() => editFormOf(account));
  const [form, setForm] = useState(initial);
  const isSaving = updateMutation.isPending;
  const detail = useQuery(customerAccountQueries.detail(account));
  const [typedLimit, setTypedLimit] = useState<string | null>(null);
  const savedLimit = detail.data?.customer.credit_limit;
  const limitText = typedLimit ?? (savedLimit == null ? '' : (savedLimit / 100).toFixed(2));
  // Empty: no limit; otherwise euros as typed (comma or dot), in cents.
  const creditLimit = limitText.trim() === '' ? null : historyNumberToCents(limitText);
  const isLimitInvalid = limitText.trim() !== '' && creditLimit === null;
  // Sent only once the saved limit is known, so that a failed read never clears it.
  const isLimitKnown = detail.isSuccess || typedLimit !== null;

  const error = updateMutation.error;
  const fieldError = error instanceof ApiError ? FIELD_ERRORS[error.code] : undefined;
  const errorOf = (field: keyof EditForm) =>
    fieldError?.field === field ? t(fieldError.message) : undefined;

  function change(patch: Partial<EditForm>) {
    updateMutation.reset();
    setForm((current) => ({ ...current, ...patch }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLimitInvalid) return;
    const formData = { ...changedFields(initial, form), ...(isLimitKnown ? { creditLimit } : {}) };
    updateMutation.mutate({ customerId: account.id, formData }, { onSuccess: onSaved });
  }

  const text = (field: Exclude<keyof EditForm, 'isCompany' | 'customerAccountType'>) => ({
    label: t(`customerEdit.${field}`),
    value: form[field],
    error: errorOf(field),
    disabled: isSaving,
    onChange: (value: string) => change({ [field]: value }),
  });

  return (
    <Modal
      isOpen
      title={t('customerEdit.title')}
      onClose={onClose}
      isClosable={!isSaving}
      size="large"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={isSaving}>
            {t('customerList.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className="button button-primary"
            disabled={isSaving}
            aria-busy={isSaving}
          >
            {t('customerEdit.save')}
          </button>
        </>
      }
    >
      <form id={formId} className="customer-form" onSubmit={handleSubmit} noValidate>
        <FormField {...text('lastname')} autoComplete="family-name" required />
        <FormField {...text('firstname')} autoComplete="given-name" />
        <FormField {...text('email')} type="email" autoComplete="email" inputMode="email" />
        <div className={`customer-form-field ${errorOf('phoneNumber') ? 'is-invalid' : ''}`}>
          <span className="customer-form-legend" id={`${formId}-phone`}>
            {t('customerEdit.phoneNumber')}
          </span>
          <div className="customer-form-phone" role="group" aria-labelledby={`${formId}-phone`}>
            <input
              aria-label={t('customerEdit.countryCode')}
              inputMode="numeric"
              maxLength={2}
              value={form.countryCode}
              disabled={isSaving}
              onChange={(event) => change({ countryCode: event.target.value.replace(/\D/g, '').slice(0, 2) })}
            />
            <input
              aria-label={t('customerEdit.phoneNumber')}
              type="tel"
              autoComplete="tel-national"
              value={form.phoneNumber}
              disabled={isSaving}
              aria-invalid={errorOf('phoneNumber') ? true : undefined}
              onChange={(event) => change({ phoneNumber: event.target.value })}
            />
          </div>
          {errorOf('phoneNumber') ? (
            <p className="customer-form-error" role="alert">
              {errorOf('phoneNumber')}
            </p>
          ) : null}
        </div>
        <FormField {...text('address')} autoComplete="street-address" className="customer-form-wide" />
        <FormField {...text('zipcode')} autoComplete="postal-code" />
        <FormField {...text('city')} autoComplete="address-level2" />
        <label className="customer-form-switch customer-form-wide">
          <input
            type="checkbox"
            role="switch"
            checked={form.isCompany}
            disabled={isSaving}
            onChange={(event) => change({ isCompany: event.target.checked })}
          />
          {t('customerEdit.isCompany')}
        </label>
        <FormField {...text('companyName')} disabled={isSaving || !form.isCompany} />
        <FormField {...text('companyId')} disabled={isSaving || !form.isCompany} />
        <FormField {...text('vatCode')} disabled={isSaving || !form.isCompany} />
        {isSuite ? (
          <fieldset className="customer-form-field">
            <legend className="customer-form-legend">{t('customerEdit.type')}</legend>
            {([0, 1] as const).map((type) => (
              <label key={type} className="customer-form-switch">
                <input
                  type="radio"
                  name={`${formId}-type`}
                  checked={form.customerAccountType === type}
                  disabled={isSaving}
                  onChange={() => change({ customerAccountType: type })}
                />
                {t(`customerList.filters.type.${type}`)}
              </label>
            ))}
          </fieldset>
        ) : null}
        <FormField
          label={t('customerEdit.creditLimit')}
          value={limitText}
          inputMode="decimal"
          autoComplete="off"
          disabled={isSaving}
          error={isLimitInvalid ? t('customerEdit.error.creditLimit') : undefined}
          onChange={(value) => {
            updateMutation.reset();
            setTypedLimit(value);
          }}
        />
        <div className="customer-form-field customer-form-wide">
          <label htmlFor={`${formId}-note`}>{t('customerEdit.note')}</label>
          <textarea
            id={`${formId}-note`}
            rows={3}
            value={form.note}
            disabled={isSaving}
            onChange={(event) => change({ note: event.target.value })}
          />
        </div>
        {error && !fieldError ? (
          <p className="customer-form-error customer-form-wide" role="alert">
            {t('customerList.loadFailed')}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

function FormField({
  label,
  value,
  error,
  onChange,
  className = '',
  ...input
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  return (
    <InputField
      className={`customer-form-field ${error ? 'is-invalid' : ''} ${className}`}
      errorClassName="customer-form-error"
      isErrorAnnounced
      label={label}
      error={error}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...input}
    />
  );
}
