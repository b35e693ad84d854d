import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/** How many hits of one key a limit has counted in its current window, and what is left of it. */
export interface RateLimitCount {
  hits: number;
  /** Milliseconds until the window ends (the answer's `Retry-After`, rounded up to seconds). */
  ttlMs: number;
}

/**
 * Counts one more hit of `key` under the limit `name` (migration 037): one atomic upsert, so every
 * instance on the database counts into the same row. A window starts at its key's first hit and
 * lasts `windowMs`, as @fastify/rate-limit's in-memory store counted: a hit after it starts a new one.
 */
export async function countRateLimitHit(
  db: Db,
  name: string,
  key: string,
  windowMs: number,
  now: number = Date.now(),
): Promise<RateLimitCount> {
  const { rows } = await sql<{ hits: number; window_start_ms: number | string }>`
    insert into rate_limit_counters as c (name, key, window_start_ms, window_ms, hits)
    values (${name}, ${key}, ${now}, ${windowMs}, 1)
    on conflict (name, key) do update set
      hits = case when c.window_start_ms + c.window_ms <= ${now} then 1 else c.hits + 1 end,
      window_start_ms = case when c.window_start_ms + c.window_ms <= ${now} then ${now} else c.window_start_ms end,
      window_ms = ${windowMs}
    returning hits, window_start_ms`.execute(db);
  const row = rows[0]!;
  return { hits: row.hits, ttlMs: Math.max(0, Number(row.window_start_ms) + windowMs - now) };
}

/** Removes the counters whose window has ended (the housekeeping's sweep); answers how many. */
export async function sweepRateLimitCounters(db: Db, now: number = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_counters')
    .where(sql<boolean>`window_start_ms + window_ms <= ${now}`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What @fastify/rate-limit hands a route's store: its merged options, with the route. */
interface RouteLimitOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's store on the database: every limit (`config.rateLimit` of a route) counts
 * in `rate_limit_counters`, named by its route's method and URL, so all instances share it.
 * `new (sharedRateLimitStore(db))(options)` is what the plugin's `store` option builds.
 */
export function sharedRateLimitStore(
  db: Db,
): new (options: FastifyRateLimitOptions) => FastifyRateLimitStore {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly name = 'global',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ): void {
      countRateLimitHit(db, this.name, key, timeWindow ?? 60_000).then(
        (count) => callback(null, { current: count.hits, ttl: count.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as RouteLimitOptions).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new SharedRateLimitStore({}, `${method} ${route?.url ?? ''}`.trim() || this.name);
    }
  }
  return SharedRateLimitStore;
}
