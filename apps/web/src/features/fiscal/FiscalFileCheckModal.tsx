import { useId, useState } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { Modal } from '../../ui/Modal';
import { canCheckFiscalFile, isFiscalExportFile, isVerificationKeyFile } from './fiscalFileCheckRules';
import { NotAvailableYetNotice } from './NotAvailableYetNotice';
import './fiscal.css';

/** Integrity check of an archived export (spec 1 §2.4): its .csv file and its .txt verification key. */
export function FiscalFileCheckModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Modal isOpen={isOpen} title={t('fiscal.check.title')} onClose={onClose}>
      <FiscalFileCheckForm />
    </Modal>
  );
}

function FiscalFileCheckForm() {
  const { t } = useI18n();
  const [exportFile, setExportFile] = useState<File | null>(null);
  const [keyFile, setKeyFile] = useState<File | null>(null);
  const [isNoticeShown, setIsNoticeShown] = useState(false);
  const canCheck = canCheckFiscalFile(exportFile, keyFile);

  return (
    <form
      className="fiscal-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canCheck) setIsNoticeShown(true);
      }}
    >
      <p className="fiscal-intro">{t('fiscal.check.intro')}</p>
      <FileField
        label={t('fiscal.check.exportFile')}
        accept=".csv,text/csv"
        error={exportFile && !isFiscalExportFile(exportFile) ? t('fiscal.check.exportFileInvalid') : null}
        onChange={(file) => {
          setExportFile(file);
          setIsNoticeShown(false);
        }}
      />
      <FileField
        label={t('fiscal.check.keyFile')}
        accept=".txt,text/plain"
        error={keyFile && !isVerificationKeyFile(keyFile) ? t('fiscal.check.keyFileInvalid') : null}
        onChange={(file) => {
          setKeyFile(file);
          setIsNoticeShown(false);
        }}
      />
      <NotAvailableYetNotice isShown={isNoticeShown} />
      <div className="fiscal-actions">
        <button type="submit" className="button button-primary" disabled={!canCheck}>
          {t('fiscal.check.submit')}
        </button>
      </div>
    </form>
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
