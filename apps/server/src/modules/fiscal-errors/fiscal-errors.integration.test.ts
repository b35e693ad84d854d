import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@comptoir/pos-sim';
import {
  fiscalPdfUrl,
  pdfDataUrl,
  type FiscalErrorDetail,
  type FiscalErrorsResponse,
  type PdfData,
} from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, signInAs, type TestApp } from '../../test-helpers';
import { insertRefreshToken } from '../auth/auth.repository';
import { getJwtSecret, newRefreshToken, signAccessToken } from '../../platform/tokens';

/** Two demo days through the real ingestion; defects inserted as the signature check writes them. */
const FIRST = '2026-03-01';
const LAST = '2026-03-02';

const [suite, standard] = demoAccounts();
const suiteId = suite!.accountId;
const standardId = standard!.accountId;

let t: TestApp;
let holder: string;
let otherHolder: string;
let tmp: string;

const db = () => t.database.db;

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 2, endDay: LAST });
  holder = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  otherHolder = (await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD)).accessToken;
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'comptoir-incidents-'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

/** The demo account's holder. */
const demoHolder = () => t.as(holder);

/** The tax inspector's fiscal access token on the suite account, as its sign-in mints it. */
async function fiscalToken(): Promise<string> {
  const user = await db()
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'demo@comptoir.test')
    .executeTakeFirstOrThrow();
  const grantEnd = new Date(Date.now() + 86_400_000);
  const sessionId = crypto.randomUUID();
  await insertRefreshToken(db(), {
    id: crypto.randomUUID(),
    user_id: user.id,
    token_hash: newRefreshToken().hash,
    kind: 'fiscal',
    account_id: suiteId,
    scope: 'administration-fiscale',
    session_id: sessionId,
    expires_at: grantEnd,
  });
  return signAccessToken(
    getJwtSecret(t.config),
    {
      sub: user.id,
      acc: suiteId,
      role: 'holder',
      groups: [],
      scope: 'administration-fiscale',
      sid: sessionId,
      kind: 'fiscal',
    },
    { notAfter: grantEnd },
  );
}

async function serviceOf(accountId: string, day = LAST) {
  return db()
    .selectFrom('services as s')
    .innerJoin('registers as r', 'r.id', 's.register_id')
    .innerJoin('companies as co', 'co.id', 's.company_id')
    .select(['s.id', 's.seq', 's.number', 's.register_id', 's.company_id', 'r.name', 'co.company_name'])
    .where('s.account_id', '=', accountId)
    .where('s.business_day', '=', day)
    .orderBy('s.seq')
    .executeTakeFirstOrThrow();
}

