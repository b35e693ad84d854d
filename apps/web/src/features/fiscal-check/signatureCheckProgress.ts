import { countDays } from '@comptoir/contracts';
import type { SignatureCheckStatus } from '@comptoir/contracts';

/**
 * The « Vérifier les signatures » button's state (spec 2 §4): idle, starting the job, following it
 * (percentage and remaining time), then done or failed. A pure reducer, so the hook only adds the
 * calls and the timer.
 */
export type SignatureCheckState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | {
      phase: 'running';
      jobId: number;
      progress: number;
      remainingSeconds: number | null;
      /** Its worker stopped or was lost: another takes it up again (issue 33). */
      isInterrupted?: boolean;
    }
  | { phase: 'done'; jobId: number; defects: number; checkedRecords: number }
  | { phase: 'failed'; reason: CheckFailure };

/** Why a check ended without an answer: each has its text. */
export type CheckFailure = 'start' | 'periodTooLong' | 'readOnly' | 'job' | 'status';

export type SignatureCheckEvent =
  | { type: 'start' }
  | { type: 'started'; jobId: number }
  | { type: 'status'; status: SignatureCheckStatus }
  | { type: 'error'; reason: 'start' | 'periodTooLong' | 'readOnly' | 'status' }
  /** The followed job is not (or no longer) there: nothing to tell. */
  | { type: 'lost' };

export const IDLE: SignatureCheckState = { phase: 'idle' };

export function isCheckBusy(state: SignatureCheckState): boolean {
  return state.phase === 'starting' || state.phase === 'running';
}

export function signatureCheckReducer(
  state: SignatureCheckState,
  event: SignatureCheckEvent,
): SignatureCheckState {
  switch (event.type) {
    case 'start':
      // One check at a time: a second click while one runs changes nothing.
      return isCheckBusy(state) ? state : { phase: 'starting' };
    case 'started':
      return state.phase === 'starting'
        ? { phase: 'running', jobId: event.jobId, progress: 0, remainingSeconds: null }
        : state;
    case 'status': {
      const { status } = event;
      // An answer about another job (an older poll) is not this check's.
      if (state.phase !== 'running' || status.jobId !== state.jobId) return state;
      if (status.status === 'failed') return { phase: 'failed', reason: 'job' };
      if (status.status === 'done') {
        return {
          phase: 'done',
          jobId: status.jobId,
          defects: status.result?.defects ?? 0,
          checkedRecords: status.result?.checkedRecords ?? 0,
        };
      }
      return {
        phase: 'running',
        jobId: state.jobId,
        // Progress never goes back on screen, whatever order the answers come in.
        progress: Math.max(state.progress, clampPercent(status.progress)),
        remainingSeconds: status.remainingSeconds,
        ...(status.status === 'interrupted' ? { isInterrupted: true } : {}),
      };
    }
    case 'error':
      if (event.reason === 'status' ? state.phase !== 'running' : state.phase !== 'starting') return state;
      return { phase: 'failed', reason: event.reason };
    case 'lost':
      return state.phase === 'running' ? IDLE : state;
  }
}

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}

/**
 * The remaining time as the button words it: « en cours de calcul » until the server has an
 * estimate, seconds up to a minute, whole minutes above (spec 2 §4).
 */
export type RemainingTime =
  { unit: 'computing' } | { unit: 'seconds'; count: number } | { unit: 'minutes'; count: number };

export function remainingTime(seconds: number | null): RemainingTime {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return { unit: 'computing' };
  if (seconds <= 60) return { unit: 'seconds', count: Math.max(1, Math.ceil(seconds)) };
  return { unit: 'minutes', count: Math.max(1, Math.round(seconds / 60)) };
}

/** What the page does once the job is over: a success flash, or the errors page. */
export type CheckOutcome = { kind: 'noDefect' } | { kind: 'defects'; count: number };

export function checkOutcome(state: SignatureCheckState): CheckOutcome | null {
  if (state.phase !== 'done') return null;
  return state.defects === 0 ? { kind: 'noDefect' } : { kind: 'defects', count: state.defects };
}

/** The server checks at most this many days at once (contract `signatureCheckQuery`). */
export const MAX_CHECK_DAYS = 366;

/** Days in a range of `YYYY-MM-DD` days, both included. */
export const rangeDays = (range: { startDate: string; endDate: string }): number =>
  countDays(range.startDate, range.endDate);

/** The spec's errors page, where a check that found defects leads. */
export const ERRORS_PAGE = '/administration-fiscale/errors/';
