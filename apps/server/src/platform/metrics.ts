import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';

/**
 * `/metrics` in Prometheus' text format (issue 33, part 8). Each instance counts what it served
 * (requests and their durations per route, records ingested) — Prometheus scrapes every instance
 * and adds them up; what the instances share (the job queue, the mail outbox, the defects found)
 * is read from the database at each scrape, so any instance answers for all.
 */

/** The registers' batches: what the ingested-records counter counts, once accepted. */
const INGESTION_ROUTE = '/pos/v1/registers/:registerId/batches';

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface RouteSeries {
  count: number;
  sum: number;
  buckets: number[];
}

export interface Metrics {
  /** The scrape's text. */
  render(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyRequest {
    metricsStart?: bigint;
  }
}

/** Label values as Prometheus reads them: backslash, quote and newline escaped. */
const label = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function attachMetrics(app: FastifyInstance): void {
  const requests = new Map<string, number>();
  const durations = new Map<string, RouteSeries>();
  let ingested = 0;
  const startedAt = Date.now();

  app.addHook('onRequest', async (request) => {
    request.metricsStart = process.hrtime.bigint();
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never its URL: ids and tokens stay out of the labels.
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    const key = `${method} ${route} ${reply.statusCode}`;
    requests.set(key, (requests.get(key) ?? 0) + 1);
    if (route === INGESTION_ROUTE && reply.statusCode === 200) {
      const records = (request.body as { records?: unknown[] } | undefined)?.records;
      if (Array.isArray(records)) ingested += records.length;
    }
    if (request.metricsStart === undefined) return;
    const seconds = Number(process.hrtime.bigint() - request.metricsStart) / 1e9;
    const series = durations.get(`${method} ${route}`) ?? {
      count: 0,
      sum: 0,
      buckets: DURATION_BUCKETS.map(() => 0),
    };
    series.count += 1;
    series.sum += seconds;
    DURATION_BUCKETS.forEach((bound, i) => {
      if (seconds <= bound) series.buckets[i]! += 1;
    });
    durations.set(`${method} ${route}`, series);
  });

  const shared = async (): Promise<string[]> => {
    const db = app.database.db;
    const [jobs, outbox, defects] = await Promise.all([
      db
        .selectFrom('jobs')
        .select((e) => [
          'queue',
          'status',
          e.fn.countAll<number>().as('n'),
          sql<number | null>`extract(epoch from now() - min(${e.ref('run_at')}))`.as('oldest'),
        ])
        .where('status', 'in', ['queued', 'running'])
        .groupBy(['queue', 'status'])
        .execute(),
      db
        .selectFrom('mail_outbox')
        .select((e) => ['status', e.fn.countAll<number>().as('n')])
        .where('status', 'in', ['queued', 'sending', 'failed', 'dead'])
        .groupBy('status')
        .execute(),
      db
        .selectFrom('signature_check_errors')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const lines = [
      '# HELP comptoir_jobs Jobs waiting or running, per queue and status (every instance).',
      '# TYPE comptoir_jobs gauge',
      ...jobs.map((j) => `comptoir_jobs{queue="${label(j.queue)}",status="${j.status}"} ${Number(j.n)}`),
      '# HELP comptoir_jobs_oldest_age_seconds Age of the oldest waiting or running job of a queue.',
      '# TYPE comptoir_jobs_oldest_age_seconds gauge',
      ...jobs.map(
        (j) =>
          `comptoir_jobs_oldest_age_seconds{queue="${label(j.queue)}",status="${j.status}"} ${Math.max(0, Number(j.oldest ?? 0))}`,
      ),
      '# HELP comptoir_mail_outbox Mail not yet delivered, per status (failed: to try again; dead: given up).',
      '# TYPE comptoir_mail_outbox gauge',
      ...outbox.map((m) => `comptoir_mail_outbox{status="${m.status}"} ${Number(m.n)}`),
      '# HELP comptoir_signature_check_defects Defects the signature checks have found and stored.',
      '# TYPE comptoir_signature_check_defects gauge',
      `comptoir_signature_check_defects ${Number(defects.n)}`,
    ];
    return lines;
  };

  app.decorate('metrics', {
    async render() {
      const lines: string[] = [
        '# HELP comptoir_http_requests_total Requests this instance answered, per method, route and status.',
        '# TYPE comptoir_http_requests_total counter',
      ];
      for (const [key, n] of requests) {
        const [method, route, status] = key.split(' ') as [string, string, string];
        lines.push(
          `comptoir_http_requests_total{method="${method}",route="${label(route)}",status="${status}"} ${n}`,
        );
      }
      lines.push(
        '# HELP comptoir_http_request_duration_seconds How long this instance took to answer, per route.',
        '# TYPE comptoir_http_request_duration_seconds histogram',
      );
      for (const [key, series] of durations) {
        const [method, route] = key.split(' ') as [string, string];
        const labels = `method="${method}",route="${label(route)}"`;
        DURATION_BUCKETS.forEach((bound, i) =>
          lines.push(
            `comptoir_http_request_duration_seconds_bucket{${labels},le="${bound}"} ${series.buckets[i]}`,
          ),
        );
        lines.push(
          `comptoir_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${series.count}`,
          `comptoir_http_request_duration_seconds_sum{${labels}} ${series.sum}`,
          `comptoir_http_request_duration_seconds_count{${labels}} ${series.count}`,
        );
      }
      lines.push(
        '# HELP comptoir_ingested_records_total Signed records this instance took from the registers.',
        '# TYPE comptoir_ingested_records_total counter',
        `comptoir_ingested_records_total ${ingested}`,
        '# HELP comptoir_uptime_seconds Since this instance started.',
        '# TYPE comptoir_uptime_seconds gauge',
        `comptoir_uptime_seconds ${(Date.now() - startedAt) / 1000}`,
        ...(await shared()),
      );
      return `${lines.join('\n')}\n`;
    },
  });
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read `/metrics`: one presenting `METRICS_TOKEN` as a Bearer token, or a caller on this
 * machine — only when no proxy is trusted and none forwarded the request, since a proxy on the same
 * machine connects from loopback for every client.
 */
export function mayReadMetrics(
  request: FastifyRequest,
  options: { token: string | undefined; behindProxy: boolean },
): boolean {
  const { token } = options;
  const direct = !options.behindProxy && request.headers['x-forwarded-for'] === undefined;
  if (direct && LOOPBACK.has(request.socket.remoteAddress ?? '')) return true;
  if (!token) return false;
  const given = Buffer.from(request.headers.authorization?.replace(/^Bearer /, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export async function sendMetrics(app: FastifyInstance, reply: FastifyReply): Promise<FastifyReply> {
  return reply.type('text/plain; version=0.0.4; charset=utf-8').send(await app.metrics.render());
}
