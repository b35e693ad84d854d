import { useId, useState, type FormEvent } from 'react';
import {
  CUSTOMER_PAYMENT_REFERENCE_MAX,
  customerPaymentAmountProblem,
  eurosTextToCents,
  type CustomerAccountDetail,
  type CustomerPaymentRecorded,
} from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import type { MessageKey } from './customer-accounts.i18n';
import { useI18n } from './customer-accounts.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { Modal } from '../../ui/Modal';
import { formatMoney } from '../../ui/money';
import { TextField } from '../../ui/TextField';
import { useRecordPaymentMutation } from './customerDetailQueries';
import './customer-payment.css';

const AMOUNT_PROBLEMS: Record<'invalid' | 'zero' | 'tooLarge', MessageKey> = {
  invalid: 'customerPayment.amount.invalid',
  zero: 'customerPayment.amount.zero',
  tooLarge: 'customerPayment.amount.tooLarge',
};

/**
 * « Enregistrer un règlement » (issue 31, item 27): a payment received outside the till (a bank
 * transfer) for one of the customer's establishments. The server records it as a signed operation;
 * it pays the oldest notes first and cannot be deleted, which the form says before it is sent.
 */
export function PaymentButton({
  customer,
  companyId,
}: {
  customer: CustomerAccountDetail;
  companyId: string | null;
}) {
  const { t } = useI18n();
  const companySelectId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [company, setCompany] = useState(companyId ?? customer.companies[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [isAmountTouched, setIsAmountTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const owed = Math.max(0, -customer.account_details.balance);

  const record = useRecordPaymentMutation();

  function handleRecorded(recorded: CustomerPaymentRecorded) {
    setIsOpen(false);
    showFlash({
      type: 'success',
      text: t('customerPayment.recorded', {
        amount: formatMoney(eurosTextToCents(amount) ?? 0),
        notes: recorded.notesPaid,
        owed: formatMoney(recorded.owed),
      }),
    });
  }

  function handleRefused(error: Error) {
    if (error instanceof ApiError && error.code === 'CUSTOMER_PAYMENT_OVER_DEBT') {
      const details = error.details as { owed?: number } | undefined;
      setServerError(t('customerPayment.overDebt', { owed: formatMoney(details?.owed ?? owed) }));
    } else {
      setServerError(
        error instanceof ApiError && error.message ? error.message : t('customerPayment.failed'),
      );
    }
  }

  const problem = customerPaymentAmountProblem(amount);
  const amountError = serverError ?? (isAmountTouched && problem ? t(AMOUNT_PROBLEMS[problem]) : undefined);

  function open() {
    setCompany(companyId ?? customer.companies[0]?.id ?? '');
    // What is owed, in the portal's amount format without its euro sign (the field shows it).
    setAmount(owed > 0 ? formatMoney(owed).replace(/\s€$/, '') : '');
    setReference('');
    setIsAmountTouched(false);
    setServerError(null);
    record.reset();
    setIsOpen(true);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsAmountTouched(true);
    const cents = eurosTextToCents(amount);
    if (problem || cents === null || !company) return;
    record.mutate(
      {
        customerId: customer.id,
        companyId: company,
        amount: cents,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
      },
      { onSuccess: handleRecorded, onError: handleRefused },
    );
  }

  return (
    <>
      <button type="button" className="button button-secondary" onClick={open}>
        {t('customerPayment.open')}
      </button>
      {isOpen ? (
        <Modal
          isOpen
          title={t('customerPayment.title')}
          onClose={() => setIsOpen(false)}
          isClosable={!record.isPending}
          footer={
            <>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setIsOpen(false)}
                disabled={record.isPending}
              >
                {t('customerPayment.cancel')}
              </button>
              <button
                type="submit"
                form={`${companySelectId}-form`}
                className="button button-primary"
                disabled={record.isPending}
                aria-busy={record.isPending}
              >
                {record.isPending ? t('customerPayment.saving') : t('customerPayment.save')}
              </button>
            </>
          }
        >
          <form id={`${companySelectId}-form`} className="customer-payment-form" onSubmit={submit} noValidate>
            <p>{t('customerPayment.explain', { owed: formatMoney(owed) })}</p>
            {customer.companies.length > 1 ? (
              <div className="text-field">
                <label className="text-field-label" htmlFor={companySelectId}>
                  {t('customerPayment.company')}
                </label>
                <select
                  id={companySelectId}
                  value={company}
                  onChange={(event) => setCompany(event.target.value)}
                  disabled={record.isPending}
                >
                  {customer.companies.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.company_name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <TextField
              label={t('customerPayment.amount')}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              autoFocus
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setServerError(null);
              }}
              onBlur={() => setIsAmountTouched(true)}
              suffix="€"
              error={amountError}
              isErrorAnnounced={serverError !== null}
            />
            <TextField
              label={t('customerPayment.reference')}
              type="text"
              autoComplete="off"
              isRequired={false}
              maxLength={CUSTOMER_PAYMENT_REFERENCE_MAX}
              value={reference}
              onChange={setReference}
              hint={t('customerPayment.reference.hint')}
            />
            <p className="customer-detail-hint">{t('customerPayment.signed')}</p>
          </form>
        </Modal>
      ) : null}
    </>
  );
}
