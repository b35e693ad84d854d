import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Video, VideoStateEntry } from '@comptoir/contracts';
import { useNavigate } from 'react-router';
import { useShell } from '../../api/ShellContext';
import { useI18n } from './videos.i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { showFlash } from '../../ui/flash/flashStore';
import { LoadingState } from '../../ui/LoadingState';
import { VideoCard } from './VideoCard';
import { writeVideoCookies } from './videoCookies';
import { VideoPlayer, type VideoPlayerHandle } from './VideoPlayer';
import {
  initialVideoId,
  nextUnwatchedId,
  statesOf,
  videoCardState,
  videoEvents,
  withChanges,
} from './videoRules';
import { useSaveVideoStatesMutation, videoQueries } from './videos.queries';
import './videos.css';

const CARD_STATES = ['default', 'reading', 'paused', 'read'] as const;

/**
 * The training videos (spec 1 §2.8, spec 3 §4): the player, the legend and the seven cards.
 * `videos-suite` is the same page; the shell hides its header for the suite's users.
 */
export function VideosPage({ isSuitePage = false }: { isSuitePage?: boolean }) {
  const { t, language } = useI18n();
  const { isSuite } = useShell();
  const list = useQuery(videoQueries.list(language));
  const save = useSaveVideoStatesMutation(language);
  // undefined until the user picks a video or one ends: the rule of spec 1 §4 chooses meanwhile.
  const [selectedId, setSelectedId] = useState<string | null | undefined>(undefined);
  const [shouldAutoPlay, setShouldAutoPlay] = useState(false);
  const playerRef = useRef<VideoPlayerHandle | null>(null);
  const playerSectionRef = useRef<HTMLElement>(null);
  const videos = list.data?.videos;

  // The cookies of spec 3 §9 mirror the server's states (see videoCookies.ts).
  useEffect(() => {
    if (videos) writeVideoCookies(statesOf(videos));
  }, [videos]);

  const title = t('area.videos');
  // On the suite's page without header, the shell shows the way back: the page does not repeat it.
  const isBackShown = !(isSuitePage && isSuite);

  if (list.isPending)
    return (
      <Frame title={title} isBackShown={isBackShown} body={<LoadingState label={t('videos.loading')} />} />
    );
  if (list.isError || !videos) {
    return (
      <Frame
        title={title}
        isBackShown={isBackShown}
        body={
          <ErrorState
            message={t('videos.error')}
            retryLabel={t('videos.retry')}
            onRetry={() => void list.refetch()}
          />
        }
      />
    );
  }
  if (videos.length === 0) {
    return (
      <Frame
        title={title}
        isBackShown={isBackShown}
        body={<EmptyState title={t('videos.empty')} hint={t('videos.empty.hint')} />}
      />
    );
  }

  const currentId = selectedId === undefined ? initialVideoId(videos) : selectedId;
  const current = videos.find((video) => video.id === currentId) ?? null;

  const handleSave = (changes: VideoStateEntry[]) => {
    save.mutate(changes, { onError: () => showFlash({ type: 'error', text: t('videos.saveError') }) });
  };

  const handleSelect = (video: Video) => {
    if (video.id !== currentId) {
      playerRef.current?.pauseIfPlaying();
      setSelectedId(video.id);
    }
    setShouldAutoPlay(true);
    playerSectionRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const handleEnded = (video: Video) => {
    const end = videoEvents.end(video);
    handleSave([end]);
    // Spec 3 §4: on to the next unwatched video; none left, the player is empty.
    setSelectedId(nextUnwatchedId(withChanges(videos, [end]), video.id));
    setShouldAutoPlay(false);
  };

  const body = (
    <>
      <section ref={playerSectionRef} className="videos-stage" aria-label={t('videos.player.label')}>
        {current ? (
          <VideoPlayer
            key={current.id}
            video={current}
            position={videos.indexOf(current) + 1}
            count={videos.length}
            shouldAutoPlay={shouldAutoPlay}
            onSave={handleSave}
            onEnded={handleEnded}
            handleRef={playerRef}
          />
        ) : (
          <div className="video-player video-player-empty">
            <EmptyState title={t('videos.player.allWatched')} hint={t('videos.player.allWatched.hint')} />
          </div>
        )}
        <aside className="videos-legend" aria-label={t('videos.legend.title')}>
          <h2 className="section-title">{t('videos.legend.title')}</h2>
          <ul>
            {CARD_STATES.map((state) => (
              <li key={state} className={`video-card-${state}`}>
                <span className="video-state-dot" aria-hidden="true" />
                {t(`videos.state.${state}`)}
              </li>
            ))}
          </ul>
        </aside>
      </section>
      <section aria-labelledby="videos-list-title">
        <h2 id="videos-list-title" className="section-title">
          {t('videos.list.title')}
        </h2>
        <ul className="video-grid">
          {videos.map((video) => (
            <VideoCard
              key={video.id}
              video={video}
              cardState={videoCardState(video, currentId)}
              onSelect={handleSelect}
            />
          ))}
        </ul>
      </section>
    </>
  );

  return <Frame title={title} isBackShown={isBackShown} body={body} />;
}

/** The page's title, intro and go-back control (spec 3 §4) around its body. */
function Frame({ title, isBackShown, body }: { title: string; isBackShown: boolean; body: ReactNode }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  // Back where the user came from; home when the page was opened directly.
  const handleBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate('/'));
  };
  return (
    <div className="page videos-page">
      <title>{`${title} · ${t('app.name')}`}</title>
      <header className="page-header videos-header">
        <div>
          <h1>{title}</h1>
          <p className="page-intro">{t('videos.intro')}</p>
        </div>
        {isBackShown ? (
          <button type="button" className="button button-secondary" onClick={handleBack}>
            {t('videos.back')}
          </button>
        ) : null}
      </header>
      {body}
    </div>
  );
}
