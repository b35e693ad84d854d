import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type {
  EnrollRegisterRequest,
  EnrollRegisterResponse,
  OrderData,
  ViewAsResponse,
} from '@comptoir/contracts';
import { generateKeyPair, rawPublicKey, type SigningKeyPair } from '@comptoir/fiscal';
import { buildApp } from './app';
import { openDatabase, type DatabaseHandle, type Db } from './db/database';
import type { UserRow } from './db/schema/identity';
import { loadConfig, type Config } from './platform/config';
import { defaultServerKeyFile, loadServerKey } from './platform/server-key';
import type { NewUserInput } from './modules/auth/auth.service';
import { amountExclVat } from './modules/pos/pos.rules';
import { openPostgresCopy, pgliteTemplate } from './testing/database-templates';
import { openDemoDatabase, type DemoDays } from './testing/demo-templates';

/**
 * A fresh database for one test file, copied from a migrated template: in-memory PGlite by default,
 * or a new database on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite on both).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ loadDataDir: await pgliteTemplate() });
  return openPostgresCopy(serverUrl);
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Requests as the portal sends them for this caller: its bearer token, or none (signed out). */
  as(token: string | null, defaults?: RequestOptions): Caller;
  /** Requests as a register sends them, with its register token. */
  asRegister(registerToken: string, defaults?: RequestOptions): Caller;
  close(): Promise<void>;
}

export interface RequestOptions {
  /** Extra headers (the portal's `x-id-company`, `x-date-begin`…), merged over the caller's defaults. */
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /**
   * The caller's address; `uniqueAddress()` keeps a file's many calls clear of per-address limits,
   * and the function itself (`remoteAddress: uniqueAddress`) gives each request an address of its own.
   */
  remoteAddress?: string | (() => string);
}

export type TestResponse = Awaited<ReturnType<FastifyInstance['inject']>>;

/** One caller of the app, signed in or not (`t.as(token).get('/api/…')`), or a register (`t.asRegister`). */
export interface Caller {
  readonly token: string | null;
  get(url: string, options?: RequestOptions): Promise<TestResponse>;
  delete(url: string, options?: RequestOptions): Promise<TestResponse>;
  post(url: string, payload?: unknown, options?: RequestOptions): Promise<TestResponse>;
  put(url: string, payload?: unknown, options?: RequestOptions): Promise<TestResponse>;
  patch(url: string, payload?: unknown, options?: RequestOptions): Promise<TestResponse>;
}

