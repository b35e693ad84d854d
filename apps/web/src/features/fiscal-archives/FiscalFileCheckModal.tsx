import { formatBusinessDay } from '@comptoir/contracts';
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { FiscalFileCheckResult } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import { formatFiscalDateTime } from '../../ui/dates';
import { useI18n } from './fiscal-archives.i18n';
import { Modal } from '../../ui/Modal';
import { MessageTypeIcon } from '../../ui/flash/MessageTypeIcon';
import {
  canCheckFiscalFile,
  checkVerdicts,
  isFiscalExportFile,
  isVerificationKeyFile,
} from './fiscalFileCheckRules';
import { uploadForCheck } from './fiscalArchivesQueries';
import '../fiscal/fiscal.css';

/** Integrity check of an archived export (spec 1 §2.4): its .csv file and its .txt verification key. */
export function FiscalFileCheckModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const [isLoading, setIsLoading] = useState(false);
  return (
    <Modal isOpen={isOpen} title={t('fiscal.check.title')} onClose={onClose} isClosable={!isLoading}>
      <FiscalFileCheckForm onLoadingChange={setIsLoading} />
    </Modal>
  );
}

function FiscalFileCheckForm({ onLoadingChange }: { onLoadingChange: (isLoading: boolean) => void }) {
  const { t } = useI18n();
  const [exportFile, setExportFile] = useState<File | null>(null);
  const [keyFile, setKeyFile] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const check = useMutation({
    mutationFn: uploadForCheck,
    onMutate: () => onLoadingChange(true),
    onSettled: () => onLoadingChange(false),
  });
  const canCheck = canCheckFiscalFile(exportFile, keyFile) && !check.isPending;

  if (check.data) {
    return (
      <CheckResult
        result={check.data}
        onAgain={() => {
          check.reset();
          setExportFile(null);
          setKeyFile(null);
          setFormKey((key) => key + 1);
        }}
      />
    );
  }

  let failure: string | null = null;
  if (check.error) {
    const isRefusal = check.error instanceof ApiError && check.error.status < 500 && check.error.message;
    failure = isRefusal ? check.error.message : t('fiscal.check.failed');
  }

  return (
    <form
      key={formKey}
      className="fiscal-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canCheck && exportFile && keyFile) check.mutate({ exportFile, keyFile });
      }}
    >
      <p className="fiscal-intro">{t('fiscal.check.intro')}</p>
      <p className="fiscal-intro">{t('fiscalArchiveGuide.checkHint')}</p>
      <FileField
        label={t('fiscal.check.exportFile')}
        accept=".csv,text/csv"
        error={exportFile && !isFiscalExportFile(exportFile) ? t('fiscal.check.exportFileInvalid') : null}
        onChange={(file) => {
          setExportFile(file);
          check.reset();
        }}
      />
      <FileField
        label={t('fiscal.check.keyFile')}
        accept=".txt,text/plain"
        error={keyFile && !isVerificationKeyFile(keyFile) ? t('fiscal.check.keyFileInvalid') : null}
        onChange={(file) => {
          setKeyFile(file);
          check.reset();
        }}
      />
      <div role="status" aria-busy={check.isPending}>
        {check.isPending || failure ? (
          <p className={`fiscal-notice message-tone-${check.isPending ? 'info' : 'error'}`}>
            <MessageTypeIcon type={check.isPending ? 'info' : 'error'} />
            <span>{check.isPending ? t('fiscal.check.loading') : failure}</span>
          </p>
        ) : null}
      </div>
      <div className="fiscal-actions">
        <button type="submit" className="button button-primary" disabled={!canCheck}>
          {t('fiscal.check.submit')}
        </button>
      </div>
    </form>
  );
}

/** Hash, integrity and authenticity apart, then the history notice and what the key says. */
function CheckResult({ result, onAgain }: { result: FiscalFileCheckResult; onAgain: () => void }) {
  const { t } = useI18n();
  const requester = [result.username, result.email].filter(Boolean).join(' · ');
  return (
    <div className="fiscal-form">
      <div role="status">
        <p
          className={`fiscal-notice fiscal-check-verdict message-tone-${result.isValid ? 'success' : 'error'}`}
        >
          <MessageTypeIcon type={result.isValid ? 'success' : 'error'} />
          <strong>{t(result.isValid ? 'fiscal.check.valid' : 'fiscal.check.invalid')}</strong>
        </p>
      </div>
      <ul className="fiscal-check-results">
        {checkVerdicts(result).map((verdict) => (
          <li key={verdict.key} className={`fiscal-notice message-tone-${verdict.tone}`}>
            <MessageTypeIcon type={verdict.tone} />
            <span>{t(verdict.key, { count: String(result.exportHistoryErrors) })}</span>
          </li>
        ))}
      </ul>
      <dl className="fiscal-check-details">
        {result.export_date ? (
          <>
            <dt>{t('fiscal.check.exportDate')}</dt>
            <dd>{formatFiscalDateTime(result.export_date)}</dd>
          </>
        ) : null}
        {result.opening_export_date && result.closing_export_date ? (
          <>
            <dt>{t('fiscal.check.period')}</dt>
            <dd>
              {t('fiscal.period', {
                start: formatBusinessDay(result.opening_export_date),
                end: formatBusinessDay(result.closing_export_date),
              })}
            </dd>
          </>
        ) : null}
        {result.company ? (
          <>
            <dt>{t('fiscal.check.company')}</dt>
            <dd>{result.company}</dd>
          </>
        ) : null}
        {requester ? (
          <>
            <dt>{t('fiscal.check.requestedBy')}</dt>
            <dd>{requester}</dd>
          </>
        ) : null}
      </dl>
      <div className="fiscal-actions">
        <button type="button" className="button button-secondary" onClick={onAgain}>
          {t('fiscal.check.again')}
        </button>
      </div>
    </div>
  );
}

function FileField({
  label,
  accept,
  error,
  onChange,
}: {
  label: string;
  accept: string;
  error: string | null;
  onChange: (file: File | null) => void;
}) {
  const inputId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={error ? 'field-input field-file is-invalid' : 'field-input field-file'}
        type="file"
        accept={accept}
        required
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
