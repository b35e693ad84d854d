import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpPosClient, PosApiError } from './client';

interface Seen {
  method: string;
  url: string;
  authorization: string;
  body: unknown;
}

describe('HTTP POS client', () => {
  const seen: Seen[] = [];
  let server: http.Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          authorization: req.headers.authorization ?? '',
          body: JSON.parse(text),
        });
        res.setHeader('content-type', 'application/json');
        if (req.url === '/pos/v1/registers') {
          res.end(
            JSON.stringify({
              registerId: '11111111-1111-4111-8111-111111111111',
              companyId: '22222222-2222-4222-8222-222222222222',
              registerToken: 'tok',
            }),
          );
        } else if (req.url?.endsWith('/catalog')) {
          res.statusCode = 204;
          res.end();
        } else if (req.url?.includes('gone')) {
          res.statusCode = 502;
          res.end('Bad gateway');
        } else {
          res.statusCode = 409;
          res.end(JSON.stringify({ error: { code: 'DAY_CLOSED', message: 'Journée déjà clôturée' } }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('enrolls with the holder token and then speaks as the register', async () => {
    const client = createHttpPosClient(baseUrl, 'holder-token');
    const enrolled = await client.enrollRegister({
      companyId: '22222222-2222-4222-8222-222222222222',
      name: 'Caisse',
      serial: 'CPT-1',
      publicKey: 'AAAA',
    });
    expect(enrolled.registerToken).toBe('tok');
    await client.putCatalog(enrolled.registerId, enrolled.registerToken, {
      vatRates: [],
      categories: [],
      products: [],
      paymentTypes: [],
      rooms: [],
      staff: [],
    });
    expect(seen.map((s) => [s.method, s.url, s.authorization])).toEqual([
      ['POST', '/pos/v1/registers', 'Bearer holder-token'],
      ['PUT', '/pos/v1/registers/11111111-1111-4111-8111-111111111111/catalog', 'Register tok'],
    ]);
  });

  it('throws the server’s error code and message on a refusal', async () => {
    const client = createHttpPosClient(baseUrl, 'holder-token');
    const batch = { batchId: '33333333-3333-4333-8333-333333333333', records: [] };
    const error = await client
      .postBatch('11111111-1111-4111-8111-111111111111', 'tok', batch)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PosApiError);
    expect(error).toMatchObject({ status: 409, code: 'DAY_CLOSED', serverMessage: 'Journée déjà clôturée' });
    expect((error as PosApiError).body).toEqual({
      error: { code: 'DAY_CLOSED', message: 'Journée déjà clôturée' },
    });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/pos/v1/registers/11111111-1111-4111-8111-111111111111/batches',
      body: batch,
    });
  });

  it('keeps the text of an answer that is not the API’s JSON', async () => {
    const client = createHttpPosClient(baseUrl, 'holder-token');
    const error = await client
      .postBatch('gone', 'tok', { batchId: 'x', records: [] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', serverMessage: 'Bad gateway' });
  });
});
