import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { STORAGE_KEYS } from '../../api/constants';
import { userQueries } from '../../api/userQueries';
import { useI18n } from './account-migration.i18n';
import { Modal } from '../../ui/Modal';
import { MIGRATION_STEP_1_PATH } from './migrationPaths';
import { MIGRATION_NOTICE_SHOWN_KEY, shouldShowMigrationNotice } from './migrationNotice';
import './account-migration.css';

/** Spec 1 §2.4: asks a legacy login's holder, once per session, to change the login details. */
export function AccountMigrationNotice() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hasFiscalToken = localStorage.getItem(STORAGE_KEYS.fiscalAccessToken) !== null;
  const hasViewAsToken = localStorage.getItem(STORAGE_KEYS.viewAsAccessToken) !== null;
  const user = useQuery({ ...userQueries.me(), enabled: !hasFiscalToken && !hasViewAsToken });
  const [isOpen, setIsOpen] = useState(false);

  useEffect(() => {
    if (isOpen || !user.data) return;
    const isDue = shouldShowMigrationNotice({
      user: user.data,
      pathname,
      hasFiscalToken,
      hasViewAsToken,
      wasShownThisSession: sessionStorage.getItem(MIGRATION_NOTICE_SHOWN_KEY) !== null,
    });
    if (!isDue) return;
    sessionStorage.setItem(MIGRATION_NOTICE_SHOWN_KEY, '1');
    setIsOpen(true);
  }, [isOpen, user.data, pathname, hasFiscalToken, hasViewAsToken]);

  function handleChange() {
    setIsOpen(false);
    void navigate(MIGRATION_STEP_1_PATH);
  }

  return (
    <Modal
      isOpen={isOpen}
      title={t('accountMigration.notice.title')}
      onClose={() => setIsOpen(false)}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={() => setIsOpen(false)}>
            {t('accountMigration.notice.later')}
          </button>
          <button type="button" className="button button-primary" onClick={handleChange}>
            {t('accountMigration.notice.change')}
          </button>
        </>
      }
    >
      <div className="migration-notice">
        <p>{t('accountMigration.notice.text')}</p>
        <p className="migration-notice-warning">{t('accountMigration.notice.notHolder')}</p>
      </div>
    </Modal>
  );
}
