import { parisToday } from '@comptoir/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/demo-users';
import { openFiscalSession } from '../modules/auth/auth.service';
import { getJwtSecret } from './tokens';
import {
  buildDemoTestApp,
  createTestUser,
  enrolRegister,
  openViewAs,
  signInAs,
  type TestApp,
} from '../test-helpers';
import type { DeclaredRoute } from './access';

/**
 * The isolation matrix: every route of the running app (its access table, hidden routes included)
 * is called by every role with account A's ids, and the answer must be the one its declaration
 * implies; no answer to a caller outside A may hold any of A's ids or names. Routes that write are
 * called on a second, throw-away database.
 */

type Role =
  | 'holderA'
  | 'holderB'
  | 'subUserWithService'
  | 'subUserWithoutService'
  | 'subUserOfOneEstablishment'
  | 'inspectorA'
  | 'viewAsA'
  | 'staff'
  | 'registerA'
  | 'registerB'
  | 'anonymous';

const ROLES: Role[] = [
  'holderA',
  'holderB',
  'subUserWithService',
  'subUserWithoutService',
  'subUserOfOneEstablishment',
  'inspectorA',
  'viewAsA',
  'staff',
  'registerA',
  'registerB',
  'anonymous',
];

/** Refusals that only the guard gives: an admitted caller never gets one. */
const GUARD_CODES = new Set([
  'UNAUTHENTICATED',
  'INVALID_TOKEN',
  'FISCAL_TOKEN_NOT_ALLOWED',
  'FISCAL_TOKEN_REQUIRED',
  'VIEW_AS_READ_ONLY',
  'STAFF_ONLY',
  'SUB_USER_NO_ACCESS',
  'ROLE_NOT_ALLOWED',
  'REGISTER_UNAUTHENTICATED',
  'REGISTER_MISMATCH',
]);

const ALL_SERVICES = [
  'sales_reporting',
  'fiscal_administration',
  'customer_account',
  'accounting_export',
  'menu_categories',
  'news',
  'help',
  'partners',
];

interface World {
  t: TestApp;
  credentials: Record<Role, string | null>;
  /**
   * Account A: its ids, a debtor among its customers (the customer routes, the reminders of issue 31
   * item 26 included, are called with it), and the words that must never reach a caller outside it.
   */
  a: { accountId: string; companyIds: string[]; registerId: string; customerId: string; secrets: string[] };
  fromDay: string;
  toDay: string;
}

function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Two demo accounts (A the suite group, B the crêperie) with a few days of activity, and a token per role. */
async function buildWorld(): Promise<World> {
  const toDay = shiftDay(parisToday(), -2);
  const fromDay = shiftDay(toDay, -1);
  const started = performance.now();
  const t = await buildDemoTestApp({ days: 2, endDay: toDay });
  console.log(`isolation matrix: app and demo days ready in ${Math.round(performance.now() - started)} ms`);
  const db = t.database.db;
  const accountOf = async (email: string) =>
    (await db.selectFrom('users').select('account_id').where('email', '=', email).executeTakeFirstOrThrow())
      .account_id!;
  const accountA = await accountOf('demo@comptoir.test');
  const accountB = await accountOf('standard@comptoir.test');
  const companies = await db.selectFrom('companies').select(['id', 'account_id', 'company_name']).execute();
  const companiesA = companies.filter((c) => c.account_id === accountA);
  const companyB = companies.find((c) => c.account_id === accountB)!;
  const [accountRow] = await db.selectFrom('accounts').select('name').where('id', '=', accountA).execute();

  const holderAToken = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  const holderBToken = (await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD)).accessToken;
  const staffToken = (await signInAs(t, 'support@comptoir.test', DEMO_PASSWORD)).accessToken;
  const withService = await createTestUser(db, {
    accountId: accountA,
    role: 'sub_user',
    services: ALL_SERVICES,
  });
  const withoutService = await createTestUser(db, { accountId: accountA, role: 'sub_user', services: [] });
  // Every service, one establishment: the account-wide settings stay the holder's (issue 31, item 1).
  const ofOneEstablishment = await createTestUser(db, {
    accountId: accountA,
    role: 'sub_user',
    services: ALL_SERVICES,
    companyIds: [companiesA[0]!.id],
  });
  const holderRow = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', 'demo@comptoir.test')
    .executeTakeFirstOrThrow();
  const fiscal = await db.transaction().execute((trx) =>
    openFiscalSession(trx, getJwtSecret(t.config), {
      user: holderRow,
      accountId: accountA,
      expiresAt: new Date(Date.now() + 3_600_000),
    }),
  );
  const viewAs = await openViewAs(t, staffToken, accountA);
  const registerA = await enrolRegister(t, holderAToken, companiesA[0]!.id, { name: 'Caisse matrice' });
  const registerB = await enrolRegister(t, holderBToken, companyB.id, { name: 'Caisse matrice' });

  const usersA = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('account_id', '=', accountA)
    .execute();
  const registersA = await db
    .selectFrom('registers')
    .select('id')
    .where('account_id', '=', accountA)
    .execute();
  const debtorA = await db
    .selectFrom('customer_accounts')
    .select('id')
    .where('account_id', '=', accountA)
    .where('balance', '<', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    t,
    fromDay,
    toDay,
    credentials: {
      holderA: `Bearer ${holderAToken}`,
      holderB: `Bearer ${holderBToken}`,
      subUserWithService: `Bearer ${(await signInAs(t, withService.email)).accessToken}`,
      subUserWithoutService: `Bearer ${(await signInAs(t, withoutService.email)).accessToken}`,
      subUserOfOneEstablishment: `Bearer ${(await signInAs(t, ofOneEstablishment.email)).accessToken}`,
      inspectorA: `Bearer ${fiscal.tokens.accessToken}`,
      viewAsA: `Bearer ${viewAs.accessToken}`,
      staff: `Bearer ${staffToken}`,
      registerA: `Register ${registerA.registerToken}`,
      registerB: `Register ${registerB.registerToken}`,
      anonymous: null,
    },
    a: {
      accountId: accountA,
      companyIds: companiesA.map((c) => c.id),
      registerId: registerA.registerId,
      customerId: debtorA.id,
      secrets: [
        accountA,
        accountRow!.name,
        ...companiesA.flatMap((c) => [c.id, c.company_name]),
        ...usersA.flatMap((u) => [u.id, u.email]),
        ...registersA.map((r) => r.id),
        // Its id only: a demo customer's name or e-mail may be a namesake's in B.
        debtorA.id,
      ],
    },
  };
}

