import { Link } from 'react-router';
import { useI18n } from './app.i18n';
import { goToSignIn } from '../api/session';
import { useShell } from '../api/ShellContext';

/**
 * Spec §2.1: the `/404` page, where unknown report ids lead, with a back-to-login button; a signed-in
 * user goes home instead (the sign-in page would only send them back here).
 */
export function Page404() {
  const { t } = useI18n();
  const { authState } = useShell();
  return (
    <div className="page status-page">
      <title>{`${t('shell.page404.title')} · ${t('app.name')}`}</title>
      <p className="status-page-code" aria-hidden="true">
        404
      </p>
      <h1>{t('shell.page404.title')}</h1>
      <p>{t('shell.page404.text')}</p>
      {authState === 'authenticated' ? (
        <Link to="/" className="button button-primary">
          {t('notFound.back')}
        </Link>
      ) : (
        <button type="button" className="button button-primary" onClick={goToSignIn}>
          {t('shell.page404.back')}
        </button>
      )}
    </div>
  );
}
