import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '../../api/api';
import { enterFiscalSession } from '../../api/session';
import { useI18n } from './fiscal-access.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { TextField } from '../../ui/TextField';
import { useFiscalSignInMutation } from './fiscalAccessMutations';
import { canSignIn, tokenFromSearch } from './fiscalAccessRules';
import './fiscal-access.css';

/** Where the inspector's session starts: the closures list. */
const FISCAL_HOME_PATH = '/administration-fiscale';
/** Long enough to read the success message before the portal reloads in the fiscal session. */
const REDIRECT_DELAY_MS = 900;

/**
 * `/fisc-connect-as` (public, spec 2 §2): the inspector's e-mail and the mailed token open a fiscal
 * session. The portal then reloads, as it picks the session kind when it starts; a user session of
 * this browser stays behind the fiscal one until the inspector signs out.
 */
export function FiscConnectAsPage() {
  const { t } = useI18n();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [token, setToken] = useState(() => tokenFromSearch(search));
  const signIn = useFiscalSignInMutation();
  const isLeaving = signIn.isSuccess;
  const canSubmit = canSignIn(email, token) && !signIn.isPending && !isLeaving;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    signIn.mutate(
      { askerEmail: email.trim(), token: token.trim() },
      {
        onSuccess: (pair) => {
          enterFiscalSession(pair);
          showFlash({ type: 'success', text: t('fiscalAccess.signIn.successFlash') });
          window.setTimeout(() => window.location.assign(FISCAL_HOME_PATH), REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          const status = error instanceof ApiError ? error.status : 0;
          const text =
            status === 429
              ? t('fiscalAccess.signIn.tooManyAttempts')
              : status === 401 || status === 400
                ? t('fiscalAccess.signIn.refused')
                : t('fiscalAccess.request.failure');
          showFlash({ type: 'error', text });
        },
      },
    );
  }

  return (
    <div className="page fiscal-access-page fiscal-sign-in-page">
      <title>{`${t('area.fiscConnect')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('area.fiscConnect')}</h1>
        <p className="page-intro">{t('fiscalAccess.signIn.intro')}</p>
      </header>
      <form className="card fiscal-access-card fiscal-access-form" noValidate onSubmit={handleSubmit}>
        <TextField
          label={t('fiscalAccess.signIn.email')}
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={setEmail}
        />
        <TextField
          label={t('fiscalAccess.signIn.token')}
          type="text"
          autoComplete="off"
          value={token}
          onChange={setToken}
        />
        <div className="fiscal-access-actions">
          <button type="submit" className="button button-primary" disabled={!canSubmit}>
            {signIn.isPending || isLeaving
              ? t('fiscalAccess.signIn.connecting')
              : t('fiscalAccess.signIn.submit')}
          </button>
        </div>
        {isLeaving ? (
          <p className="fiscal-access-sent" role="status">
            {t('fiscalAccess.signIn.success')}
          </p>
        ) : null}
      </form>
    </div>
  );
}
