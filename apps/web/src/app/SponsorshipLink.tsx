import { useState } from 'react';
import { useI18n } from '../i18n/useI18n';
import { Icon } from '../ui/Icon';
import { Modal } from '../ui/Modal';
import { SPONSORSHIP_REWARD_EUROS } from './constants';

/** Spec §2.3: refer a friend and receive 100 euros; the lead shows it in French only. */
export function SponsorshipLink() {
  const { t } = useI18n();
  const [isOpen, setIsOpen] = useState(false);
  const amount = `${SPONSORSHIP_REWARD_EUROS} €`;
  const mailto = `mailto:?subject=${encodeURIComponent(t('shell.sponsorship.mailSubject'))}&body=${encodeURIComponent(
    t('shell.sponsorship.mailBody'),
  )}`;
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
          <a className="button button-primary" href={mailto}>
            <Icon name="mail" size={18} />
            <span>{t('shell.sponsorship.share')}</span>
          </a>
        }
      >
        <p>{t('shell.sponsorship.text', { amount })}</p>
      </Modal>
    </>
  );
}
