import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '../../app/userQueries';
import type { MessageKey } from '../../i18n/i18n';
import { parisToday } from '../../ui/dates';
import { useI18n } from '../../i18n/useI18n';
import { Modal } from '../../ui/Modal';
import {
  defaultExportRange,
  exportDayBounds,
  exportRangeError,
  isValidEmail,
  type ExportRange,
  type ExportRangeError,
} from './fiscalExportRules';
import { NotAvailableYetNotice } from './NotAvailableYetNotice';
import './fiscal.css';

const RANGE_ERROR_MESSAGES: Record<ExportRangeError, MessageKey> = {
  missingDates: 'fiscal.export.errorMissingDates',
  reversedDates: 'fiscal.export.errorReversedDates',
  overOneYear: 'fiscal.export.errorOneYearMax',
};

/** Archived fiscal data export (spec 1 §2.4, §5): a period of one year at most, sent by e-mail. */
export function FiscalExportModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Modal isOpen={isOpen} title={t('fiscal.export.title')} onClose={onClose}>
      <FiscalExportForm />
    </Modal>
  );
}

/** Rendered only while the modal is open: each opening starts from the default period. */
function FiscalExportForm() {
  const { t } = useI18n();
  const user = useQuery(userQueries.me());
  const [range, setRange] = useState(() => defaultExportRange(parisToday()));
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [isNoticeShown, setIsNoticeShown] = useState(false);
  const startId = useId();
  const endId = useId();
  const emailId = useId();
  const rangeErrorId = useId();
  const emailErrorId = useId();

  const email = typedEmail ?? user.data?.email ?? '';
  // While the user's address is loading the empty field is neither right nor wrong.
  const isEmailJudged = typedEmail !== null || !user.isPending;
  const isEmailValid = isValidEmail(email.trim());
  const rangeError = exportRangeError(range);
  const bounds = exportDayBounds(range);
  const canExport = rangeError === null && isEmailValid;

  function changeRange(change: Partial<ExportRange>) {
    setRange((current) => ({ ...current, ...change }));
    setIsNoticeShown(false);
  }

  return (
    <form className="fiscal-form" noValidate onSubmit={(event) => event.preventDefault()}>
      <p className="fiscal-intro">{t('fiscal.export.intro')}</p>
      <div className="field">
        <div className="fiscal-dates">
          <div className="field">
            <label className="field-label" htmlFor={startId}>
              {t('fiscal.export.startDate')}
            </label>
            <input
              id={startId}
              className={rangeError ? 'field-input is-invalid' : 'field-input'}
              type="date"
              required
              value={range.startDay}
              min={bounds.start.min}
              max={bounds.start.max}
              aria-invalid={rangeError !== null}
              aria-describedby={rangeError ? rangeErrorId : undefined}
              onChange={(event) => changeRange({ startDay: event.target.value })}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={endId}>
              {t('fiscal.export.endDate')}
            </label>
            <input
              id={endId}
              className={rangeError ? 'field-input is-invalid' : 'field-input'}
              type="date"
              required
              value={range.endDay}
              min={bounds.end.min}
              max={bounds.end.max}
              aria-invalid={rangeError !== null}
              aria-describedby={rangeError ? rangeErrorId : undefined}
              onChange={(event) => changeRange({ endDay: event.target.value })}
            />
          </div>
        </div>
        {rangeError ? (
          <p id={rangeErrorId} className="field-error">
            {t(RANGE_ERROR_MESSAGES[rangeError])}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label className="field-label" htmlFor={emailId}>
          {t('fiscal.export.email')}
        </label>
        <input
          id={emailId}
          className={`field-input${isEmailJudged ? (isEmailValid ? ' is-valid' : ' is-invalid') : ''}`}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          value={email}
          aria-invalid={isEmailJudged && !isEmailValid}
          aria-describedby={isEmailJudged && !isEmailValid ? emailErrorId : undefined}
          onChange={(event) => {
            setTypedEmail(event.target.value);
            setIsNoticeShown(false);
          }}
        />
        {isEmailJudged && !isEmailValid ? (
          <p id={emailErrorId} className="field-error">
            {t('fiscal.export.emailInvalid')}
          </p>
        ) : null}
      </div>
      <NotAvailableYetNotice isShown={isNoticeShown} />
      <div className="fiscal-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={!canExport}
          onClick={() => setIsNoticeShown(true)}
        >
          {t('fiscal.export.cashing')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!canExport}
          onClick={() => setIsNoticeShown(true)}
        >
          {t('fiscal.export.closing')}
        </button>
      </div>
    </form>
  );
}
