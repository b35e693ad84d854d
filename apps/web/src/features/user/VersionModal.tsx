import { useQuery } from '@tanstack/react-query';
import type { Informations } from '@comptoir/contracts';
import type { MessageKey } from './user.i18n';
import { useI18n } from './user.i18n';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { Modal } from '../../ui/Modal';
import { informationsQueries } from './informationsQueries';
import './user.css';

/** Spec 1 §2.4: the four component versions, in this order. */
const VERSION_ROWS: readonly { label: MessageKey; field: keyof Informations }[] = [
  { label: 'user.reportingClient', field: 'reportingClientVersion' },
  { label: 'user.reportingServer', field: 'reportingServerVersion' },
  { label: 'user.fiscalModuleClient', field: 'fiscalModuleClientVersion' },
  { label: 'user.fiscalModuleServer', field: 'fiscalModuleServerVersion' },
];

export function VersionModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const informations = useQuery({ ...informationsQueries.versions(), enabled: isOpen });

  return (
    <Modal isOpen={isOpen} title={t('user.title')} onClose={onClose} size="small">
      {informations.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : informations.isError ? (
        <ErrorState
          message={t('common.error')}
          retryLabel={t('common.retry')}
          onRetry={() => void informations.refetch()}
        />
      ) : (
        <div className="versions">
          <dl className="version-list">
            {VERSION_ROWS.map(({ label, field }) => (
              <div key={field} className="version-row">
                <dt>{t(label)}</dt>
                <dd>{informations.data[field]}</dd>
              </div>
            ))}
          </dl>
          <p className="version-labels">
            {t('user.uiAndApp', {
              ui: informations.data.uiVersion,
              app: informations.data.appVersion,
            })}
          </p>
        </div>
      )}
    </Modal>
  );
}
