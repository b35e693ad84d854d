import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FISCAL_FILE_MAX_KEY_BYTES } from '@comptoir/contracts';
import { keyPairFromSeed } from '@comptoir/fiscal';
import type { Database } from '../db/schema';
import { openFiscalSession } from '../modules/auth/auth.service';
import { getJwtSecret } from './tokens';
import {
  buildTestApp,
  createTestTenant,
  createTestUser,
  enrolRegister,
  signInAs,
  uniqueAddress,
  waitFor,
  type TestApp,
} from '../test-helpers';
import {
  fixedUploads,
  hostileUploads,
  mutationsOf,
  operationsWithInput,
  urlOf,
  validDraft,
  type Draft,
  type KnownIds,
  type Operation,
} from './hostile-input.test-fixtures';

/**
 * Every operation of the OpenAPI document that takes input gets generated hostile requests (one
 * hostile change to a valid request each), sent with a credential it accepts so that they reach
 * validation. No answer may be a 5xx or show a stack trace; every error has the
 * `{error:{code,message}}` shape; a request that breaks the published contract is refused (4xx);
 * a refused request, or any call of a read-only route, stores nothing.
 *
 * HOSTILE_RUNS (requests per operation), HOSTILE_SEED and HOSTILE_ROUTE (a path fragment) widen or
 * narrow a run, e.g. `HOSTILE_RUNS=80` before a release.
 */

const RUNS_PER_OPERATION = Number(process.env.HOSTILE_RUNS ?? 20);
const SAMPLE_OPTIONS = process.env.HOSTILE_SEED ? { seed: Number(process.env.HOSTILE_SEED) } : {};
const ONLY_PATH = process.env.HOSTILE_ROUTE ?? '';

/** What a request could leave behind: accounts, POS rows, fiscal records, journals, jobs, mail. */
const WATCHED_TABLES: (keyof Database)[] = [
  'accounts',
  'companies',
  'users',
  'user_companies',
  'sub_user_services',
  'registers',
  'chain_heads',
  'pos_batches',
  'pos_records',
  'vat_rates',
  'product_categories',
  'products',
  'payment_types',
  'rooms',
  'dining_tables',
  'pos_staff',
  'services',
  'orders',
  'order_lines',
  'payment_lines',
  'receipts',
  'closures',
  'tracking',
  'customer_accounts',
  'customer_operations',
  'technical_interventions',
  'daily_rollups',
  'ware_counts',
  'fiscal_access_requests',
  'jet_events',
  'server_closures',
  'signature_check_errors',
  'document_reprints',
  'report_settings',
  'exports',
  'archives',
  'fiscal_file_checks',
  'jobs',
  'mail_outbox',
  'credential_check_tokens',
  'email_change_requests',
];

/** The archive limit lowered (the product's is 2 GB): its one-byte-over input stays small. */
const MAX_CSV_BYTES = 1024 * 1024;

let t: TestApp;
let ids: KnownIds;
const credentials = { holder: '', staff: '', inspector: '', register: '' };

