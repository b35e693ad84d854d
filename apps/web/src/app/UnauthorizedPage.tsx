import { Link } from 'react-router';
import { useI18n } from './app.i18n';
import { Icon } from '../ui/Icon';
import type { AccessDecision } from './access';
import { goToSignIn } from '../api/session';

/** Spec §2.1: signed-out visitors and users in the not-authorised state see this page. */
export function UnauthorizedPage({ reason }: { reason: Exclude<AccessDecision, 'allow' | 'pending'> }) {
  const { t } = useI18n();
  const text =
    reason === 'signedOut'
      ? t('shell.unauthorized.signedOut')
      : reason === 'fiscalOnly'
        ? t('shell.unauthorized.fiscal')
        : t('shell.unauthorized.noAccess');
  return (
    <div className="page status-page">
      <title>{`${t('shell.unauthorized.title')} · ${t('app.name')}`}</title>
      <span className="status-page-icon">
        <Icon name="lock" size={40} />
      </span>
      <h1>{t('shell.unauthorized.title')}</h1>
      <p>{text}</p>
      {reason === 'signedOut' ? (
        <button type="button" className="button button-primary" onClick={goToSignIn}>
          {t('shell.unauthorized.signIn')}
        </button>
      ) : (
        <Link
          className="button button-secondary"
          to={reason === 'fiscalOnly' ? '/administration-fiscale' : '/'}
        >
          {t('shell.unauthorized.home')}
        </Link>
      )}
    </div>
  );
}
