import type { Video } from '@comptoir/contracts';
import { useI18n } from './videos.i18n';
import { formatVideoTime, type VideoCardState } from './videoRules';

export function VideoCard({
  video,
  cardState,
  onSelect,
}: {
  video: Video;
  cardState: VideoCardState;
  onSelect: (video: Video) => void;
}) {
  const { t } = useI18n();
  const isPaused = cardState === 'default' && video.state?.state === 'paused' && video.state.time > 0;
  return (
    <li className={`video-card video-card-${cardState}`}>
      <button
        type="button"
        className="video-card-button"
        aria-current={cardState === 'reading' ? 'true' : undefined}
        onClick={() => onSelect(video)}
      >
        <span className="video-card-body">
          <span className="video-card-title">{video.title}</span>
          <span className="video-card-state">
            <span className="video-state-dot" aria-hidden="true" />
            <span>
              {t(`videos.state.${cardState}`)}
              {isPaused && video.state ? (
                <span className="video-card-resume">
                  {' · '}
                  {t('videos.card.resume', { time: formatVideoTime(video.state.time) })}
                </span>
              ) : null}
            </span>
          </span>
        </span>
        <span className="video-card-poster">
          {video.icon ? <img src={video.icon} alt="" width={480} height={270} loading="lazy" /> : null}
          <span className="video-card-duration">{formatVideoTime(video.durationSeconds)}</span>
        </span>
      </button>
    </li>
  );
}
