import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useI18n } from './account-migration.i18n';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { useVerifyEmailMutation } from './accountMigrationMutations';
import { CHECK_SUCCESS_REDIRECT_MS, checkNewEmailStatus } from './migrationRules';
import './account-migration.css';

/** `/check-new-email?verificationToken=`: the link mailed to the new address (spec 2 §2, §4, §8). */
export function CheckNewEmailPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('verificationToken');
  const { mutate, data, isError } = useVerifyEmailMutation();
  const hasSent = useRef(false);

  useEffect(() => {
    // A link works once: a second call (StrictMode, re-render) would answer that it was used.
    if (!token || hasSent.current) return;
    hasSent.current = true;
    mutate(token);
  }, [token, mutate]);

  const status = checkNewEmailStatus({ token, isError, answer: data });

  useEffect(() => {
    if (status !== 'success') return;
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), CHECK_SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  return (
    <div className="page migration-page">
      <title>{`${t('accountMigration.check.title')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('accountMigration.check.title')}</h1>
      </header>
      <div className="card migration-card">
        {status === 'pending' ? <LoadingState label={t('accountMigration.check.pending')} /> : null}
        {status === 'success' ? (
          <div className="migration-sent" role="status">
            <p>{t('accountMigration.check.success')}</p>
            <p className="migration-hint">{t('accountMigration.check.redirect')}</p>
          </div>
        ) : null}
        {status === 'failed' ? <ErrorState message={t('accountMigration.check.error1')} /> : null}
        {status === 'expired' ? <ErrorState message={t('accountMigration.check.error2')} /> : null}
        {status !== 'pending' ? (
          <div className="migration-actions">
            <Link to="/" className="button button-primary">
              {t('accountMigration.backHome')}
            </Link>
          </div>
        ) : null}
      </div>
    </div>
  );
}
