import { useState } from 'react';
import { Link } from 'react-router';
import { SPONSORSHIP_REWARD_LABEL } from '@comptoir/contracts';
import { useShell } from '../api/ShellContext';
import { useI18n } from './app.i18n';
import { Icon } from '../ui/Icon';
import { Modal } from '../ui/Modal';

/**
 * Spec §2.3: refer a friend and receive 100 euros; the top bar shows it in French only and never to
 * customer-space users. The offer leads to the referral page, where the invitation is sent.
 */
export function SponsorshipLink() {
  const { t } = useI18n();
  const { user } = useShell();
  const [isOpen, setIsOpen] = useState(false);
  // A non-breaking space: « 100 € » never splits across lines.
  const amount = SPONSORSHIP_REWARD_LABEL;
  // The referral page is the account holder's: a sub-user is not offered it.
  if (user?.type === 'sub_user') return null;
  return (
    <>
      <button type="button" className="topbar-button topbar-sponsorship" onClick={() => setIsOpen(true)}>
        <Icon name="gift" size={20} />
        <span className="topbar-button-label">{t('shell.sponsorship.link')}</span>
      </button>
      <Modal
        isOpen={isOpen}
        title={t('shell.sponsorship.title', { amount })}
        onClose={() => setIsOpen(false)}
        size="small"
        footer={
          <Link className="button button-primary" to="/parrainage" onClick={() => setIsOpen(false)}>
            <Icon name="mail" size={18} />
            <span>{t('shell.sponsorship.share')}</span>
          </Link>
        }
      >
        <p>{t('shell.sponsorship.text', { amount })}</p>
      </Modal>
    </>
  );
}