beforeAll(async () => {
  t = await buildTestApp({ fiscalFileMaxBytes: MAX_CSV_BYTES });
  const db = t.database.db;
  const tenant = await createTestTenant(t, { companies: 2 });
  const holderRow = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', tenant.holderEmail)
    .executeTakeFirstOrThrow();
  // The export routes need the group: without it every input would stop at 403.
  await db
    .insertInto('user_groups')
    .values({ user_id: holderRow.id, name: 'export_product_lines' })
    .execute();
  const holder = await signInAs(t, tenant.holderEmail, tenant.password);
  credentials.holder = `Bearer ${holder.accessToken}`;
  const staff = await createTestUser(db, { accountId: null, role: 'staff' });
  credentials.staff = `Bearer ${(await signInAs(t, staff.email)).accessToken}`;
  const fiscal = await openFiscalSession(db, getJwtSecret(t.config), {
    user: holderRow,
    accountId: tenant.accountId,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  credentials.inspector = `Bearer ${fiscal.tokens.accessToken}`;
  const register = await enrolRegister(t, holder.accessToken, tenant.companyIds[0]!, {
    serial: 'SN-HOSTILE',
    keys: keyPairFromSeed(Buffer.alloc(32, 9)),
  });
  credentials.register = `Register ${register.registerToken}`;
  // The e-mail check wants step 1's check token: without it every input would stop at 403.
  const verified = await t.as(holder.accessToken).post('/api/account/migration/password/verify', {
    password: tenant.password,
    refreshToken: holder.refreshToken,
  });
  const checkToken = verified.statusCode === 200 ? verified.json<{ token?: string }>().token : undefined;
  ids = {
    companyId: tenant.companyIds[0]!,
    registerId: register.registerId,
    headers: checkToken ? { 'x-check-token': checkToken } : {},
    fields: {
      askerEmail: 'controle@dgfip.finances.gouv.fr',
      id_companies: JSON.stringify(tenant.companyIds),
      shifts: JSON.stringify([crypto.randomUUID()]),
      shiftsSelected: 'true',
      wareInfo: JSON.stringify({ id_ware: crypto.randomUUID() }),
    },
  };
});
afterAll(async () => {
  await t.close();
});

/** The credential the operation's `x-access` admits; the holder's when the document says nothing. */
function credentialFor(op: Operation): string | undefined {
  const access = op.access;
  if (!access) return credentials.holder;
  if ('public' in access) return undefined;
  if ('register' in access) return credentials.register;
  if (access.callers.includes('holder')) return credentials.holder;
  if (access.callers.includes('staff')) return credentials.staff;
  if (access.callers.includes('inspector')) return credentials.inspector;
  return credentials.holder;
}

function writes(op: Operation): boolean {
  return op.access ? op.access.writes : op.method !== 'GET';
}

interface Stored {
  /** The next transaction id: it moves only when a transaction wrote, so equal ids need no recount. */
  nextXid: string;
  counts: Record<string, number>;
}

async function nextXid(): Promise<string> {
  const { rows } = await sql<{
    xid: string;
  }>`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`.execute(t.database.db);
  return rows[0]!.xid;
}

async function storedRows(previous?: Stored): Promise<Stored> {
  const xid = await nextXid();
  if (previous && previous.nextXid === xid) return previous;
  const counts = WATCHED_TABLES.map(
    (table) => sql`(select count(*)::int from ${sql.table(table)}) as ${sql.ref(table)}`,
  );
  const { rows } = await sql<Record<string, number>>`select ${sql.join(counts)}`.execute(t.database.db);
  return { nextXid: xid, counts: rows[0]! };
}

function changedTables(before: Stored, after: Stored): string[] {
  return WATCHED_TABLES.filter((table) => before.counts[table] !== after.counts[table]).map(
    (table) => `${table} ${before.counts[table]} → ${after.counts[table]}`,
  );
}

/**
 * Refusals the law wants in the journal (issue 18 part 1: a register key refused is JET 73): such a
 * refusal may add its JET events and nothing else.
 */
const JOURNALED_REFUSALS: Record<string, string> = { 'POST /pos/v1/registers': '73' };

async function isJournaledRefusal(op: Operation, status: number, before: Stored, after: Stored) {
  const code = JOURNALED_REFUSALS[`${op.method} ${op.path}`];
  if (!code || status < 400) return false;
  const changed = WATCHED_TABLES.filter((table) => before.counts[table] !== after.counts[table]);
  if (changed.some((table) => table !== 'jet_events')) return false;
  const added = after.counts.jet_events! - before.counts.jet_events!;
  const latest = await t.database.db
    .selectFrom('jet_events')
    .select('code')
    .orderBy('id', 'desc')
    .limit(added)
    .execute();
  return latest.every((event) => event.code === code);
}

/** Jobs that an accepted write queued run to their end, so that their rows are not blamed on the next request. */
async function settleJobs(): Promise<void> {
  await waitFor(async () => {
    const pending = await t.database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', 'in', ['queued', 'running'])
      // A failed run is retried after 1 s, 2 s, 4 s...: a retry due soon would store during the next probe.
      .where('run_at', '<=', new Date(Date.now() + 30_000))
      .executeTakeFirstOrThrow();
    return Number(pending.n) === 0;
  }, 60_000);
}

const STACK_TRACE = /\n\s+at \S|node_modules|\/src\/|\.ts:\d+/;

/** What is wrong with an answer, or null. */
function faultOf(answer: { statusCode: number; body: string }, mustRefuse: boolean): string | null {
  const excerpt = answer.body.slice(0, 300);
  if (answer.statusCode >= 500) return `${answer.statusCode}: ${excerpt}`;
  if (answer.statusCode >= 400) {
    if (STACK_TRACE.test(answer.body)) return `stack trace in ${excerpt}`;
    let error: { code?: unknown; message?: unknown } | undefined;
    try {
      error = (JSON.parse(answer.body) as { error?: typeof error }).error;
    } catch {
      return `an error that is not JSON: ${excerpt}`;
    }
    if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
      return `an error without {error:{code,message}}: ${excerpt}`;
    }
  } else if (mustRefuse) {
    return `accepted (${answer.statusCode}) what the contract refuses: ${excerpt}`;
  }
  return null;
}

interface Probe {
  label: string;
  mustRefuse: boolean;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const figures = { operations: 0, inputs: 0, mustRefuse: 0, statuses: new Map<string, number>() };

/** Sends one request; answers its fault (or null) and the rows stored after it. */
async function send(
  op: Operation,
  probe: Probe,
  before: Stored,
): Promise<{ fault: string | null; after: Stored }> {
  const credential = credentialFor(op);
  const res = await t.app.inject({
    method: op.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: probe.url,
    // Each call from an address of its own: the per-address limits would answer 429 before validation.
    remoteAddress: uniqueAddress(),
    headers: { ...(credential ? { authorization: credential } : {}), ...probe.headers },
    ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
  });
  figures.inputs += 1;
  if (probe.mustRefuse) figures.mustRefuse += 1;
  const family = `${Math.floor(res.statusCode / 100)}xx`;
  figures.statuses.set(family, (figures.statuses.get(family) ?? 0) + 1);
  const faults = [faultOf(res, probe.mustRefuse)];
  if (res.statusCode < 400 && writes(op)) await settleJobs();
  const after = await storedRows(before);
  if (res.statusCode >= 400 || !writes(op)) {
    const changed = changedTables(before, after);
    const journaled = await isJournaledRefusal(op, res.statusCode, before, after);
    if (changed.length > 0 && !journaled) {
      faults.push(`stored ${changed.join(', ')} (answer ${res.statusCode})`);
    }
  }
  const found = faults.filter((fault) => fault !== null);
  return {
    fault: found.length > 0 ? `${op.method} ${op.path} — ${probe.label}: ${found.join('; ')}` : null,
    after,
  };
}

function probeOf(op: Operation, draft: Draft, label: string, mustRefuse: boolean): Probe {
  const probe: Probe = { label, mustRefuse, url: urlOf(op, draft), headers: { ...draft.headers } };
  if (draft.body.kind === 'json') {
    probe.headers['content-type'] = 'application/json';
    probe.payload = JSON.stringify(draft.body.value) ?? '';
  } else if (draft.body.kind === 'raw') {
    if (draft.body.contentType) probe.headers['content-type'] = draft.body.contentType;
    probe.payload = draft.body.payload;
  }
  return probe;
}

function probesOf(op: Operation): Probe[] {
  if (op.isMultipart) {
    const uploads = [
      ...fixedUploads({ maxCsvBytes: MAX_CSV_BYTES }),
      ...fc.sample(hostileUploads({ maxKeyBytes: FISCAL_FILE_MAX_KEY_BYTES }), {
        numRuns: RUNS_PER_OPERATION * 2,
        ...SAMPLE_OPTIONS,
      }),
    ];
    return uploads.map((upload) => ({
      label: upload.label,
      mustRefuse: upload.mustRefuse,
      url: op.path,
      headers: { 'content-type': upload.contentType },
      payload: upload.payload,
    }));
  }
  const readsTenantHeaders = op.access !== undefined && 'callers' in op.access;
  const mutations = fc.sample(mutationsOf(op, { readsTenantHeaders }), {
    numRuns: RUNS_PER_OPERATION,
    ...SAMPLE_OPTIONS,
  });
  return mutations.map((mutation) => {
    const draft = validDraft(op, ids);
    mutation.apply(draft);
    return probeOf(op, draft, mutation.label, mutation.mustRefuse);
  });
}

it('refuses hostile input on every route with a 4xx in the error shape, never a 5xx, storing nothing', async () => {
  const started = Date.now();
  const operations = operationsWithInput(t.app.swagger() as Parameters<typeof operationsWithInput>[0]);
  expect(operations.length).toBeGreaterThan(40);
  expect(operations.filter((op) => op.isMultipart).length).toBeGreaterThan(0);
  const faults: string[] = [];
  let before = await storedRows();
  for (const op of operations.filter((o) => o.path.includes(ONLY_PATH))) {
    figures.operations += 1;
    for (const probe of probesOf(op)) {
      const sent = await send(op, probe, before);
      before = sent.after;
      if (sent.fault) faults.push(sent.fault);
    }
  }
  const statuses = [...figures.statuses.entries()].sort().map(([family, n]) => `${n} ${family}`);
  console.log(
    `hostile input: ${figures.inputs} inputs on ${figures.operations} routes ` +
      `(${figures.mustRefuse} that the contract refuses) in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `answers ${statuses.join(', ')}; ${figures.statuses.get('5xx') ?? 0} 5xx`,
  );
  expect(faults).toEqual([]);
}, 600_000);
