import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { demoAccounts } from '@comptoir/pos-sim';
import type { GenerateLinkResponse, Partner, PartnersResponse } from '@comptoir/contracts';
import { PARTNER_CATEGORY_IDS, PARTNER_IDS } from '../../db/migrations/020-partners';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { answerAsPartner, injectTransport } from '../../demo/partner-sim';
import { JET_EVENTS, listJetEvents } from '../../platform/jet';
import {
  buildDemoTestApp,
  createAccount,
  createTestUser,
  signInAs,
  type TestApp,
  uniqueAddress,
} from '../../test-helpers';

/** Issue 19 parts 1–2: the partner grid, activation, keys, the partner callback and connection tokens. */
const [suite, standard] = demoAccounts();

let t: TestApp;
let demoToken: string;
let standardToken: string;
let bareToken: string;
/** The clear key the accounting partner received (validated below). */
let bilanKey: string;

const db = () => t.database.db;

/** Each request from an address of its own, clear of the per-address limits. */
const caller = (token: string | null) => t.as(token, { remoteAddress: uniqueAddress });

async function grid(token: string): Promise<PartnersResponse> {
  const res = await caller(token).get('/api/partners');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function partnerOf(token: string, id: string): Promise<Partner> {
  const found = (await grid(token)).partnersCategories.flatMap((c) => c.partners).find((p) => p.id === id);
  if (!found) throw new Error(`partner ${id} not in the grid`);
  return found;
}

async function ipadToken(token: string): Promise<string> {
  const res = await caller(token).post('/api/partnership/ipadToken', {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ ipadToken: string }>().ipadToken;
}

async function generateKey(token: string, partnerId: string): Promise<GenerateLinkResponse> {
  const res = await caller(token).post('/api/partnership/generate-link', {
    ipadToken: await ipadToken(token),
    partnerId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function callback(key: string | null, payload: object, scheme = 'PartnerKey') {
  return caller(null).post('/api/partners/callback', payload, {
    headers: key ? { authorization: `${scheme} ${key}` } : {},
  });
}

async function accountJet(accountId: string, code: string) {
  const events = await listJetEvents(db(), accountId);
  return events.filter((e) => e.code === code);
}

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 2, endDay: '2026-03-06' });
  demoToken = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  standardToken = (await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD)).accessToken;
  const bare = await createAccount(db(), { companies: [{ name: 'Café sans caisse' }] });
  const holder = await createTestUser(db(), { accountId: bare.accountId });
  bareToken = (await signInAs(t, holder.email)).accessToken;
}, 300_000);
afterAll(async () => {
  await t.close();
});

describe('the partner grid', () => {
  it('lists every category in order, the empty one included, with the seeded partners and logos', async () => {
    const answer = await grid(standardToken);
    expect(answer.partnersCategories.map((c) => [c.code, c.name, c.partners.length])).toEqual([
      ['purchasing', 'Fournisseurs et achats', 3],
      ['booking', 'Réservation en ligne', 2],
      ['accounting', 'Comptabilité', 1],
      ['delivery', 'Livraison', 2],
      ['loyalty', 'Fidélité et marketing', 0],
    ]);
    const partners = answer.partnersCategories.flatMap((c) => c.partners);
    const ouilink = partners.find((p) => p.code === 'ouilink');
    expect(ouilink).toMatchObject({
      id: PARTNER_IDS.ouilink,
      withAction: true,
      logo: '/partners/ouilink.svg',
    });
    expect(partners.filter((p) => p.keyDisplay === 'read_only').map((p) => p.code)).toEqual(['bilan-zinc']);
    expect(partners.find((p) => p.code === 'le-caveau')).toMatchObject({
      withAction: false,
      canActivate: false,
    });
    expect(partners.every((p) => p.logo?.startsWith('/partners/') && (p.description?.length ?? 0) > 80)).toBe(
      true,
    );
    expect(answer.canActivate).toBe(true);
  });

  it('shows the three states the simulated partners left in the demo', async () => {
    const answer = await grid(demoToken);
    const byCode = new Map(answer.partnersCategories.flatMap((c) => c.partners).map((p) => [p.code, p]));
    expect(byCode.get('table-ouverte')).toMatchObject({ status: 'validated' });
    expect(byCode.get('table-ouverte')?.partnerCustomerId).toMatch(/^CLI-\d{6}$/);
    expect(byCode.get('livreplat')).toMatchObject({ status: 'refused', partnerCustomerId: null });
    expect(byCode.get('livreplat')?.refusedReason).toContain('hors de notre zone');
    expect(byCode.get('velocourse')).toMatchObject({ status: 'waiting', partnerCustomerId: null });
    expect(byCode.get('ouilink')).toMatchObject({ status: 'none', keyPrefix: null });
    // Another account sees none of them.
    const other = (await grid(standardToken)).partnersCategories.flatMap((c) => c.partners);
    expect(other.map((p) => p.status)).toEqual(other.map(() => 'none'));
  });

  it('says an account whose registers never ran the partner app version cannot activate', async () => {
    const answer = await grid(bareToken);
    expect(answer.canActivate).toBe(false);
    expect(answer.minAppVersion).toBe('4.2.0');
    expect(answer.partnersCategories.flatMap((c) => c.partners).some((p) => p.canActivate)).toBe(false);
    const res = await caller(bareToken).post('/api/partnership/ipadToken', {});
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('APP_UPDATE_NEEDED');
  });
});

