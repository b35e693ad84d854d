import { useState } from 'react';
import { useI18n } from './help.i18n';
import { markHelpVideoSeen, shouldOpenHelpVideo } from './helpVideo';
import { HelpVideoModal } from './HelpVideoModal';
import './help.css';

/** The top bar's help button; the video also opens by itself on a first visit or when it changed. */
export function HelpLink() {
  const { t } = useI18n();
  const [isOpen, setIsOpen] = useState(() => shouldOpenHelpVideo(localStorage));

  function handleClose() {
    markHelpVideoSeen(localStorage);
    setIsOpen(false);
  }

  return (
    <>
      <button
        type="button"
        className="button button-quiet help-link"
        aria-haspopup="dialog"
        title={t('help.linkTitle')}
        onClick={() => setIsOpen(true)}
      >
        <HelpIcon />
        <span className="help-link-label">{t('help.link')}</span>
      </button>
      <HelpVideoModal isOpen={isOpen} onClose={handleClose} />
    </>
  );
}

function HelpIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="12" cy="17.2" r="1.2" fill="currentColor" />
    </svg>
  );
}