async function insertDefect(values: {
  accountId: string;
  companyId: string | null;
  registerId?: string | null;
  scope?: 'register' | 'server_closure' | 'jet' | 'archive';
  code: string;
  recordKind: string;
  recordId?: string | null;
  seq?: number | null;
  businessDay?: string | null;
  serviceId?: string | null;
  details?: Record<string, unknown>;
  message: string;
}): Promise<string> {
  const row = await db()
    .insertInto('signature_check_errors')
    .values({
      account_id: values.accountId,
      company_id: values.companyId,
      register_id: values.registerId ?? null,
      scope: values.scope ?? 'register',
      code: values.code,
      record_kind: values.recordKind,
      record_id: values.recordId ?? null,
      seq: values.seq ?? null,
      business_day: values.businessDay ?? null,
      service_id: values.serviceId ?? null,
      details: JSON.stringify(values.details ?? {}),
      message: values.message,
      job_id: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const ids: Record<string, string> = {};
let serverClosureId: string;

beforeAll(async () => {
  const service = await serviceOf(suiteId);
  const otherService = await serviceOf(standardId);
  ids.badSignature = await insertDefect({
    accountId: suiteId,
    companyId: service.company_id,
    registerId: service.register_id,
    code: 'ROW_MISMATCH',
    recordKind: 'service',
    recordId: service.id,
    seq: service.seq,
    businessDay: LAST,
    serviceId: service.id,
    details: { table: 'services', field: 'amount_total_ivat', expected: 12000, found: 13000 },
    message: 'Le total TTC du service ne correspond pas à son enregistrement signé.',
  });
  const closure = await db()
    .insertInto('server_closures')
    .values({
      account_id: suiteId,
      company_id: service.company_id,
      type: 3,
      start_day: '2020-01-01',
      end_day: '2020-01-31',
      amount_total_ivat: 500,
      amount_total_evat: 450,
      amount_tax: 50,
      amount_discount_ivat: 0,
      amount_offered_ivat: 0,
      amount_total_wo_discount_ivat: 500,
      amount_payment_shift: 500,
      grand_total_ivat: 500,
      seq: 9999,
      prev_sig: null,
      sig: 'not-a-signature',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  serverClosureId = closure.id;
  ids.closure = await insertDefect({
    accountId: suiteId,
    companyId: service.company_id,
    scope: 'server_closure',
    code: 'BAD_SIGNATURE',
    recordKind: 'server_closure',
    recordId: closure.id,
    seq: 9999,
    businessDay: FIRST,
    message: 'La signature de la clôture serveur ne se vérifie pas.',
  });
  ids.jet = await insertDefect({
    accountId: suiteId,
    companyId: null,
    scope: 'jet',
    code: 'SEQUENCE_GAP',
    recordKind: 'jet_event',
    seq: 12,
    businessDay: FIRST,
    details: { missingFrom: 10, missingTo: 11 },
    message: 'Les événements 10 à 11 du JET manquent.',
  });
  ids.foreign = await insertDefect({
    accountId: standardId,
    companyId: otherService.company_id,
    registerId: otherService.register_id,
    code: 'BROKEN_LINK',
    recordKind: 'service',
    recordId: otherService.id,
    seq: otherService.seq,
    businessDay: LAST,
    serviceId: otherService.id,
    message: 'Chaînage rompu chez un autre compte.',
  });
});

describe('POST /api/administration-fiscale/error', () => {
  it('stores a client-reported error on its record, service and day', async () => {
    const service = await serviceOf(suiteId);
    const res = await demoHolder().post('/api/administration-fiscale/error', {
      errors: [
        {
          idCashRegister: service.register_id,
          kind: 'service',
          seq: service.seq,
          code: 'POS_HEAD',
          message: 'La caisse signale une signature illisible.',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [id] = (res.json() as { ids: string[] }).ids;
    ids.client = id!;
    const detail = (
      await demoHolder().get(`/api/administration-fiscale/errors/${id}`)
    ).json() as FiscalErrorDetail;
    expect(detail.defect).toMatchObject({
      source: 'client',
      scope: 'register',
      code: 'CLIENT_REPORTED',
      registerId: service.register_id,
      recordId: service.id,
      serviceId: service.id,
      businessDay: LAST,
      details: { clientCode: 'POS_HEAD' },
      message: 'La caisse signale une signature illisible.',
    });
  });

  it("refuses another account's register and stores nothing", async () => {
    const foreign = await serviceOf(standardId);
    const before = await db()
      .selectFrom('signature_check_errors')
      .select(db().fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await demoHolder().post('/api/administration-fiscale/error', {
      errors: [{ idCashRegister: foreign.register_id, kind: 'order', code: 'X', message: 'intrus' }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('REGISTER_NOT_FOUND');
    const after = await db()
      .selectFrom('signature_check_errors')
      .select(db().fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses more than 200 errors and messages over 500 characters', async () => {
    const service = await serviceOf(suiteId);
    const one = { idCashRegister: service.register_id, kind: 'order', code: 'X', message: 'm' };
    expect(
      (
        await demoHolder().post('/api/administration-fiscale/error', {
          errors: Array.from({ length: 201 }, () => one),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await demoHolder().post('/api/administration-fiscale/error', {
          errors: [{ ...one, message: 'x'.repeat(501) }],
        })
      ).statusCode,
    ).toBe(400);
  });

  it('is refused to the tax inspector’s read-only token', async () => {
    const service = await serviceOf(suiteId);
    const res = await t.as(await fiscalToken()).post('/api/administration-fiscale/error', {
      errors: [{ idCashRegister: service.register_id, kind: 'order', code: 'X', message: 'm' }],
    });
    expect(res.statusCode).toBe(403);
  });

  it('is refused without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/administration-fiscale/error',
      payload: { errors: [] },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/administration-fiscale/errors', () => {
  it('groups the defects by erroneous service, server closure and other, with interventions', async () => {
    const res = await demoHolder().get('/api/administration-fiscale/errors');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as FiscalErrorsResponse;
    const service = await serviceOf(suiteId);
    expect(body.services).toHaveLength(1);
    expect(body.services[0]).toMatchObject({
      serviceId: service.id,
      number: service.number,
      registerName: service.name,
      companyName: service.company_name,
      businessDay: LAST,
      defectCount: 2,
    });
    expect(body.services[0]!.amountTotalIvat).toEqual(expect.any(Number));
    expect(body.services[0]!.defects.map((d) => d.id).sort()).toEqual([ids.badSignature, ids.client].sort());
    expect(body.serverClosures).toEqual([
      expect.objectContaining({
        closureId: serverClosureId,
        type: 3,
        startDay: '2020-01-01',
        defectCount: 1,
      }),
    ]);
    expect(body.serverClosures[0]!.defects[0]!.message).toBe(
      'La signature de la clôture serveur ne se vérifie pas.',
    );
    expect(body.other.map((d) => d.id)).toEqual([ids.jet]);
    expect(body.other[0]!.details).toEqual({ missingFrom: 10, missingTo: 11 });
    expect(Array.isArray(body.technicalInterventions)).toBe(true);
  });

  it("never shows another account's defects", async () => {
    const mine = (
      await demoHolder().get('/api/administration-fiscale/errors')
    ).json() as FiscalErrorsResponse;
    const all = [
      ...mine.services.flatMap((s) => s.defects),
      ...mine.serverClosures.flatMap((c) => c.defects),
      ...mine.other,
    ];
    expect(all.map((d) => d.id)).not.toContain(ids.foreign);
    expect((await demoHolder().get(`/api/administration-fiscale/errors/${ids.foreign}`)).statusCode).toBe(
      404,
    );
    const theirs = (
      await t.as(otherHolder).get('/api/administration-fiscale/errors')
    ).json() as FiscalErrorsResponse;
    expect(theirs.services.flatMap((s) => s.defects).map((d) => d.id)).toEqual([ids.foreign]);
    expect(theirs.other).toEqual([]);
  });

  it('is read by the tax inspector’s fiscal token', async () => {
    const res = await t.as(await fiscalToken()).get('/api/administration-fiscale/errors');
    expect(res.statusCode).toBe(200);
    const body = res.json() as FiscalErrorsResponse;
    expect(body.other.map((d) => d.id)).toEqual([ids.jet]);
    expect(body.services[0]!.defects.map((d) => d.id)).toContain(ids.badSignature);
  });

  it('keeps to the business days asked and refuses reversed dates', async () => {
    const first = (
      await demoHolder().get(`/api/administration-fiscale/errors?startDate=${FIRST}&endDate=${FIRST}`)
    ).json() as FiscalErrorsResponse;
    expect(first.services).toEqual([]);
    expect(first.other.map((d) => d.id)).toEqual([ids.jet]);
    const res = await demoHolder().get(
      `/api/administration-fiscale/errors?startDate=${LAST}&endDate=${FIRST}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_PERIOD');
  });

  it('gives one defect with the service it belongs to', async () => {
    const res = await demoHolder().get(`/api/administration-fiscale/errors/${ids.badSignature}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as FiscalErrorDetail;
    const service = await serviceOf(suiteId);
    expect(detail.defect.details).toEqual({
      table: 'services',
      field: 'amount_total_ivat',
      expected: 12000,
      found: 13000,
    });
    expect(detail.service).toMatchObject({
      serviceId: service.id,
      number: service.number,
      registerName: service.name,
    });
    expect(detail.serverClosure).toBeNull();
    const closure = (
      await demoHolder().get(`/api/administration-fiscale/errors/${ids.closure}`)
    ).json() as FiscalErrorDetail;
    expect(closure.serverClosure).toMatchObject({ closureId: serverClosureId, grandTotalIvat: 500 });
    expect(closure.service).toBeNull();
  });
});

async function pdfText(bytes: Buffer): Promise<string> {
  const file = path.join(tmp, `${Date.now()}-${Math.random()}.pdf`);
  await fs.writeFile(file, bytes);
  const { stdout } = await promisify(execFile)('pdftotext', ['-raw', file, '-']);
  return stdout.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
}

async function incidentPdf(token: string, range: { start?: string; end?: string } = {}): Promise<string> {
  const target = { action: 'incidents' as const, ...range };
  const data = (await t.as(token).get(pdfDataUrl(target))).json() as PdfData;
  const res = await t.as(null).get(fiscalPdfUrl(data, target));
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfText(res.rawPayload);
}

describe('the fiscal incident list PDF', () => {
  it('lists every defect of the account with its message, grouped as the page', async () => {
    const text = await incidentPdf(holder);
    expect(text).toContain('Liste des incidents fiscaux');
    expect(text).toContain('Toutes les journées');
    expect(text).toContain('Le total TTC du service ne correspond pas à son enregistrement signé.');
    expect(text).toContain('La caisse signale une signature illisible.');
    expect(text).toContain('La signature de la clôture serveur ne se vérifie pas.');
    expect(text).toContain('Les événements 10 à 11 du JET manquent.');
    expect(text).toContain('Service erroné');
    expect(text).toContain('Clôture serveur erronée');
    expect(text).toContain('Autres anomalies');
    expect(text).not.toContain('Chaînage rompu chez un autre compte.');
  });

  it('says « Aucun incident » over days without any', async () => {
    const text = await incidentPdf(holder, { start: '2019-01-01', end: '2019-01-31' });
    expect(text).toContain('Aucun incident');
    expect(text).toContain('du 01/01/2019 au 31/01/2019');
    expect(text).not.toContain('Autres anomalies');
  });
});
