import { describe, expect, it } from 'vitest';
import type { SignatureCheckStatus } from '@comptoir/contracts';
import { createTranslator } from './fiscal-check.i18n';
import {
  IDLE,
  checkOutcome,
  MAX_CHECK_DAYS,
  isCheckBusy,
  rangeDays,
  remainingTime,
  signatureCheckReducer,
  type SignatureCheckEvent,
  type SignatureCheckState,
} from './signatureCheckProgress';

function status(overrides: Partial<SignatureCheckStatus>): SignatureCheckStatus {
  return { jobId: 7, status: 'running', progress: 0, remainingSeconds: null, result: null, ...overrides };
}

function run(events: SignatureCheckEvent[], from: SignatureCheckState = IDLE): SignatureCheckState {
  return events.reduce(signatureCheckReducer, from);
}

const done = (defects: number) =>
  status({
    status: 'done',
    progress: 100,
    remainingSeconds: 0,
    result: { startDay: '2026-11-01', endDay: '2026-11-24', checkedRecords: 5000, defects, seconds: 3 },
  });

describe('signature check progress', () => {
  it('goes from idle to running once the job is started, and is busy meanwhile', () => {
    const starting = run([{ type: 'start' }]);
    expect(starting).toEqual({ phase: 'starting' });
    expect(isCheckBusy(starting)).toBe(true);
    const running = run([{ type: 'started', jobId: 7 }], starting);
    expect(running).toEqual({ phase: 'running', jobId: 7, progress: 0, remainingSeconds: null });
    expect(isCheckBusy(running)).toBe(true);
    expect(isCheckBusy(IDLE)).toBe(false);
  });

  it('does not start a second check while one runs', () => {
    const running = run([{ type: 'start' }, { type: 'started', jobId: 7 }]);
    expect(signatureCheckReducer(running, { type: 'start' })).toBe(running);
  });

  it('follows the percentage and the estimate, never moving back', () => {
    const running = run([
      { type: 'start' },
      { type: 'started', jobId: 7 },
      { type: 'status', status: status({ progress: 37, remainingSeconds: 12 }) },
    ]);
    expect(running).toEqual({ phase: 'running', jobId: 7, progress: 37, remainingSeconds: 12 });
    const late = signatureCheckReducer(running, {
      type: 'status',
      status: status({ progress: 20, remainingSeconds: 15 }),
    });
    expect(late).toMatchObject({ progress: 37, remainingSeconds: 15 });
  });

  it('says a check whose worker stopped is interrupted and resuming, then follows it again', () => {
    const interrupted = run([
      { type: 'start' },
      { type: 'started', jobId: 7 },
      { type: 'status', status: status({ status: 'interrupted', progress: 40, remainingSeconds: null }) },
    ]);
    expect(interrupted).toMatchObject({ phase: 'running', progress: 40, isInterrupted: true });
    expect(isCheckBusy(interrupted)).toBe(true);
    const resumed = signatureCheckReducer(interrupted, {
      type: 'status',
      status: status({ progress: 45, remainingSeconds: 30 }),
    });
    expect(resumed).toEqual({ phase: 'running', jobId: 7, progress: 45, remainingSeconds: 30 });
  });

  it('ignores answers about another job', () => {
    const running = run([{ type: 'start' }, { type: 'started', jobId: 7 }]);
    expect(signatureCheckReducer(running, { type: 'status', status: { ...done(0), jobId: 6 } })).toBe(
      running,
    );
  });

  it('ends with no defect, with defects, or failed', () => {
    const started: SignatureCheckEvent[] = [{ type: 'start' }, { type: 'started', jobId: 7 }];
    const clean = run([...started, { type: 'status', status: done(0) }]);
    expect(clean).toMatchObject({ phase: 'done', defects: 0, checkedRecords: 5000 });
    expect(checkOutcome(clean)).toEqual({ kind: 'noDefect' });
    expect(isCheckBusy(clean)).toBe(false);

    const dirty = run([...started, { type: 'status', status: done(3) }]);
    expect(checkOutcome(dirty)).toEqual({ kind: 'defects', count: 3 });

    expect(run([...started, { type: 'status', status: status({ status: 'failed' }) }])).toEqual({
      phase: 'failed',
      reason: 'job',
    });
    expect(run([{ type: 'start' }, { type: 'error', reason: 'start' }])).toEqual({
      phase: 'failed',
      reason: 'start',
    });
    expect(run([...started, { type: 'error', reason: 'status' }])).toEqual({
      phase: 'failed',
      reason: 'status',
    });
    expect(checkOutcome(run(started))).toBeNull();
  });

  it('tells a refused period apart, and forgets a job the server no longer knows', () => {
    expect(run([{ type: 'start' }, { type: 'error', reason: 'periodTooLong' }])).toEqual({
      phase: 'failed',
      reason: 'periodTooLong',
    });
    expect(run([{ type: 'start' }, { type: 'started', jobId: 7 }, { type: 'lost' }])).toEqual(IDLE);
  });

  it('counts the days of a range, both included, a year at most', () => {
    expect(rangeDays({ startDate: '2026-11-01', endDate: '2026-11-30' })).toBe(30);
    expect(rangeDays({ startDate: '2026-03-29', endDate: '2026-03-29' })).toBe(1);
    expect(rangeDays({ startDate: '2024-01-01', endDate: '2024-12-31' })).toBe(MAX_CHECK_DAYS);
    expect(rangeDays({ startDate: '2025-01-01', endDate: '2026-01-01' })).toBe(366);
    expect(rangeDays({ startDate: '2024-01-01', endDate: '2025-01-01' })).toBeGreaterThan(MAX_CHECK_DAYS);
  });

  it('can run again after a check is over', () => {
    const clean = run([
      { type: 'start' },
      { type: 'started', jobId: 7 },
      { type: 'status', status: done(0) },
    ]);
    expect(signatureCheckReducer(clean, { type: 'start' })).toEqual({ phase: 'starting' });
    const failed = run([{ type: 'start' }, { type: 'error', reason: 'start' }]);
    expect(signatureCheckReducer(failed, { type: 'start' })).toEqual({ phase: 'starting' });
  });
});

describe('remaining time', () => {
  const { t, plural } = createTranslator('fr');
  function words(seconds: number | null): string {
    const remaining = remainingTime(seconds);
    if (remaining.unit === 'computing') return t('signatureCheck.computing');
    return plural(
      remaining.unit === 'seconds' ? 'signatureCheck.seconds' : 'signatureCheck.minutes',
      remaining.count,
    );
  }

  it('is being computed until the server has an estimate', () => {
    expect(words(null)).toBe('temps restant en cours de calcul');
  });

  it('is in seconds up to a minute, rounded up', () => {
    expect(words(11.2)).toBe('environ 12 s restantes');
    expect(words(60)).toBe('environ 60 s restantes');
    expect(words(0.4)).toBe('environ 1 s restante');
    expect(words(0)).toBe('environ 1 s restante');
  });

  it('switches to minutes above 60 seconds', () => {
    expect(words(61)).toBe('environ 1 min restante');
    expect(words(170)).toBe('environ 3 min restantes');
    expect(words(3600)).toBe('environ 60 min restantes');
  });

  it('reads with the percentage in each language', () => {
    expect(t('signatureCheck.progress', { percent: 37, remaining: words(12) })).toBe(
      '37 % — environ 12 s restantes',
    );
    const en = createTranslator('en');
    expect(
      en.t('signatureCheck.progress', { percent: 37, remaining: en.plural('signatureCheck.minutes', 3) }),
    ).toBe('37% — about 3 min left');
  });
});
