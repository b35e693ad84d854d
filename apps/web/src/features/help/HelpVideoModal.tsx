import { useId } from 'react';
import type { MessageKey } from './help.i18n';
import { useI18n } from './help.i18n';
import { Modal } from '../../ui/Modal';
import { HELP_VIDEO_ID, helpVideoSources } from './helpVideo';
import './help.css';

/** The video's slides, in order: the text alternative below the player. */
const SLIDES: readonly MessageKey[] = [
  'help.video.slide.welcome',
  'help.video.slide.sales',
  'help.video.slide.closures',
  'help.video.slide.exports',
  'help.video.slide.help',
];

export function HelpVideoModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const transcriptTitleId = useId();
  const sources = helpVideoSources(HELP_VIDEO_ID, import.meta.env.BASE_URL);

  return (
    <Modal
      isOpen={isOpen}
      title={t('help.video.title')}
      onClose={onClose}
      size="large"
      footer={
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('help.video.done')}
        </button>
      }
    >
      <div className="help-video">
        <video className="help-video-player" controls preload="metadata" width={960} height={540}>
          <source src={sources.video} type="video/webm" />
          <track kind="captions" src={sources.frenchCaptions} srcLang="fr" label={t('help.video.captions')} />
          {t('help.video.unsupported')}
        </video>
        <section className="help-video-transcript" aria-labelledby={transcriptTitleId}>
          <h3 id={transcriptTitleId} className="help-video-transcript-title">
            {t('help.video.transcript')}
          </h3>
          <ol>
            {SLIDES.map((slide) => (
              <li key={slide}>{t(slide)}</li>
            ))}
          </ol>
        </section>
      </div>
    </Modal>
  );
}
