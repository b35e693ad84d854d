import { useId } from 'react';
import type { SignatureCheckSlot } from '../fiscal/ClosuresListPage';
import { useNavigate } from 'react-router';
import type { Translator } from './fiscal-check.i18n';
import { useI18n } from './fiscal-check.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { MessageTypeIcon } from '../../ui/flash/MessageTypeIcon';
import { useUiI18n } from '../../ui/useUiI18n';
import {
  ERRORS_PAGE,
  MAX_CHECK_DAYS,
  isCheckBusy,
  rangeDays,
  remainingTime,
  type CheckOutcome,
  type SignatureCheckState,
} from './signatureCheckProgress';
import { useSignatureCheck } from './useSignatureCheck';
import '../fiscal/fiscal.css';

/**
 * « Vérifier les signatures » on the closures list (spec 2 §2, §4, §8): re-verifies every chain over
 * the chosen days, shows the percentage and the remaining time while the job runs, then flashes
 * « Aucune erreur détectée » or opens the errors page.
 */
export function SignatureCheckButton({ range, period, isDisabled }: SignatureCheckSlot) {
  const { t, plural } = useI18n();
  const navigate = useNavigate();
  const hintId = useId();
  const { state, start } = useSignatureCheck((outcome: CheckOutcome) => {
    if (outcome.kind === 'noDefect') {
      showFlash({ type: 'success', text: t('signatureCheck.noDefect') });
      return;
    }
    showFlash({ type: 'warning', text: plural('signatureCheck.defects', outcome.count) });
    void navigate(ERRORS_PAGE);
  });
  const isBusy = isCheckBusy(state);
  const isTooLong = rangeDays(range) > MAX_CHECK_DAYS;

  return (
    <div className="fiscal-signature-check">
      <button
        type="button"
        className="button button-secondary"
        // While the check runs the button stays focusable (aria-disabled): a keyboard user keeps their place.
        disabled={isDisabled || isTooLong}
        aria-disabled={isBusy || undefined}
        aria-describedby={hintId}
        onClick={() => {
          if (!isBusy) start(range);
        }}
      >
        {isBusy ? t('signatureCheck.running') : t('signatureCheck.button')}
      </button>
      <div className="fiscal-signature-check-state">
        <p id={hintId} className="fiscal-signature-check-hint">
          {isTooLong ? t('signatureCheck.failed.periodTooLong') : t('signatureCheck.hint', { period })}
        </p>
        <CheckProgress state={state} t={t} plural={plural} />
      </div>
    </div>
  );
}

function CheckProgress({
  state,
  t,
  plural,
}: {
  state: SignatureCheckState;
  t: Translator['t'];
  plural: Translator['plural'];
}) {
  const labelId = useId();
  const { t: ui } = useUiI18n();
  if (state.phase === 'failed') {
    return (
      <p className="fiscal-notice message-tone-error" role="alert">
        <MessageTypeIcon type="error" />
        <span>{t(`signatureCheck.failed.${state.reason}`)}</span>
      </p>
    );
  }
  const isBusy = isCheckBusy(state);
  const progress = state.phase === 'running' ? state.progress : 0;
  const text =
    state.phase === 'running' && state.isInterrupted
      ? ui('ui.job.interrupted')
      : isBusy
        ? t('signatureCheck.progress', {
            percent: progress,
            remaining: remainingText(state.phase === 'running' ? state.remainingSeconds : null, t, plural),
          })
        : '';
  return (
    <div role="status" aria-busy={isBusy}>
      {isBusy ? (
        <div className="fiscal-signature-check-progress">
          <span id={labelId} className="visually-hidden">
            {t('signatureCheck.progressLabel')}
          </span>
          <div
            className="fiscal-progress-track"
            role="progressbar"
            aria-labelledby={labelId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={text}
          >
            <div className="fiscal-progress-bar" style={{ width: `${progress}%` }} />
          </div>
          <p className="fiscal-signature-check-text">{text}</p>
        </div>
      ) : null}
    </div>
  );
}

function remainingText(seconds: number | null, t: Translator['t'], plural: Translator['plural']): string {
  const remaining = remainingTime(seconds);
  if (remaining.unit === 'computing') return t('signatureCheck.computing');
  return plural(
    remaining.unit === 'seconds' ? 'signatureCheck.seconds' : 'signatureCheck.minutes',
    remaining.count,
  );
}
