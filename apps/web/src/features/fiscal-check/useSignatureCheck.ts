import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { SignatureCheckStarted, SignatureCheckStatus } from '@comptoir/contracts';
import { ApiError, apiFetch, apiGet } from '../../api/api';
import { withQuery } from '../fiscal/fiscalQueries';
import {
  IDLE,
  checkOutcome,
  isCheckBusy,
  signatureCheckReducer,
  type CheckOutcome,
  type SignatureCheckState,
} from './signatureCheckProgress';

/** Spec 2 §4: the button follows the job every second. */
export const POLL_INTERVAL_MS = 1000;
/** A poll that fails this many times in a row ends the follow-up (a single network blip does not). */
const MAX_POLL_FAILURES = 3;
/** The job being followed, kept for the tab: coming back to the list resumes it. */
const STORED_JOB_KEY = 'signatureCheckJob';

function storedJob(): SignatureCheckState {
  const jobId = Number(sessionStorage.getItem(STORED_JOB_KEY));
  return Number.isInteger(jobId) && jobId > 0
    ? { phase: 'running', jobId, progress: 0, remainingSeconds: null }
    : IDLE;
}

/**
 * Starts `POST /api/check/signatureServer` over a range of Paris days and follows
 * `GET /api/check/jobs/{jobId}` until it is over; `onOutcome` is told once per finished job.
 */
export function useSignatureCheck(onOutcome: (outcome: CheckOutcome) => void) {
  const [state, dispatch] = useReducer(signatureCheckReducer, undefined, storedJob);
  const onOutcomeRef = useRef(onOutcome);
  useEffect(() => {
    onOutcomeRef.current = onOutcome;
  });

  const runningJobId = state.phase === 'running' ? state.jobId : null;
  useEffect(() => {
    if (runningJobId === null) return;
    const controller = new AbortController();
    let timer: number | undefined;
    let failures = 0;
    async function poll() {
      try {
        const status = await apiGet<SignatureCheckStatus>(
          `/api/check/jobs/${runningJobId}`,
          controller.signal,
        );
        failures = 0;
        dispatch({ type: 'status', status });
        if (status.status === 'queued' || status.status === 'running' || status.status === 'interrupted') {
          timer = window.setTimeout(() => void poll(), POLL_INTERVAL_MS);
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.code === 'JOB_NOT_FOUND') {
          dispatch({ type: 'lost' });
          return;
        }
        failures += 1;
        if (failures >= MAX_POLL_FAILURES) dispatch({ type: 'error', reason: 'status' });
        else timer = window.setTimeout(() => void poll(), POLL_INTERVAL_MS);
      }
    }
    void poll();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [runningJobId]);

  // Once over, the job is no longer resumed, and the page hears the outcome once.
  const toldJobId = useRef<number | null>(null);
  useEffect(() => {
    if (state.phase === 'running') sessionStorage.setItem(STORED_JOB_KEY, String(state.jobId));
    else sessionStorage.removeItem(STORED_JOB_KEY);
    const outcome = checkOutcome(state);
    if (outcome && state.phase === 'done' && toldJobId.current !== state.jobId) {
      toldJobId.current = state.jobId;
      onOutcomeRef.current(outcome);
    }
  }, [state]);

  const start = useCallback(
    (range: { startDate: string; endDate: string }) => {
      if (isCheckBusy(state)) return;
      dispatch({ type: 'start' });
      apiFetch<SignatureCheckStarted>(
        withQuery('/api/check/signatureServer', { startDate: range.startDate, endDate: range.endDate }),
        { method: 'POST' },
      ).then(
        ({ jobId }) => dispatch({ type: 'started', jobId }),
        (error: unknown) => dispatch({ type: 'error', reason: startFailure(error) }),
      );
    },
    [state],
  );

  return { state, start };
}

/** Why a check did not start: a period too long, a read-only view-as session, or anything else. */
function startFailure(error: unknown): 'periodTooLong' | 'readOnly' | 'start' {
  if (!(error instanceof ApiError)) return 'start';
  if (error.code === 'PERIOD_TOO_LONG') return 'periodTooLong';
  return error.code === 'VIEW_AS_READ_ONLY' ? 'readOnly' : 'start';
}