/** An address of its own for a request (10.x), clear of the per-address limits of sign-in and the like. */
export function uniqueAddress(): string {
  return `10.${crypto.randomInt(200, 256)}.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;
}

/** A caller of any Fastify app (a bare app a test builds, say), as `t.as` is of the whole app. */
export function callerOf(app: FastifyInstance, token: string | null, defaults?: RequestOptions): Caller {
  return sender(app, token, token && `Bearer ${token}`, defaults);
}

function sender(
  app: FastifyInstance,
  token: string | null,
  authorization: string | null,
  defaults: RequestOptions = {},
): Caller {
  const send = (
    method: 'GET' | 'DELETE' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload: unknown,
    options: RequestOptions = {},
  ) => {
    const address = options.remoteAddress ?? defaults.remoteAddress;
    const remoteAddress = typeof address === 'function' ? address() : address;
    const query = { ...defaults.query, ...options.query };
    return app.inject({
      method,
      url,
      headers: {
        ...(authorization ? { authorization } : {}),
        ...defaults.headers,
        ...options.headers,
      },
      ...(Object.keys(query).length > 0 ? { query } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
      ...(payload === undefined ? {} : { payload: payload as string | object }),
    });
  };
  return {
    token,
    get: (url, options) => send('GET', url, undefined, options),
    delete: (url, options) => send('DELETE', url, undefined, options),
    post: (url, payload, options) => send('POST', url, payload, options),
    put: (url, payload, options) => send('PUT', url, payload, options),
    patch: (url, payload, options) => send('PATCH', url, payload, options),
  };
}

/** Builds the whole app on a fresh database, silent unless `logger` is given; call `close()` in afterAll. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  logger: Record<string, unknown> | false = false,
): Promise<TestApp> {
  return appOn(await openTestDatabase(), testConfig(overrides), logger);
}

/** Builds the whole app on a database the test opened itself (on a PostgreSQL cluster of its own, say). */
export function buildTestAppOn(database: DatabaseHandle, overrides: Partial<Config> = {}): Promise<TestApp> {
  return appOn(database, testConfig(overrides), false);
}

/**
 * The tests' access-token secret, the same for every app they build (a demo template and the test
 * app copying it, two instances): the start check refuses an app whose secret differs from the one
 * its database recorded, and a secret derived from a data directory's files would depend on what an
 * earlier release left in `var/` (its `jwt.key`). A test of the derivation passes `jwtSecret: undefined`.
 */
const TEST_JWT_SECRET = 'comptoir-tests-access-token-secret-0123456789';

function testConfig(overrides: Partial<Config>): Config {
  return { ...loadConfig({}), seedDemo: false, jwtSecret: TEST_JWT_SECRET, ...overrides };
}

/**
 * Builds the whole app on a database holding `days` demo days ending `endDay`, as `loadDemo(app, …)`
 * on a fresh one leaves it: the days are loaded once into a template (see testing/demo-templates.ts)
 * that each file copies. The app signs with the tests' shared server key, even with a data directory
 * of its own; one given its own signing key file loads the days itself.
 */
export async function buildDemoTestApp(demo: DemoDays, overrides: Partial<Config> = {}): Promise<TestApp> {
  const { loadDemo } = await import('./demo/load-demo');
  if (overrides.serverSigningKeyFile) {
    const t = await buildTestApp(overrides);
    await loadDemo(t.app, demo);
    return t;
  }
  const shared = testConfig({});
  const serverSigningKeyFile = defaultServerKeyFile(shared.dataDir);
  const fillerConfig = { ...shared, serverSigningKeyFile };
  const database = await openDemoDatabase(demo, loadServerKey(shared).publicKeyRaw, async (empty) => {
    const filler = await appOn({ ...empty, close: async () => {} }, fillerConfig, false);
    try {
      await loadDemo(filler.app, demo);
    } finally {
      await filler.close();
    }
  });
  return appOn(database, testConfig({ serverSigningKeyFile, ...overrides }), false);
}

async function appOn(
  database: DatabaseHandle,
  config: Config,
  logger: Record<string, unknown> | false,
): Promise<TestApp> {
  const app = await buildApp({ config, database, logger });
  await app.ready();
  return {
    app,
    database,
    config,
    as: (token, defaults) => callerOf(app, token, defaults),
    asRegister: (registerToken, defaults) =>
      sender(app, registerToken, `Register ${registerToken}`, defaults),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface TestTenant {
  accountId: string;
  companyIds: string[];
  holderEmail: string;
  password: string;
}

/** An account with establishments and a holder who can sign in. */
export async function createTestTenant(
  t: TestApp,
  options: { companies?: number; email?: string } = {},
): Promise<TestTenant> {
  const { createUser } = await import('./modules/auth/auth.service');
  const db = t.database.db;
  const accountId = crypto.randomUUID();
  const companyIds = Array.from({ length: options.companies ?? 1 }, () => crypto.randomUUID());
  await db.insertInto('accounts').values({ id: accountId, name: 'Compte test', edition: 'suite' }).execute();
  await db
    .insertInto('companies')
    .values(
      companyIds.map((id, i) => ({ id, account_id: accountId, company_name: `Établissement ${i + 1}` })),
    )
    .execute();
  const holderEmail = options.email ?? `holder-${accountId.slice(0, 8)}@example.test`;
  const password = 'Test-password-1';
  await createUser(db, {
    accountId,
    email: holderEmail,
    password,
    passwordHash: await testPasswordHash(password),
    firstname: 'Test',
    lastname: 'Holder',
    role: 'holder',
  });
  return { accountId, companyIds, holderEmail, password };
}

/** The password of the users that `createTestUser` makes. */
export const TEST_PASSWORD = 'Vin-Rouge-1975';

/** An account (standard edition unless told) with its establishments, by default one "Le Petit Zinc". */
export async function createAccount(
  db: Db,
  options: {
    edition?: 'standard' | 'suite';
    companies?: { name: string; siret?: string; city?: string }[];
  } = {},
): Promise<{ accountId: string; companyIds: string[] }> {
  const accountId = crypto.randomUUID();
  await db
    .insertInto('accounts')
    .values({
      id: accountId,
      name: `Compte ${accountId.slice(0, 8)}`,
      edition: options.edition ?? 'standard',
    })
    .execute();
  const companyIds: string[] = [];
  for (const company of options.companies ?? [{ name: 'Le Petit Zinc' }]) {
    const id = crypto.randomUUID();
    await db
      .insertInto('companies')
      .values({
        id,
        account_id: accountId,
        company_name: company.name,
        siret: company.siret ?? null,
        address_city: company.city ?? null,
      })
      .execute();
    companyIds.push(id);
  }
  return { accountId, companyIds };
}

const testHashes = new Map<string, Promise<string>>();

/**
 * The kit's users are stored with a cheap hash of their password (scrypt N = 2^10, made once per
 * password and process): its parameters travel with it and sign-in checks it like any other, while
 * the product's cost (2^15, about 100 ms) would make the suite's thousand sign-ins a minute of work.
 */
async function testPasswordHash(password: string): Promise<string> {
  let hash = testHashes.get(password);
  if (!hash) {
    const { hashPassword } = await import('./modules/auth/passwords');
    hash = hashPassword(password, { N: 2 ** 10, r: 8, p: 1 });
    testHashes.set(password, hash);
  }
  return hash;
}

/** A user (a holder unless told) with a unique e-mail and `TEST_PASSWORD`. */
export async function createTestUser(
  db: Db,
  input: Partial<NewUserInput> & Pick<NewUserInput, 'accountId'>,
): Promise<UserRow> {
  const { createUser } = await import('./modules/auth/auth.service');
  const password = input.password ?? TEST_PASSWORD;
  return createUser(db, {
    email: `user-${crypto.randomUUID()}@comptoir.test`,
    firstname: 'Alex',
    lastname: 'Durand',
    role: 'holder',
    ...input,
    password,
    passwordHash: input.passwordHash ?? (await testPasswordHash(password)),
  });
}

export interface TestSession {
  accessToken: string;
  refreshToken: string;
}

/**
 * Signs in through POST /auth/login, as the login page does, from an address of its own so that
 * a file's many sign-ins stay clear of the per-address limit.
 */
export async function signInAs(
  t: TestApp,
  email: string,
  password: string = TEST_PASSWORD,
): Promise<TestSession> {
  const res = await t.as(null, { remoteAddress: uniqueAddress() }).post('/auth/login', { email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export interface TestRegister {
  registerId: string;
  registerToken: string;
  /** The key pair it signs with, and its public key as it was enrolled (raw, base64). */
  keys: SigningKeyPair;
  publicKey: string;
}

/** Enrols a register of `companyId` as its holder does, with a fresh key pair and serial unless given. */
export async function enrolRegister(
  t: TestApp,
  holderToken: string,
  companyId: string,
  options: { name?: string; serial?: string; keys?: SigningKeyPair } = {},
): Promise<TestRegister> {
  const keys = options.keys ?? generateKeyPair();
  const publicKey = rawPublicKey(keys.publicKey);
  const body: EnrollRegisterRequest = {
    companyId,
    name: options.name ?? 'Caisse 1',
    serial: options.serial ?? `SN-${crypto.randomUUID()}`,
    publicKey,
  };
  const res = await t.as(holderToken).post('/pos/v1/registers', body);
  if (res.statusCode !== 201) {
    throw new Error(`enrolment of a register failed: ${res.statusCode} ${res.body}`);
  }
  const { registerId, registerToken } = res.json<EnrollRegisterResponse>();
  return { registerId, registerToken, keys, publicKey };
}

/** Opens a view-as-customer session on `accountId` as support staff, exchanged as the portal does. */
export async function openViewAs(t: TestApp, staffToken: string, accountId: string): Promise<TestSession> {
  const opened = await t
    .as(staffToken, { remoteAddress: uniqueAddress })
    .post('/api/support/view-as', { accountId });
  if (opened.statusCode !== 201) {
    throw new Error(`view-as of ${accountId} failed: ${opened.statusCode} ${opened.body}`);
  }
  const { viewAsCustomerToken } = opened.json<ViewAsResponse>();
  const exchanged = await t
    .as(null, { remoteAddress: uniqueAddress })
    .get(`/api/auth/accessToken/?refreshToken=${encodeURIComponent(viewAsCustomerToken)}`);
  if (exchanged.statusCode !== 200) {
    throw new Error(`view-as token exchange failed: ${exchanged.statusCode} ${exchanged.body}`);
  }
  return exchanged.json<TestSession>();
}

/** Polls `probe` until it returns a truthy value (e.g. a job's row once it is done). */
export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP peer that keeps what it receives (no TLS, no auth), on a free local port or on `port`
 * (a server that was down, started where the mailer already points).
 */
export async function startSmtpPeer(options: { port?: number } = {}): Promise<{
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const { SMTPServer } = await import('smtp-server');
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The POS staff member of the hand-built test records. */
export const TEST_STAFF = {
  id: 'b5f0c3a1-7d2e-4c8a-9f61-2e4d8a7c1b03',
  firstname: 'Léa',
  lastname: 'Martin',
};

/** A one-line order at 10 % VAT paid by card on `day`, as a register would sign it. */
export function oneLineOrder(
  number: number,
  day: string,
  price = 1850,
  ids: { categoryId?: string; paymentTypeId?: string } = {},
): OrderData {
  const evat = amountExclVat(price, 1000);
  const at = `${day}T12:30:00.000Z`;
  const id = crypto.randomUUID();
  return {
    id,
    serviceId: crypto.randomUUID(),
    number,
    businessDay: day,
    openedAt: `${day}T12:00:00.000Z`,
    closedAt: at,
    activityType: 1,
    roomId: null,
    roomName: 'Salle',
    tableName: 'T1',
    covers: 2,
    user: TEST_STAFF,
    customerAccountId: null,
    cancelsOrderId: null,
    globalDiscount: 0,
    amountTotalIvat: price,
    amountTotalEvat: evat,
    amountTax: price - evat,
    amountDiscountIvat: 0,
    amountOfferedIvat: 0,
    amountTotalWoDiscountIvat: price,
    lines: [
      {
        id: crypto.randomUUID(),
        parentId: null,
        productId: crypto.randomUUID(),
        productName: 'Plat du jour',
        categoryId: ids.categoryId ?? crypto.randomUUID(),
        categoryName: 'Plats',
        quantity: 1,
        standardPrice: price,
        price,
        discount: 0,
        offered: 0,
        vatRateBp: 1000,
        amountEvat: evat,
        amountTax: price - evat,
        removed: false,
        createdAt: at,
        userId: TEST_STAFF.id,
      },
    ],
    payments: [
      {
        id: crypto.randomUUID(),
        paymentTypeId: ids.paymentTypeId ?? crypto.randomUUID(),
        paymentName: 'Carte bancaire',
        amount: price,
        tip: 0,
        at,
        device: 'TPE',
        userId: TEST_STAFF.id,
        customerAccountId: null,
        removed: false,
      },
    ],
    tracking: [
      {
        id: crypto.randomUUID(),
        action: 'create',
        tableName: 'order',
        tableId: id,
        key: null,
        value: null,
        at,
        comment: null,
      },
    ],
    appVersion: '4.0.0',
  };
}
