import { parisDayOf } from '@comptoir/contracts';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestTenant,
  signInAs,
  type Caller,
  type TestApp,
  type TestResponse,
} from '../../test-helpers';

/**
 * The fiscal period rule of the contracts (`withFiscalPeriod`), on every fiscal read that takes days:
 * from 2000-01-01 to 31 December of the current year, 366 days at most (spec 2 §2: the closures
 * list's predefined ranges are a year at most; spec 1 §5: the archive export, one year).
 */

let t: TestApp;
let token: string;
let companyId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await createTestTenant(t);
  companyId = tenant.companyIds[0]!;
  token = (await signInAs(t, tenant.holderEmail, tenant.password)).accessToken;
});
afterAll(() => t.close());

// A type, not an interface: a request's query wants an index signature.
type Period = { startDate: string; endDate: string };

const asUnixSeconds = (day: string) => String(Date.parse(`${day}T12:00:00Z`) / 1000);
const asArchiveDay = (day: string) => day.replaceAll('-', '');

/** Each route with the way it writes a day (spec 2 §7: unix seconds for the register list). */
const routes: { name: string; request: (holder: Caller, period: Period) => Promise<TestResponse> }[] = [
  {
    name: 'closures',
    request: (holder, query) => holder.get('/api/administration-fiscale/cloture', { query }),
  },
  {
    name: 'tracking',
    request: (holder, query) => holder.get('/api/administration-fiscale/tracking/services', { query }),
  },
  {
    name: 'server tracking',
    request: (holder, query) => holder.get('/api/administration-fiscale/tracking-server', { query }),
  },
  {
    name: 'technical interventions',
    request: (holder, query) => holder.get('/api/technical-intervention', { query }),
  },
  {
    name: 'server closures',
    request: (holder, query) => holder.get('/api/administration-fiscale/server-closures', { query }),
  },
  { name: 'JET', request: (holder, query) => holder.get('/api/administration-fiscale/jet', { query }) },
  {
    name: 'errors',
    request: (holder, query) => holder.get('/api/administration-fiscale/errors', { query }),
  },
  {
    name: 'signature check',
    request: (holder, query) => holder.post('/api/check/signatureServer', undefined, { query }),
  },
  {
    name: "a register's signature check",
    request: (holder, query) =>
      holder.post(
        '/api/check/signaturePos',
        { lastSignatures: [] },
        { query: { ...query, idCashRegister: crypto.randomUUID() } },
      ),
  },
  {
    name: 'registers of a range',
    request: (holder, { startDate, endDate }) =>
      holder.get('/api/administration-fiscale/check/fetchIdsCashRegisters', {
        query: { startDate: asUnixSeconds(startDate), endDate: asUnixSeconds(endDate) },
      }),
  },
  {
    name: 'archive export',
    request: (holder, { startDate, endDate }) =>
      holder.get(`/api/administration-fiscale/${companyId}/`, {
        query: {
          startDate: asArchiveDay(startDate),
          endDate: asArchiveDay(endDate),
          email: 'compta@brasserie.test',
          kind: 'cashing',
        },
      }),
  },
];

const today = parisDayOf(new Date());
const year = Number(today.slice(0, 4));

describe.each(routes)('the fiscal period rule on $name', ({ request }) => {
  it('refuses a day before 2000 with DATE_OUT_OF_RANGE', async () => {
    const res = await request(t.as(token), { startDate: '1999-12-01', endDate: '1999-12-31' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'DATE_OUT_OF_RANGE',
      message: "Les dates doivent être comprises entre le 01/01/2000 et le 31/12 de l'année en cours.",
    });
  });

  it('refuses a day after the current year with DATE_OUT_OF_RANGE', async () => {
    const res = await request(t.as(token), { startDate: today, endDate: `${year + 2}-01-01` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('DATE_OUT_OF_RANGE');
  });

  it('refuses more than 366 days with PERIOD_TOO_LONG', async () => {
    const res = await request(t.as(token), { startDate: '2023-01-01', endDate: '2024-01-02' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'PERIOD_TOO_LONG',
      message: 'La période ne doit pas dépasser un an.',
    });
  });

  it('accepts a leap year and the current year, as the predefined ranges ask', async () => {
    for (const period of [
      { startDate: '2024-01-01', endDate: '2024-12-31' },
      { startDate: `${year}-01-01`, endDate: `${year}-12-31` },
    ]) {
      const res = await request(t.as(token), period);
      // Past the rule: the route answers (a 404 for the unknown register of a register's check).
      expect([200, 404], res.body).toContain(res.statusCode);
    }
  });
});
