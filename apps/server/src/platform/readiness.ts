import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ReadyResponse } from '@comptoir/contracts';

/** One dependency `/api/ready` asks: it resolves when the dependency answers, rejects otherwise. */
export interface ReadinessProbe {
  name: string;
  check(): Promise<void>;
}

export interface Readiness {
  /** Another dependency joins the check (the PostgreSQL file store, a read replica…). */
  add(probe: ReadinessProbe): void;
  /** Every probe at once, each bounded by `timeoutMs`. */
  check(): Promise<ReadyResponse>;
}

/** A probe that has not answered by then counts as down: a load balancer must not wait on it. */
const READY_PROBE_TIMEOUT_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/**
 * Decorates `app.readiness` with its first probes: the database (`select 1`) and the file store (a
 * small file written and removed). A read replica (`DATABASE_REPLICA_URL`, issue 33 part 4) joins
 * where it is opened, with `app.readiness.add({ name: 'replica', check })`.
 */
export function attachReadiness(app: FastifyInstance, timeoutMs = READY_PROBE_TIMEOUT_MS): Readiness {
  const probes: ReadinessProbe[] = [
    {
      name: 'database',
      check: async () => {
        await sql`select 1`.execute(app.database.db);
      },
    },
    {
      name: 'files',
      check: async () => {
        const key = `readiness/probe-${crypto.randomUUID()}`;
        await app.files.put(key, 'ready');
        await app.files.remove(key);
      },
    },
  ];
  const readiness: Readiness = {
    add(probe) {
      probes.push(probe);
    },
    async check() {
      const checks = await Promise.all(probes.map((probe) => runProbe(probe, timeoutMs)));
      return { status: checks.every((c) => c.isReady) ? 'ready' : 'unavailable', checks };
    },
  };
  app.decorate('readiness', readiness);
  return readiness;
}

async function runProbe(probe: ReadinessProbe, timeoutMs: number): Promise<ReadyResponse['checks'][number]> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([probe.check(), timeout]);
    return { name: probe.name, isReady: true, ms: Math.round(performance.now() - started) };
  } catch (err) {
    const problem = err instanceof Error ? err.message : String(err);
    return { name: probe.name, isReady: false, ms: Math.round(performance.now() - started), problem };
  } finally {
    clearTimeout(timer);
  }
}
