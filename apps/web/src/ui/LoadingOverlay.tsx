import { useEffect, useId, useReducer, type CSSProperties } from 'react';
import { useUiI18n } from './useUiI18n';
import { useModalDialog } from './useModalDialog';
import { BOUNCE_DURATION_MS, bounceGameReducer, initialBounceGame } from './bounceGame';
import { Logo } from './Logo';
import './loading-overlay.css';

/**
 * Full-screen overlay shown while a report loads (spec 1 §2.5). The page behind is inert while it is
 * shown. `title` is already translated; by default "Chargement de votre rapport…".
 */
export function LoadingOverlay({ isShown, title }: { isShown: boolean; title?: string }) {
  const { t } = useUiI18n();
  const dialog = useModalDialog(isShown);
  const titleId = useId();

  return (
    <dialog
      ref={dialog}
      className="loading-overlay"
      aria-labelledby={titleId}
      // The overlay follows the loading, not the user: Escape does not close it.
      onCancel={(event) => event.preventDefault()}
    >
      {isShown ? (
        <div className="loading-overlay-content">
          <div className="loading-overlay-logo">
            <Logo size={72} />
          </div>
          <p id={titleId} className="loading-overlay-title" role="status">
            {title ?? t('ui.loading.title')}
          </p>
          <BounceGame />
        </div>
      ) : null}
    </dialog>
  );
}

/** Mounted with the overlay's content, so each showing starts a new game. */
function BounceGame() {
  const { t, plural } = useUiI18n();
  const [game, dispatch] = useReducer(bounceGameReducer, initialBounceGame);
  const counterId = useId();

  // The landing is timed rather than read from `animationend`: with reduced motion there is no animation.
  useEffect(() => {
    if (!game.isInTheAir) return;
    const kick = game.kicks;
    const timer = setTimeout(() => dispatch({ type: 'landed', kick }), BOUNCE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [game.isInTheAir, game.kicks]);

  return (
    <div className="bounce-game" style={{ '--bounce-duration': `${BOUNCE_DURATION_MS}ms` } as CSSProperties}>
      <p className="bounce-game-hint">{t('ui.loading.game.hint')}</p>
      <button
        type="button"
        className="bounce-game-court"
        aria-label={t('ui.loading.game.kick')}
        aria-describedby={counterId}
        onPointerDown={(event) => {
          if (event.button === 0) dispatch({ type: 'pressed' });
        }}
        onClick={(event) => {
          // Pointer presses are counted on pointerdown; a click without a pointer is Space, Enter or a screen reader.
          if (event.detail === 0) dispatch({ type: 'pressed' });
        }}
      >
        {/* A new key restarts the bounce animation on every kick. */}
        <span
          key={game.kicks}
          className={game.isInTheAir ? 'bounce-game-ball is-bouncing' : 'bounce-game-ball'}
          aria-hidden="true"
        />
        <span className="bounce-game-floor" aria-hidden="true" />
      </button>
      <p id={counterId} className="bounce-game-counter">
        {plural('ui.loading.game.bounces', game.count)}
      </p>
    </div>
  );
}
