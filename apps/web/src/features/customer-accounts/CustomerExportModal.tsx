import { parisToday } from '@comptoir/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { userQueries } from '../../api/userQueries';
import { useI18n } from './customer-accounts.i18n';
import { DateRangeField } from '../../ui/DateRangeField';
import { showFlash } from '../../ui/flash/flashStore';
import { Modal } from '../../ui/Modal';
import { useCustomerDataExportMutation, type CustomerDataExportKind } from './customerAccounts.queries';
import { customerExportBody, customerExportProblem, defaultCustomerPeriod } from './customerListRules';

/**
 * Export customer data (spec 3 §2, §5, §7): a period of one year at most and an e-mail; "Tous les
 * comptes" and "Ventes impayées" each mail an XLSX. An invalid e-mail disables both; the modal cannot
 * be closed while the request runs.
 */
export function CustomerExportModal({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const emailId = useId();
  const user = useQuery(userQueries.me());
  const exportMutation = useCustomerDataExportMutation();
  const [period, setPeriod] = useState(() => defaultCustomerPeriod(parisToday()));
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const email = typedEmail ?? user.data?.email ?? '';
  const problem = customerExportProblem(period.start, period.end, email);
  const isWorking = exportMutation.isPending;

  function handleExport(kind: CustomerDataExportKind) {
    if (problem !== null) return;
    exportMutation.mutate(
      { kind, body: customerExportBody(period.start, period.end, email) },
      {
        onSuccess: ({ data }) =>
          showFlash(
            data
              ? { type: 'info', text: t('customerExport.processing') }
              : { type: 'warning', text: t('customerExport.noData') },
          ),
        onError: () => showFlash({ type: 'error', text: t('customerExport.failed'), isPersistent: true }),
      },
    );
  }

  return (
    <Modal
      isOpen
      title={t('customerExport.title')}
      onClose={onClose}
      isClosable={!isWorking}
      size="small"
      footer={
        <>
          <button
            type="button"
            className="button button-secondary"
            disabled={problem !== null || isWorking}
            onClick={() => handleExport('all-customers')}
          >
            {t('customerExport.allCustomers')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={problem !== null || isWorking}
            onClick={() => handleExport('unpaid-sales')}
          >
            {t('customerExport.unpaidSales')}
          </button>
        </>
      }
    >
      <div className="customer-form">
        <DateRangeField
          className="customer-form-wide"
          value={period}
          onChange={(range) => {
            exportMutation.reset();
            setPeriod(range);
          }}
          maxSpan={{ years: 1, isAnniversaryIncluded: true }}
          startLabel={t('customerExport.startDate')}
          endLabel={t('customerExport.endDate')}
          isDisabled={isWorking}
          messages={{ reversed: t('customerExport.reversedDates'), tooLong: t('customerExport.oneYearMax') }}
        />
        <div
          className={`customer-form-field customer-form-wide ${problem === 'emailInvalid' && email ? 'is-invalid' : ''}`}
        >
          <label htmlFor={emailId}>{t('customerExport.email')}</label>
          <input
            id={emailId}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={email}
            disabled={isWorking}
            aria-invalid={problem === 'emailInvalid' ? true : undefined}
            aria-describedby={problem === 'emailInvalid' ? `${emailId}-error` : undefined}
            onChange={(event) => setTypedEmail(event.target.value)}
          />
          {problem === 'emailInvalid' ? (
            <p id={`${emailId}-error`} className="customer-form-error">
              {t('customerExport.emailInvalid')}
            </p>
          ) : null}
        </div>
        {isWorking ? (
          <p className="customer-form-status customer-form-wide" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('customerExport.working')}
          </p>
        ) : null}
        {exportMutation.data ? (
          <p className="customer-form-status customer-form-wide" role="status">
            {t(exportMutation.data.data ? 'customerExport.processing' : 'customerExport.noData')}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
