import type { FastifyInstance } from 'fastify';
import type { RetentionRule } from './files';
import { sweepRateLimitCounters } from './rate-limits';

/** How often an instance sweeps; every instance does, each sweep being idempotent deletes. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * What the instances keep tidy in what they share: the file store's expired files and orphans
 * (`FileStorage.sweep`) and the rate limits' ended windows. One sweep answers what it removed.
 */
export async function sweepSharedState(
  app: Pick<FastifyInstance, 'files' | 'database'>,
  rules: readonly RetentionRule[],
  now: Date = new Date(),
): Promise<{ expiredFiles: number; orphanFiles: number; rateLimitCounters: number }> {
  const files = await app.files.sweep(rules, now);
  const rateLimitCounters = await sweepRateLimitCounters(app.database.db, now.getTime());
  return { expiredFiles: files.expired, orphanFiles: files.orphans, rateLimitCounters };
}

/**
 * Sweeps a minute after the app is ready, then every hour, until it closes. Several instances may
 * sweep at once: each delete removes what it finds, and a failed sweep is logged and tried next time.
 */
export function attachHousekeeping(app: FastifyInstance, rules: readonly RetentionRule[]): void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const swept = await sweepSharedState(app, rules);
      if (swept.expiredFiles + swept.orphanFiles > 0) app.log.info(swept, 'housekeeping: files swept');
    } catch (err) {
      app.log.warn({ err }, 'housekeeping: sweep failed, tried again at the next interval');
    }
  };
  app.addHook('onReady', () => {
    timer = setTimeout(function tick() {
      void run().finally(() => {
        if (timer) timer = setTimeout(tick, HOUSEKEEPING_INTERVAL_MS).unref();
      });
    }, 60_000).unref();
    return Promise.resolve();
  });
  app.addHook('onClose', () => {
    clearTimeout(timer);
    timer = undefined;
    return Promise.resolve();
  });
}
