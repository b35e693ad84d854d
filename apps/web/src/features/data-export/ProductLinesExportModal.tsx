import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DataExportErrorCode } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import { userQueries } from '../../api/userQueries';
import type { MessageKey } from './data-export.i18n';
import { useI18n } from './data-export.i18n';
import { DateRangeField } from '../../ui/DateRangeField';
import { showFlash } from '../../ui/flash/flashStore';
import { InputField } from '../../ui/InputField';
import { Modal } from '../../ui/Modal';
import {
  defaultPeriod,
  hasProblem,
  productLinesExportProblems,
  productLinesExportQueryOf,
} from './productLinesExportForm';
import { useProductLinesExportMutation } from './useProductLinesExportMutation';
import './data-export.css';

const ERROR_MESSAGES: Record<DataExportErrorCode, MessageKey> = {
  FEATURE_DISABLED: 'dataExport.error.FEATURE_DISABLED',
  INVALID_EMAIL: 'dataExport.error.INVALID_EMAIL',
  INVALID_DATE: 'dataExport.error.INVALID_DATE',
  REVERSED_DATES: 'dataExport.error.REVERSED_DATES',
  PERIOD_TOO_LONG: 'dataExport.error.PERIOD_TOO_LONG',
};

function errorMessageKey(error: unknown): MessageKey {
  if (error instanceof ApiError && error.code in ERROR_MESSAGES) {
    return ERROR_MESSAGES[error.code as DataExportErrorCode];
  }
  return 'common.error';
}

/** Spec 1 §2.4: start date, end date, e-mail, validate; cannot be closed while exporting. */
export function ProductLinesExportModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  // Mounted only while open: each opening starts again from the defaults.
  return isOpen ? <ProductLinesExportDialog onClose={onClose} /> : null;
}

function ProductLinesExportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const formId = useId();
  const user = useQuery(userQueries.me());
  const exportMutation = useProductLinesExportMutation();
  const [period, setPeriod] = useState(() => defaultPeriod());
  const [typedEmail, setTypedEmail] = useState<string | null>(null);

  const email = typedEmail ?? user.data?.email ?? '';
  const form = { ...period, email };
  const problems = productLinesExportProblems(form);
  const isExporting = exportMutation.isPending;
  const canValidate = !hasProblem(problems) && !isExporting;
  const isEmailErrorShown = typedEmail !== null || email !== '';

  function handleChange(change: () => void) {
    exportMutation.reset();
    change();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canValidate) return;
    const query = productLinesExportQueryOf(form);
    exportMutation.mutate(query, {
      onSuccess: () => {
        showFlash({ type: 'success', text: t('dataExport.sent', { email: query.email }) });
        onClose();
      },
    });
  }

  return (
    <Modal
      isOpen
      title={t('dataExport.productLines.title')}
      onClose={onClose}
      isClosable={!isExporting}
      size="small"
      footer={
        <>
          <button
            type="button"
            className="button button-secondary product-lines-export-action"
            onClick={onClose}
            disabled={isExporting}
          >
            {t('dataExport.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className="button button-primary product-lines-export-action"
            disabled={!canValidate}
          >
            {t('dataExport.validate')}
          </button>
        </>
      }
    >
      <form id={formId} className="product-lines-export" onSubmit={handleSubmit} noValidate>
        <p className="product-lines-export-intro">{t('dataExport.productLines.intro')}</p>
        <DateRangeField
          value={{ start: period.startDay, end: period.endDay }}
          onChange={(days) =>
            handleChange(() =>
              setPeriod((current) => ({ ...current, startDay: days.start, endDay: days.end })),
            )
          }
          maxSpan={{ years: 1, isAnniversaryIncluded: true }}
          startLabel={t('dataExport.startDate')}
          endLabel={t('dataExport.endDate')}
          isDisabled={isExporting}
          messages={{
            missingDate: t(ERROR_MESSAGES.INVALID_DATE),
            invalidDate: t(ERROR_MESSAGES.INVALID_DATE),
            reversed: t(ERROR_MESSAGES.REVERSED_DATES),
            tooLong: t(ERROR_MESSAGES.PERIOD_TOO_LONG),
          }}
        />
        <ExportField
          label={t('dataExport.email')}
          error={isEmailErrorShown && problems.email ? t(ERROR_MESSAGES[problems.email]) : null}
          isValid={problems.email === null}
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          value={email}
          disabled={isExporting}
          onChange={(event) => {
            const typed = event.target.value;
            handleChange(() => setTypedEmail(typed));
          }}
        />
        {isExporting ? (
          <p className="product-lines-export-progress" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('dataExport.exporting')}
          </p>
        ) : null}
        {exportMutation.isError ? (
          <p className="product-lines-export-failure" role="alert">
            {t(errorMessageKey(exportMutation.error))}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

function ExportField({
  error,
  isValid = false,
  ...input
}: { label: string; error: string | null; isValid?: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  const state = error ? 'is-invalid' : isValid ? 'is-valid' : '';
  return (
    <InputField
      className={`product-lines-export-field ${state}`}
      errorClassName="product-lines-export-field-error"
      error={error}
      {...input}
    />
  );
}
