import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useI18n } from '../i18n/useI18n';
import { ErrorState } from '../ui/ErrorState';
import { LoadingState } from '../ui/LoadingState';
import { enterViewAs } from './session';

/** `connect-as/{viewAsCustomerToken}`: opens the customer's session, then the portal from its home. */
export function ConnectAsPage() {
  const { t } = useI18n();
  const { viewAsCustomerToken = '' } = useParams();
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    enterViewAs(viewAsCustomerToken)
      .then(() => window.location.replace('/'))
      .catch(() => {
        if (isCurrent) setHasFailed(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [viewAsCustomerToken]);

  return (
    <div className="page status-page">
      <title>{`${t('shell.connectAs.title')} · ${t('app.name')}`}</title>
      <h1>{t('shell.connectAs.title')}</h1>
      {hasFailed ? (
        <ErrorState message={t('shell.connectAs.error')} />
      ) : (
        <LoadingState label={t('shell.connectAs.pending')} />
      )}
    </div>
  );
}