describe('activation and the partner callback', () => {
  it("accepts the spec's body for the activation token: the caller's refresh token (spec 1 §7)", async () => {
    const session = await signInAs(t, 'standard@comptoir.test', DEMO_PASSWORD);
    const res = await caller(session.accessToken).post('/api/partnership/ipadToken', {
      refreshToken: session.refreshToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ ipadToken: string }>().ipadToken).toMatch(/^ipt_/);
    const unknown = await caller(session.accessToken).post('/api/partnership/ipadToken', { other: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('stores only the hash of a generated key and moves none to waiting', async () => {
    expect((await partnerOf(demoToken, PARTNER_IDS.primeurs)).status).toBe('none');
    const { token, partner } = await generateKey(demoToken, PARTNER_IDS.primeurs);
    expect(token).toMatch(/^cpk_[\w-]{43}$/);
    expect(partner).toMatchObject({
      status: 'waiting',
      keyPrefix: token.slice(0, 12),
      partnerCustomerId: null,
    });
    const row = await db()
      .selectFrom('partner_integrations')
      .selectAll()
      .where('partner_id', '=', PARTNER_IDS.primeurs)
      .where('account_id', '=', suite!.accountId)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    const everywhere = await sql<{ n: number }>`select count(*)::int as n from partner_integrations i
      where i::text like ${`%${token}%`}`.execute(db());
    expect(everywhere.rows[0]!.n).toBe(0);
    const generated = await accountJet(suite!.accountId, JET_EVENTS.partnerKeyGenerated.code);
    expect(generated.at(-1)?.details).toMatchObject({
      partnerId: PARTNER_IDS.primeurs,
      partnerCode: 'primeurs-direct',
      keyPrefix: token.slice(0, 12),
      previousStatus: 'none',
    });
  });

  it('refuses a wrong, missing or foreign-scheme key with 401 and changes nothing', async () => {
    const { token } = await generateKey(demoToken, PARTNER_IDS.resaBistrot);
    const jetBefore = (await listJetEvents(db(), suite!.accountId)).length;
    const wrong = `${token.slice(0, -2)}xx`;
    for (const res of [
      await callback(wrong, { action: 'validate', customerId: 'X-1' }),
      await callback(null, { action: 'validate', customerId: 'X-1' }),
      await callback(token, { action: 'validate', customerId: 'X-1' }, 'Bearer'),
      await callback('cct_notakey', { action: 'refuse' }),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error.code).toBe('PARTNER_KEY_REFUSED');
    }
    expect((await partnerOf(demoToken, PARTNER_IDS.resaBistrot)).status).toBe('waiting');
    expect((await listJetEvents(db(), suite!.accountId)).length).toBe(jetBefore);
  });

  it('validates with the customer id, once; a validated integration gets no new key', async () => {
    const { token } = await generateKey(demoToken, PARTNER_IDS.bilanZinc);
    bilanKey = token;
    const res = await callback(token, { action: 'validate', customerId: 'BZ-2026-0042' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'validated', partnerCustomerId: 'BZ-2026-0042' });
    expect(await partnerOf(demoToken, PARTNER_IDS.bilanZinc)).toMatchObject({
      status: 'validated',
      partnerCustomerId: 'BZ-2026-0042',
      keyDisplay: 'read_only',
      keyPrefix: token.slice(0, 12),
    });
    const validatedEvents = () => accountJet(suite!.accountId, JET_EVENTS.partnerIntegrationValidated.code);
    const count = (await validatedEvents()).length;
    expect((await validatedEvents()).at(-1)?.details).toMatchObject({
      partnerCode: 'bilan-zinc',
      partnerCustomerId: 'BZ-2026-0042',
    });
    // The same answer again changes nothing; another customer id is refused.
    expect((await callback(token, { action: 'validate', customerId: 'BZ-2026-0042' })).statusCode).toBe(200);
    const other = await callback(token, { action: 'validate', customerId: 'BZ-9999' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('PARTNER_TRANSITION_REFUSED');
    expect((await validatedEvents()).length).toBe(count);
    const again = await caller(demoToken).post('/api/partnership/generate-link', {
      ipadToken: await ipadToken(demoToken),
      partnerId: PARTNER_IDS.bilanZinc,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PARTNER_ALREADY_VALIDATED');
    expect((await partnerOf(demoToken, PARTNER_IDS.bilanZinc)).partnerCustomerId).toBe('BZ-2026-0042');
  });

  it('refuses, then a regenerated key replaces the refused one and can be validated', async () => {
    const first = await generateKey(standardToken, PARTNER_IDS.tableOuverte);
    const refused = await callback(first.token, {
      action: 'refuse',
      reason: 'Établissement inconnu chez nous',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toEqual({ status: 'refused', partnerCustomerId: null });
    expect(await partnerOf(standardToken, PARTNER_IDS.tableOuverte)).toMatchObject({
      status: 'refused',
      refusedReason: 'Établissement inconnu chez nous',
    });
    // A refused integration takes no further answer from that key.
    expect((await callback(first.token, { action: 'validate', customerId: 'T-1' })).statusCode).toBe(409);
    expect((await callback(first.token, { action: 'refuse' })).statusCode).toBe(409);

    const second = await generateKey(standardToken, PARTNER_IDS.tableOuverte);
    expect(second.token).not.toBe(first.token);
    expect(second.partner).toMatchObject({ status: 'waiting', refusedReason: null });
    expect((await callback(first.token, { action: 'validate', customerId: 'T-1' })).statusCode).toBe(401);
    expect((await callback(second.token, { action: 'validate', customerId: 'T-2' })).statusCode).toBe(200);
    expect(await partnerOf(standardToken, PARTNER_IDS.tableOuverte)).toMatchObject({
      status: 'validated',
      partnerCustomerId: 'T-2',
    });

    const codes = (await listJetEvents(db(), standard!.accountId))
      .filter((e) => e.details.partnerId === PARTNER_IDS.tableOuverte)
      .map((e) => e.code);
    expect(codes).toEqual(['80', '82', '83', '81']);
    const regenerated = await accountJet(standard!.accountId, JET_EVENTS.partnerKeyRegenerated.code);
    expect(regenerated.at(-1)?.details).toMatchObject({
      previousStatus: 'refused',
      keyPrefix: second.token.slice(0, 12),
    });
    // The demo account's integration with the same partner is untouched.
    expect((await partnerOf(demoToken, PARTNER_IDS.tableOuverte)).partnerCustomerId).toMatch(/^CLI-/);
  });

  it("keeps accounts apart: another account's activation token or key reaches nothing of this one", async () => {
    const foreignIpad = await ipadToken(standardToken);
    const res = await caller(demoToken).post('/api/partnership/generate-link', {
      ipadToken: foreignIpad,
      partnerId: PARTNER_IDS.primeurs,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('IPAD_TOKEN_INVALID');

    const { token } = await generateKey(standardToken, PARTNER_IDS.primeurs);
    expect((await callback(token, { action: 'validate', customerId: 'P-7' })).statusCode).toBe(200);
    expect((await partnerOf(standardToken, PARTNER_IDS.primeurs)).status).toBe('validated');
    expect((await partnerOf(demoToken, PARTNER_IDS.primeurs)).status).toBe('waiting');
  });

  it('refuses unknown partners, informational ones and bad activation tokens', async () => {
    const ipad = await ipadToken(demoToken);
    const unknown = await caller(demoToken).post('/api/partnership/generate-link', {
      ipadToken: ipad,
      partnerId: PARTNER_CATEGORY_IDS.loyalty,
    });
    expect(unknown.statusCode).toBe(404);
    const caveau = await caller(demoToken).post('/api/partnership/generate-link', {
      ipadToken: ipad,
      partnerId: PARTNER_IDS.caveau,
    });
    expect(caveau.statusCode).toBe(409);
    expect(caveau.json().error.code).toBe('PARTNER_WITHOUT_ACTION');
    const badIpad = await caller(demoToken).post('/api/partnership/generate-link', {
      ipadToken: 'ipt_unknown',
      partnerId: PARTNER_IDS.livrePlat,
    });
    expect(badIpad.statusCode).toBe(403);
    expect((await partnerOf(demoToken, PARTNER_IDS.livrePlat)).status).toBe('refused');
  });

  it('lets the simulated partner answer through the callback', async () => {
    // VéloCourse waits in the demo; the holder makes a new key and the partner answers with it.
    const { token } = await generateKey(demoToken, PARTNER_IDS.veloCourse);
    const answer = await answerAsPartner(injectTransport(t.app), token);
    expect(answer.statusCode).toBe(200);
    expect((await partnerOf(demoToken, PARTNER_IDS.veloCourse)).status).toBe('validated');
  });
});

describe('partner connection tokens', () => {
  it('issues one only for a validated integration; the partner reads its account with it', async () => {
    const waiting = await caller(demoToken).post('/api/partners/connexion-token', {
      partnerId: PARTNER_IDS.resaBistrot,
    });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.code).toBe('PARTNER_NOT_VALIDATED');

    const issued = await caller(demoToken).post('/api/partners/connexion-token', {
      partnerId: PARTNER_IDS.bilanZinc,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const { token, partner } = issued.json<{ token: string; partner: Partner }>();
    expect(token).toMatch(/^cct_/);
    expect(partner.hasConnexionToken).toBe(true);
    const stored = await sql<{ n: number }>`select count(*)::int as n from partner_integrations i
      where i::text like ${`%${token}%`}`.execute(db());
    expect(stored.rows[0]!.n).toBe(0);
    const jet = await accountJet(suite!.accountId, JET_EVENTS.partnerConnexionTokenIssued.code);
    expect(jet.at(-1)?.details).toMatchObject({ partnerCode: 'bilan-zinc', replaced: false });

    const read = await caller(null).get('/api/partners/connexion', {
      headers: { authorization: `PartnerToken ${token}` },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      partnerCode: 'bilan-zinc',
      partnerCustomerId: 'BZ-2026-0042',
      accountName: suite!.name,
    });
    expect(read.json().establishments).toHaveLength(suite!.establishments.length);
    const wrong = await caller(null).get('/api/partners/connexion', {
      headers: { authorization: `PartnerToken ${token}x` },
    });
    expect(wrong.statusCode).toBe(401);

    // The partner ends the integration: the connection token stops working.
    expect(
      (await callback(bilanKey, { action: 'refuse', reason: 'Fin de la lettre de mission' })).statusCode,
    ).toBe(200);
    const after = await caller(null).get('/api/partners/connexion', {
      headers: { authorization: `PartnerToken ${token}` },
    });
    expect(after.statusCode).toBe(401);
    expect(await partnerOf(demoToken, PARTNER_IDS.bilanZinc)).toMatchObject({
      status: 'refused',
      partnerCustomerId: null,
      hasConnexionToken: false,
    });
  });
});