/** What the declaration says this role gets: admitted, or refused with 401 or 403. */
function expectedOutcome(route: DeclaredRoute, role: Role): 'admitted' | 401 | 403 {
  const declared = route.access;
  if (declared.kind === 'public') return 'admitted';
  if (declared.kind === 'register') {
    if (role === 'registerA') return 'admitted';
    return role === 'registerB' ? 403 : 401;
  }
  const { callers, service, viewAs, writes } = declared;
  switch (role) {
    case 'anonymous':
    case 'registerA':
    case 'registerB':
      return 401;
    case 'holderA':
    case 'holderB':
      return callers.includes('holder') ? 'admitted' : 403;
    case 'subUserWithService':
    case 'subUserOfOneEstablishment':
      return callers.includes('sub_user') ? 'admitted' : 403;
    case 'subUserWithoutService':
      return callers.includes('sub_user') && !service ? 'admitted' : 403;
    case 'inspectorA':
      return callers.includes('inspector') ? 'admitted' : 403;
    case 'viewAsA':
      return viewAs && !writes ? 'admitted' : 403;
    case 'staff':
      return callers.includes('staff') ? 'admitted' : 403;
  }
}

/** Outside account A: another account, its register, nobody, and staff outside their own support tools. */
function isOutsider(route: DeclaredRoute, role: Role): boolean {
  if (role === 'staff') return !(route.access.kind === 'session' && route.access.callers.includes('staff'));
  return role === 'holderB' || role === 'registerB' || role === 'anonymous';
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
  pattern?: string;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** A value of A's for a field, by its name first (ids, dates), then by its type. */
function sampleValue(world: World, name: string, schema: JsonSchema = {}): unknown {
  const lower = name.toLowerCase();
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sampleValue(world, name, variant);
  if (lower === 'customerid' || lower === 'customerids') {
    return [schema.type].flat()[0] === 'array' ? [world.a.customerId] : world.a.customerId;
  }
  if (lower.includes('companies')) return JSON.stringify(world.a.companyIds);
  if (lower.includes('register') && lower.includes('id')) return world.a.registerId;
  if (lower.includes('email')) return 'demo@comptoir.test';
  if (/(start|from|begin)/.test(lower) && /(date|day)/.test(lower)) return world.fromDay;
  if (/(end|to)/.test(lower) && /(date|day)/.test(lower)) return world.toDay;
  if (lower.includes('date') || lower.endsWith('day') || schema.format === 'date') return world.toDay;
  if (lower === 'month') return world.toDay.slice(0, 7);
  const type = [schema.type].flat()[0];
  if (schema.format === 'uuid' || lower === 'id' || lower.endsWith('id')) {
    return type === 'integer' || type === 'number' ? 1 : world.a.companyIds[0];
  }
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  if (type === 'array') return [sampleValue(world, name, schema.items)];
  if (type === 'object') {
    return Object.fromEntries(
      (schema.required ?? []).map((key) => [key, sampleValue(world, key, schema.properties?.[key])]),
    );
  }
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

interface Call {
  method: string;
  url: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  payload?: unknown;
}

/** The route's call with A's ids: path parameters, required and id-like query fields, a minimal body. */
function buildCall(world: World, route: DeclaredRoute, operation: OpenApiOperation | undefined): Call {
  const params = new Map((operation?.parameters ?? []).map((p) => [`${p.in}:${p.name}`, p]));
  const url = route.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = sampleValue(world, name, params.get(`path:${name}`)?.schema);
    return encodeURIComponent(String(value));
  });
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const p of operation?.parameters ?? []) {
    if (p.in === 'header' && p.required) headers[p.name] = String(sampleValue(world, p.name, p.schema));
    if (p.in !== 'query') continue;
    const isIdLike = p.schema?.format === 'uuid' || /id$/i.test(p.name);
    if (!p.required && !isIdLike && !/date|day/i.test(p.name)) continue;
    const value = sampleValue(world, p.name, p.schema);
    query[p.name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  const json = operation?.requestBody?.content['application/json']?.schema;
  return {
    method: route.method,
    url,
    query,
    headers,
    ...(json ? { payload: sampleValue(world, 'body', json) } : {}),
  };
}

async function callAs(world: World, call: Call, role: Role): Promise<LightMyRequestResponse> {
  const credential = world.credentials[role];
  return world.t.app.inject({
    method: call.method as 'GET',
    url: call.url,
    query: call.query,
    headers: {
      ...call.headers,
      ...(credential ? { authorization: credential } : {}),
      'x-id-company': world.a.companyIds.join(','),
      'x-date-begin': world.fromDay,
      'x-date-end': world.toDay,
    },
    ...(call.payload !== undefined ? { payload: call.payload as object } : {}),
  });
}

function errorCode(res: LightMyRequestResponse): string | undefined {
  try {
    return (res.json() as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

let reads: World;
let writes: World;

beforeAll(async () => {
  [reads, writes] = [await buildWorld(), await buildWorld()];
}, 600_000);
afterAll(async () => {
  await reads?.t.close();
  await writes?.t.close();
});

describe('the isolation matrix', () => {
  it('gives every route, for every role, the answer its declaration implies, and nothing of A to outsiders', async () => {
    const table = reads.t.app.accessTable.filter((route) => !route.isPluginRoute);
    const documented = (reads.t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> })
      .paths;
    const operationOf = (route: DeclaredRoute) => {
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const twin = documented[path] ?? documented[`${path}/`] ?? documented[path.replace(/\/$/, '')];
      return twin?.[route.method.toLowerCase()];
    };
    const failures: string[] = [];
    let calls = 0;
    for (const route of table) {
      const world = route.access.writes ? writes : reads;
      const call = buildCall(world, route, operationOf(route));
      const name = `${route.method} ${route.url}`;
      for (const role of ROLES) {
        const res = await callAs(world, call, role);
        calls++;
        const code = errorCode(res);
        const expected = expectedOutcome(route, role);
        if (res.statusCode >= 500) {
          failures.push(`${name} as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        } else if (expected === 'admitted') {
          // A public route checks its own credential (password, refresh or mailed token, signed link).
          const isGuardRefusal =
            (res.statusCode === 401 && route.access.kind !== 'public') ||
            (res.statusCode === 403 && code !== undefined && GUARD_CODES.has(code));
          if (isGuardRefusal) {
            failures.push(
              `${name} as ${role}: refused (${res.statusCode} ${code}) although its declaration admits it`,
            );
          }
        } else if (res.statusCode !== expected) {
          failures.push(
            `${name} as ${role}: ${res.statusCode} ${code ?? ''}, its declaration implies ${expected}`,
          );
        }
        if (isOutsider(route, role)) {
          const leaked = world.a.secrets.filter((secret) => res.body.includes(secret));
          if (leaked.length > 0)
            failures.push(`${name} as ${role}: the answer holds A's ${leaked.join(', ')}`);
        }
      }
      const insider = ROLES.find(
        (role) => !isOutsider(route, role) && expectedOutcome(route, role) === 'admitted',
      );
      if (insider && route.method === 'GET' && route.access.kind === 'session') {
        const res = await callAs(world, call, insider);
        if (errorCode(res) === 'VALIDATION_ERROR')
          failures.push(`${name}: the matrix cannot call it (${res.body})`);
      }
    }
    console.log(
      `isolation matrix: ${table.length} routes x ${ROLES.length} roles = ${calls} calls, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
