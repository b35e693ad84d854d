import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser, jsonResponse, MemoryStorage } from '../testing/fakeBrowser';
import { reportingRequest } from './reportingApi';

let browser: ReturnType<typeof installFakeBrowser>;
let session: MemoryStorage;

beforeEach(() => {
  browser = installFakeBrowser('/v2/sales-analysis');
  session = new MemoryStorage();
  vi.stubGlobal('sessionStorage', session);
  browser.storage.setItem('accessToken', 'a1');
  browser.storage.setItem('refreshToken', 'r1');
});

afterEach(() => vi.unstubAllGlobals());

describe('reporting-API helper (spec §7)', () => {
  it('sends the token and the session filters as headers, a GET payload as query', async () => {
    session.setItem('id-company', 'c1,c2');
    session.setItem('date-begin', '2026-11-01');
    session.setItem('date-end', '2026-11-21');
    browser.fetch.mockResolvedValueOnce(jsonResponse(200, { total: 12 }));

    const result = await reportingRequest('GET', 'reports', 'sales', { groupBy: 'day', empty: undefined });

    expect(result).toEqual([{ total: 12 }]);
    const [url, init] = browser.fetch.mock.calls[0]!;
    expect(url).toBe('/api/reports/sales?groupBy=day');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toMatchObject({
      authorization: 'Bearer a1',
      'x-id-company': 'c1,c2',
      'x-date-begin': '2026-11-01',
      'x-date-end': '2026-11-21',
    });
  });

  it('sends other methods with a JSON body and extra headers', async () => {
    browser.fetch.mockResolvedValueOnce(jsonResponse(200, { ok: true }));

    await reportingRequest('PUT', 'settings', undefined, { dayStartHour: 5 }, { 'x-extra': '1' });

    const [url, init] = browser.fetch.mock.calls[0]!;
    expect(url).toBe('/api/settings');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"dayStartHour":5}');
    expect(init?.headers).toMatchObject({ 'content-type': 'application/json', 'x-extra': '1' });
    expect(init?.headers).not.toHaveProperty('x-id-company');
  });

  it('rethrows the server refusal to the caller', async () => {
    session.setItem('id-company', 'someone-else');
    browser.fetch.mockResolvedValueOnce(
      jsonResponse(403, { error: { code: 'COMPANY_FORBIDDEN', message: 'Not yours' } }),
    );
    await expect(reportingRequest('GET', 'reports', 'sales')).rejects.toMatchObject({
      status: 403,
      code: 'COMPANY_FORBIDDEN',
    });
  });
});
