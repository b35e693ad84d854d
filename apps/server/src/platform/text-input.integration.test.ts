import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestTenant, signInAs, type TestApp } from '../test-helpers';

let t: TestApp;
let holderToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await createTestTenant(t);
  holderToken = (await signInAs(t, tenant.holderEmail, tenant.password)).accessToken;
});
afterAll(async () => {
  await t.close();
});

const holder = () => t.as(holderToken);

/** Puts the raw bytes as the settings' JSON body. */
function putSettings(payload: string | Buffer) {
  return holder().put('/api/reports/settings', payload, { headers: { 'content-type': 'application/json' } });
}

function expectInvalidText(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: { code: 'INVALID_TEXT', message: expect.any(String) } });
}

describe('text that PostgreSQL cannot store is refused with 400 INVALID_TEXT', () => {
  it('refuses a NUL byte in the query', async () => {
    expectInvalidText(await holder().get('/api/account/migration/email/exist?email=a%00b'));
    expectInvalidText(await holder().get('/api/technical-intervention?objectId=a%00b'));
  });

  it('refuses a NUL byte in a query parameter no route declares', async () => {
    expectInvalidText(await holder().get('/api/user/me?extra=%00'));
  });

  it('refuses a NUL byte in a path parameter', async () => {
    expectInvalidText(await holder().get('/api/technical-intervention/a%00b'));
  });

  it('refuses a query escape that is not UTF-8', async () => {
    expectInvalidText(await holder().get('/api/account/migration/email/exist?email=a%FFb'));
    expectInvalidText(await holder().get('/api/account/migration/email/exist?email=%ED%A0%80'));
  });

  it('refuses a path escape that is not UTF-8, in the error shape', async () => {
    expectInvalidText(await holder().get('/api/technical-intervention/a%FFb'));
  });

  it('refuses a NUL byte in a header', async () => {
    expectInvalidText(
      await holder().get('/api/user/me', { headers: { 'x-date-begin': '2024-01-01\u0000' } }),
    );
  });

  it('refuses a NUL escape at any depth of a JSON body, and in a key', async () => {
    expectInvalidText(await putSettings('{"a":{"b":[1,{"c":"x\\u0000"}]}}'));
    expectInvalidText(await putSettings('{"k\\u0000":1}'));
  });

  it('refuses a lone surrogate in a JSON body', async () => {
    expectInvalidText(await putSettings('{"a":["\\ud800"]}'));
    expectInvalidText(await putSettings('{"a":"\\udc00x"}'));
  });

  it('refuses a JSON body that is not UTF-8', async () => {
    expectInvalidText(await putSettings(Buffer.from([0x7b, 0x22, 0x61, 0xff, 0x22, 0x3a, 0x31, 0x7d])));
  });

  it('answers a body that is not JSON with 400 INVALID_JSON and a French message', async () => {
    for (const body of ['{"a":', 'not json', '{"a":1}}', '']) {
      const res = await putSettings(body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json(), body).toEqual({
        error: { code: 'INVALID_JSON', message: "Le corps de la requête n'est pas un JSON valide." },
      });
    }
  });

  it('lets an escaped backslash followed by u0000 and a surrogate pair through', async () => {
    const res = await putSettings('{"note":"C:\\\\u0000 \\ud83d\\ude00 😀"}');
    expect(res.json()).not.toMatchObject({ error: { code: 'INVALID_TEXT' } });
  });
});

describe('Fastify’s refusals of a body, in the API’s words', () => {
  it('answers a body of another type with 415 UNSUPPORTED_MEDIA_TYPE, one over the 16 MiB limit with 413', async () => {
    const wrongType = await holder().put('/api/reports/settings', '<a>1</a>', {
      headers: { 'content-type': 'application/xml' },
    });
    expect(wrongType.statusCode, wrongType.body).toBe(415);
    expect(wrongType.json()).toEqual({
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Ce type de contenu n’est pas accepté : envoyez du JSON (application/json).',
      },
    });
    const tooLarge = await putSettings(JSON.stringify({ note: 'x'.repeat(17 * 1024 * 1024) }));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'La requête est trop volumineuse.' },
    });
  });
});
