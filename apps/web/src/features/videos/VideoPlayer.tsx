import { useEffect, useRef } from 'react';
import type { Video, VideoStateEntry } from '@comptoir/contracts';
import { useI18n } from './videos.i18n';
import { resumeTime, videoEvents } from './videoRules';

export interface VideoPlayerHandle {
  /** Stores the position of the video playing, before another one takes its place. */
  pauseIfPlaying: () => void;
}

/**
 * The player of spec 1 §4: playing stores inProgress, pausing stores the position, the end stores
 * watched; a video starts from the position stored for it.
 */
export function VideoPlayer({
  video,
  position,
  count,
  shouldAutoPlay,
  onSave,
  onEnded,
  handleRef,
}: {
  video: Video;
  position: number;
  count: number;
  shouldAutoPlay: boolean;
  onSave: (changes: VideoStateEntry[]) => void;
  onEnded: (video: Video) => void;
  handleRef: { current: VideoPlayerHandle | null };
}) {
  const { t } = useI18n();
  const elementRef = useRef<HTMLVideoElement>(null);
  // The handlers read the latest props: the element lives as long as this video is shown.
  const latest = useRef({ video, onSave });
  latest.current = { video, onSave };

  // Set when the position was stored before pausing, so that the pause event stores nothing more.
  const isPauseStoredRef = useRef(false);

  useEffect(() => {
    const element = elementRef.current;
    const pauseIfPlaying = () => {
      if (!element || element.paused || element.ended) return;
      latest.current.onSave([videoEvents.pause(latest.current.video, element.currentTime)]);
      isPauseStoredRef.current = true;
      element.pause();
    };
    handleRef.current = { pauseIfPlaying };
    // Leaving the page while playing is a pause too.
    return () => {
      pauseIfPlaying();
      handleRef.current = null;
    };
  }, [handleRef]);

  const handleLoadedMetadata = () => {
    const element = elementRef.current;
    if (!element) return;
    const start = resumeTime(video.state);
    if (start > 0 && start < element.duration) element.currentTime = start;
    if (shouldAutoPlay) void element.play().catch(() => undefined);
  };

  return (
    <div className="video-player">
      <video
        ref={elementRef}
        className="video-player-media"
        controls
        preload="metadata"
        width={960}
        height={540}
        poster={video.icon ?? undefined}
        aria-label={video.title}
        data-video-id={video.id}
        onLoadedMetadata={handleLoadedMetadata}
        onPlay={(event) => onSave([videoEvents.play(video, event.currentTarget.currentTime)])}
        onPause={(event) => {
          // The end pauses the element too: `ended` stores watched instead.
          if (event.currentTarget.ended || isPauseStoredRef.current) {
            isPauseStoredRef.current = false;
            return;
          }
          onSave([videoEvents.pause(video, event.currentTarget.currentTime)]);
        }}
        onEnded={() => onEnded(video)}
      >
        <source src={video.link} type="video/webm" />
        {video.captions ? (
          <track
            kind="captions"
            src={video.captions}
            srcLang="fr"
            label={t('videos.player.captions')}
            default
          />
        ) : null}
        {t('videos.player.unsupported')}
      </video>
      <div className="video-player-caption">
        <h2 className="video-player-title">{video.title}</h2>
        <p className="video-player-position">{t('videos.player.position', { position, count })}</p>
      </div>
    </div>
  );
}
