import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  FISCAL_PERIOD_FIRST_DAY,
  fiscalPeriodLastDay,
  type FiscalArchiveAnswer,
  type FiscalArchiveKind,
  type RegisterKeysResponse,
  parisToday,
} from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import { currentSessionKind } from '../../api/session';
import { userQueries } from '../../api/userQueries';
import { useI18n } from './fiscal-archives.i18n';
import { DateRangeField } from '../../ui/DateRangeField';
import { Modal } from '../../ui/Modal';
import { MessageTypeIcon } from '../../ui/flash/MessageTypeIcon';
import { defaultExportRange, exportRangeError, isValidEmail, type ExportRange } from './fiscalExportRules';
import { requestFiscalArchive } from './fiscalArchivesQueries';
import { fiscalKeysQueries } from '../fiscal-keys/fiscalKeysQueries';
import '../fiscal/fiscal.css';

/** Archived fiscal data export (spec 1 §2.4, §5): a period of one year at most, sent by e-mail. */
export function FiscalExportModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const [isLoading, setIsLoading] = useState(false);
  return (
    <Modal isOpen={isOpen} title={t('fiscal.export.title')} onClose={onClose} isClosable={!isLoading}>
      <FiscalExportForm onLoadingChange={setIsLoading} />
    </Modal>
  );
}

/** The establishments of the registers, once each, in the answer's order (by establishment). */
function registerCompanies(answer: RegisterKeysResponse | undefined): { id: string; company_name: string }[] {
  const byId = new Map<string, string>();
  for (const row of answer?.rows ?? [])
    if (!byId.has(row.companyId)) byId.set(row.companyId, row.companyName);
  return [...byId].map(([id, company_name]) => ({ id, company_name }));
}

/** Rendered only while the modal is open: each opening starts from the default period. */
function FiscalExportForm({ onLoadingChange }: { onLoadingChange: (isLoading: boolean) => void }) {
  const { t } = useI18n();
  // An inspector's archive goes to the address its access was validated for: no field to fill.
  const isInspector = currentSessionKind() === 'fiscal';
  // `user/me` is the account's users' only; an inspector's establishments are those of the registers.
  const user = useQuery({ ...userQueries.me(), enabled: !isInspector });
  const registers = useQuery({ ...fiscalKeysQueries.registers(), enabled: isInspector });
  const [range, setRange] = useState(() => defaultExportRange(parisToday()));
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [chosenCompanyId, setChosenCompanyId] = useState<string | null>(null);
  const exportRequest = useMutation({
    mutationFn: requestFiscalArchive,
    onMutate: () => onLoadingChange(true),
    onSettled: () => onLoadingChange(false),
  });
  const companies = isInspector ? registerCompanies(registers.data) : (user.data?.companies ?? []);
  const companyId = chosenCompanyId ?? companies[0]?.id ?? null;
  const companyFieldId = useId();
  const emailId = useId();
  const emailErrorId = useId();

  const email = isInspector ? '' : (typedEmail ?? user.data?.email ?? '');
  // While the user's address is loading the empty field is neither right nor wrong.
  const isEmailJudged = typedEmail !== null || !user.isPending;
  const isEmailValid = isInspector || isValidEmail(email.trim());
  const rangeError = exportRangeError(range);
  const canExport = rangeError === null && isEmailValid && companyId !== null && !exportRequest.isPending;

  function changeRange(change: Partial<ExportRange>) {
    setRange((current) => ({ ...current, ...change }));
    exportRequest.reset();
  }

  function startExport(kind: FiscalArchiveKind) {
    if (companyId) exportRequest.mutate({ companyId, kind, range, email: email.trim() });
  }

  return (
    <form className="fiscal-form" noValidate onSubmit={(event) => event.preventDefault()}>
      <p className="fiscal-intro">{t('fiscal.export.intro')}</p>
      {companies.length > 1 ? (
        <div className="field">
          <label className="field-label" htmlFor={companyFieldId}>
            {t('fiscal.export.company')}
          </label>
          <select
            id={companyFieldId}
            className="field-input"
            value={companyId ?? ''}
            onChange={(event) => {
              setChosenCompanyId(event.target.value);
              exportRequest.reset();
            }}
          >
            {companies.map((company) => (
              <option key={company.id} value={company.id}>
                {company.company_name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <DateRangeField
        labelClassName="field-label"
        value={{ start: range.startDay, end: range.endDay }}
        onChange={(days) => changeRange({ startDay: days.start, endDay: days.end })}
        min={FISCAL_PERIOD_FIRST_DAY}
        max={fiscalPeriodLastDay()}
        maxSpan={{ years: 1, isAnniversaryIncluded: false }}
        startLabel={t('fiscal.export.startDate')}
        endLabel={t('fiscal.export.endDate')}
        messages={{
          missingDate: t('fiscal.export.errorMissingDates'),
          invalidDate: t('fiscal.export.errorMissingDates'),
          beforeMin: t('fiscal.export.errorOutOfRange'),
          afterMax: t('fiscal.export.errorOutOfRange'),
          reversed: t('fiscal.export.errorReversedDates'),
          tooLong: t('fiscal.export.errorOneYearMax'),
        }}
      />
      {isInspector ? (
        <p className="fiscal-intro">{t('fiscalArchiveGuide.inspectorRecipient')}</p>
      ) : (
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
              exportRequest.reset();
            }}
          />
          {isEmailJudged && !isEmailValid ? (
            <p id={emailErrorId} className="field-error">
              {t('fiscal.export.emailInvalid')}
            </p>
          ) : null}
        </div>
      )}
      <p className="fiscal-intro">{t('fiscalArchiveGuide.exportHint')}</p>
      <ExportOutcome
        isPending={exportRequest.isPending}
        answer={exportRequest.data ?? null}
        error={exportRequest.error}
      />
      <div className="fiscal-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={!canExport}
          onClick={() => startExport('cashing')}
        >
          {t('fiscal.export.cashing')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!canExport}
          onClick={() => startExport('closing')}
        >
          {t('fiscal.export.closing')}
        </button>
      </div>
    </form>
  );
}

/** The progress, then the spec's "no data" or "export processing" answer, or the refusal. */
function ExportOutcome({
  isPending,
  answer,
  error,
}: {
  isPending: boolean;
  answer: FiscalArchiveAnswer | null;
  error: Error | null;
}) {
  const { t } = useI18n();
  let notice: { type: 'info' | 'success' | 'error'; text: string } | null = null;
  if (isPending) notice = { type: 'info', text: t('fiscal.export.loading') };
  else if (answer) {
    notice = answer.hasData
      ? { type: 'success', text: t('fiscal.export.processing') }
      : { type: 'info', text: t('fiscal.export.noData') };
  } else if (error) {
    // A refusal of the request itself (dates, e-mail) says what to change; anything else, to retry.
    const isRefusal = error instanceof ApiError && error.status === 400;
    notice = { type: 'error', text: isRefusal ? error.message : t('fiscal.export.failed') };
  }
  return (
    // The live region stays in the page so that each answer is read when it appears.
    <div role="status" aria-busy={isPending}>
      {notice ? (
        <p className={`fiscal-notice message-tone-${notice.type}`}>
          <MessageTypeIcon type={notice.type} />
          <span>{notice.text}</span>
        </p>
      ) : null}
    </div>
  );
}
