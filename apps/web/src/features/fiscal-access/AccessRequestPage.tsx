import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FISCAL_AUTHORITY_EMAIL_DOMAIN, type FiscalAccessExpireType } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import { useShell } from '../../api/ShellContext';
import { useI18n } from './fiscal-access.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { TextField } from '../../ui/TextField';
import { FiscalExportModal } from '../fiscal-archives/FiscalExportModal';
import { FiscalFileCheckModal } from '../fiscal-archives/FiscalFileCheckModal';
import { useRequestFiscalAccessMutation } from './fiscalAccessMutations';
import {
  accessRequestBody,
  accessRequestFieldError,
  canSendAccessRequest,
  DEFAULT_EXPIRE_TYPE,
  EXPIRE_TYPES,
  hasAtSign,
} from './fiscalAccessRules';
import './fiscal-access.css';

/** `/administration-fiscale` for the owner (spec 2 §2): the inspector access request, and the archived data tools. */
export function AccessRequestPage() {
  const { t } = useI18n();
  const [openModal, setOpenModal] = useState<'export' | 'check' | null>(null);
  const archivesTitleId = useId();

  return (
    <div className="page fiscal-access-page">
      <title>{`${t('area.fiscal')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('area.fiscal')}</h1>
        <p className="page-intro">{t('fiscalAccess.request.intro')}</p>
        <p className="fiscal-page-link">
          <Link to="/administration-fiscale/technical-intervention">{t('fiscal.jetLink')}</Link>
        </p>
      </header>
      <div className="fiscal-access-layout">
        <AccessRequestForm />
        <section className="card fiscal-access-card" aria-labelledby={archivesTitleId}>
          <h2 id={archivesTitleId} className="fiscal-access-card-title">
            {t('fiscalAccess.archives.title')}
          </h2>
          <p className="fiscal-access-hint">{t('fiscalAccess.archives.hint')}</p>
          <div className="fiscal-access-actions fiscal-access-actions-start">
            <button type="button" className="button button-secondary" onClick={() => setOpenModal('export')}>
              {t('common.fiscalExport')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setOpenModal('check')}>
              {t('common.fiscalCheck')}
            </button>
          </div>
        </section>
      </div>
      <FiscalExportModal isOpen={openModal === 'export'} onClose={() => setOpenModal(null)} />
      <FiscalFileCheckModal isOpen={openModal === 'check'} onClose={() => setOpenModal(null)} />
    </div>
  );
}

function AccessRequestForm() {
  const { t } = useI18n();
  const { sessionKind, user } = useShell();
  const send = useRequestFiscalAccessMutation();
  const titleId = useId();
  const [expireType, setExpireType] = useState<FiscalAccessExpireType>(DEFAULT_EXPIRE_TYPE);
  const [typedCustomerEmail, setTypedCustomerEmail] = useState<string | null>(null);
  const [askerLocalPart, setAskerLocalPart] = useState('');
  const [isSent, setIsSent] = useState(false);
  // The server's refusal of a field, until that field changes.
  const [refusal, setRefusal] = useState<ReturnType<typeof accessRequestFieldError>>(null);

  // The server refuses support staff and view-as sessions: say so rather than fail on Envoyer.
  const mayRequest = sessionKind === 'user' && user?.type !== 'staff';
  const values = { expireType, customerEmail: typedCustomerEmail ?? user?.email ?? '', askerLocalPart };
  const canSend = mayRequest && canSendAccessRequest(values, isSent) && !send.isPending;
  const askerError = hasAtSign(askerLocalPart)
    ? t('fiscalAccess.request.atSignError')
    : refusal?.field === 'askerEmail'
      ? t(refusal.message)
      : undefined;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSend) return;
    send.mutate(accessRequestBody(values), {
      onSuccess: () => {
        setIsSent(true);
        showFlash({ type: 'success', text: t('fiscalAccess.request.successFlash') });
      },
      onError: (error) => {
        setRefusal(accessRequestFieldError(error instanceof ApiError ? error.code : null));
        showFlash({ type: 'error', text: t('fiscalAccess.request.failure'), isPersistent: true });
      },
    });
  }

  return (
    <section className="card fiscal-access-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="fiscal-access-card-title">
        {t('fiscalAccess.request.title')}
      </h2>
      <p className="fiscal-access-hint">{t('fiscalAccess.request.hint')}</p>
      {mayRequest ? null : <p className="fiscal-access-notice">{t('fiscalAccess.request.holderOnly')}</p>}
      <form className="fiscal-access-form" noValidate onSubmit={handleSubmit}>
        {/* Once sent, the request is done: every control stays as it was sent. */}
        <fieldset className="fiscal-access-fieldset" disabled={isSent}>
          <div className="fiscal-access-field">
            <span className="fiscal-access-label" aria-hidden="true">
              {t('fiscalAccess.request.duration')}
            </span>
            <SegmentedControl
              legend={t('fiscalAccess.request.duration')}
              options={EXPIRE_TYPES.map((value) => ({ value, label: t(`fiscalAccess.duration.${value}`) }))}
              value={expireType}
              onChange={setExpireType}
            />
          </div>
          <TextField
            label={t('fiscalAccess.request.customerEmail')}
            type="email"
            autoComplete="email"
            value={values.customerEmail}
            onChange={(value) => {
              setTypedCustomerEmail(value);
              if (refusal?.field === 'customerEmail') setRefusal(null);
            }}
            hint={t('fiscalAccess.request.customerEmailHint')}
            error={refusal?.field === 'customerEmail' ? t(refusal.message) : undefined}
            isErrorAnnounced
          />
          <TextField
            label={t('fiscalAccess.request.askerEmail')}
            type="text"
            autoComplete="off"
            value={askerLocalPart}
            onChange={(value) => {
              setAskerLocalPart(value);
              if (refusal?.field === 'askerEmail') setRefusal(null);
            }}
            suffix={`@${FISCAL_AUTHORITY_EMAIL_DOMAIN}`}
            hint={t('fiscalAccess.request.askerEmailHint')}
            error={askerError}
            isErrorAnnounced
          />
        </fieldset>
        <div className="fiscal-access-actions">
          <button type="submit" className="button button-primary" disabled={!canSend}>
            {send.isPending ? t('fiscalAccess.request.sending') : t('fiscalAccess.request.submit')}
          </button>
        </div>
        {isSent ? (
          <p className="fiscal-access-sent" role="status">
            {t('fiscalAccess.request.success')}
          </p>
        ) : null}
      </form>
    </section>
  );
}
