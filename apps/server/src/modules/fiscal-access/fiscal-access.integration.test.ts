import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBytes } from '@comptoir/fiscal';
import {
  encodeChainHead,
  encodeJetEvent,
  JET_EVENTS,
  listJetEvents,
  recordJetEvent,
} from '../../platform/jet';
import {
  buildTestApp,
  createAccount,
  createTestUser,
  openViewAs,
  signInAs,
  startSmtpPeer,
  uniqueAddress,
  type ReceivedMail,
  type TestApp,
} from '../../test-helpers';

let t: TestApp;
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let dataDir: string;
let owner: { accountId: string; holderEmail: string; token: string };
let other: { accountId: string; holderEmail: string; token: string };
let staffEmails: string[];
let staffToken: string;

beforeAll(async () => {
  peer = await startSmtpPeer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-fiscal-access-'));
  t = await buildTestApp({ dataDir, smtpUrl: peer.url, publicUrl: 'https://portail.comptoir.test' });
  const db = t.database.db;
  const account = await createAccount(db, { companies: [{ name: 'Brasserie du Port' }] });
  const holder = await createTestUser(db, { accountId: account.accountId, email: 'camille@brasserie.test' });
  owner = {
    accountId: account.accountId,
    holderEmail: holder.email,
    token: (await signInAs(t, holder.email)).accessToken,
  };
  const otherAccount = await createAccount(db, { companies: [{ name: 'Crêperie Autrui' }] });
  const otherHolder = await createTestUser(db, { accountId: otherAccount.accountId });
  other = {
    accountId: otherAccount.accountId,
    holderEmail: otherHolder.email,
    token: (await signInAs(t, otherHolder.email)).accessToken,
  };
  const staff = [
    await createTestUser(db, { accountId: null, role: 'staff', email: 'sophie@support.comptoir.test' }),
    await createTestUser(db, { accountId: null, role: 'staff', email: 'yanis@support.comptoir.test' }),
  ];
  staffEmails = staff.map((user) => user.email);
  staffToken = (await signInAs(t, staff[0]!.email)).accessToken;
});
afterAll(async () => {
  await t.close();
  await peer.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Each request from an address of its own, clear of the per-address limits. */
const caller = (token: string | null) => t.as(token, { remoteAddress: uniqueAddress });

const INSPECTOR = 'jeanne.martin@dgfip.finances.gouv.fr';

function askAccess(token: string, body: Record<string, string> = {}) {
  return caller(token).post('/api/administration-fiscale', {
    askerEmail: INSPECTOR,
    customerEmail: 'camille@brasserie.test',
    expireType: '1week',
    ...body,
  });
}

async function newRequestId(token = owner.token, body: Record<string, string> = {}): Promise<string> {
  const res = await askAccess(token, body);
  expect(res.statusCode).toBe(201);
  return res.json().fiscAccess[0].id;
}

/** A received message's recipients, decoded subject and decoded text body. */
function readMail(mail: ReceivedMail): { to: string[]; subject: string; text: string } {
  const [head = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '';
  const subject = header('Subject').replace(
    /=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi,
    (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
  const body = rest.join('\n\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { to: mail.to, subject, text: text.replace(/\r\n/g, '\n') };
}

function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Mails received since `from`, decoded. */
function mailsSince(from: number) {
  return peer.received.slice(from).map(readMail);
}

async function validate(id: string): Promise<{ token: string; expiresAt: string }> {
  const from = peer.received.length;
  const res = await caller(staffToken).post(`/api/support/fiscal-access-requests/${id}/validate`);
  expect(res.statusCode).toBe(200);
  const inspectorMail = mailsSince(from).find((mail) => mail.to.includes(INSPECTOR));
  const token = /fisc-connect-as\?token=([A-Za-z0-9_-]+)/.exec(inspectorMail!.text)![1]!;
  return { token, expiresAt: res.json().request.expiresAt };
}

function check(token: string, askerEmail = INSPECTOR) {
  return caller(null).post('/api/administration-fiscale/check', { token, askerEmail });
}

describe('POST /api/administration-fiscale (access request)', () => {
  it('stores the request, answers it as the fiscAccess list and mails every support staff member', async () => {
    const from = peer.received.length;
    const res = await askAccess(owner.token, { expireType: '2month' });
    expect(res.statusCode).toBe(201);
    const [access] = res.json().fiscAccess;
    expect(access).toMatchObject({
      askerEmail: INSPECTOR,
      customerEmail: 'camille@brasserie.test',
      expireType: '2month',
      status: 'pending',
      expiresAt: null,
    });
    expect(access).not.toHaveProperty('token');

    const mails = mailsSince(from);
    expect(mails.map((mail) => mail.to).sort()).toEqual(staffEmails.map((email) => [email]));
    expect(mails[0]!.text).toContain('https://portail.comptoir.test/support/fiscal-access');
    expect(mails[0]!.text).toContain(INSPECTOR);
    expect(mails[0]!.text).toContain('2 mois');
  });

  it('refuses a tax-authority e-mail containing @', async () => {
    const res = await askAccess(owner.token, { askerEmail: 'jeanne@martin@dgfip.finances.gouv.fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'ASKER_EMAIL_AT_SIGN',
      message: 'l\'Email de l\'administration fiscale ne doit pas contenir le symbole "@".',
    });
  });

  it("refuses an address outside the tax administration's domain, an invalid one and an invalid owner address", async () => {
    for (const [body, code] of [
      [{ askerEmail: 'jeanne.martin@gmail.com' }, 'ASKER_EMAIL_DOMAIN'],
      [{ askerEmail: 'jeanne.martin@dgfip.finances.gouv.fr.evil.test' }, 'ASKER_EMAIL_DOMAIN'],
      [{ askerEmail: '@dgfip.finances.gouv.fr' }, 'INVALID_ASKER_EMAIL'],
      [{ askerEmail: 'jeanne martin@dgfip.finances.gouv.fr' }, 'INVALID_ASKER_EMAIL'],
      [{ customerEmail: 'camille-at-brasserie' }, 'INVALID_CUSTOMER_EMAIL'],
      [{ customerEmail: '' }, 'VALIDATION_ERROR'],
      [{ expireType: '3month' }, 'VALIDATION_ERROR'],
    ] as const) {
      const res = await askAccess(owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code, JSON.stringify(body)).toBe(code);
    }
  });

  it("refuses an owner address that is no active user's of the account, and mails no one", async () => {
    const db = t.database.db;
    const former = await createTestUser(db, { accountId: owner.accountId, email: 'ancien@brasserie.test' });
    await db.updateTable('users').set({ is_active: false }).where('id', '=', former.id).execute();
    const from = peer.received.length;
    const countRequests = async () =>
      (await db.selectFrom('fiscal_access_requests').select('id').execute()).length;
    const before = await countRequests();
    for (const customerEmail of [
      'quelqu.un@ailleurs.test',
      other.holderEmail,
      staffEmails[0]!,
      former.email,
    ]) {
      const res = await askAccess(owner.token, { customerEmail });
      expect(res.statusCode, customerEmail).toBe(400);
      expect(res.json().error, customerEmail).toEqual({
        code: 'CUSTOMER_EMAIL_NOT_IN_ACCOUNT',
        message: "Cette adresse n'est pas celle d'un utilisateur de votre compte.",
      });
    }
    expect(await countRequests()).toBe(before);
    expect(mailsSince(from)).toEqual([]);
  });

  it("accepts another user's address of the account, whatever its case", async () => {
    const colleague = await createTestUser(t.database.db, {
      accountId: owner.accountId,
      role: 'sub_user',
      services: ['fiscal_administration'],
      email: 'comptable@brasserie.test',
    });
    const res = await askAccess(owner.token, { customerEmail: ' Comptable@Brasserie.TEST ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().fiscAccess[0].customerEmail).toBe(colleague.email);
  });

  it('keeps the inspector address as typed with the domain in lower case', async () => {
    const res = await askAccess(owner.token, { askerEmail: '  Jeanne.Martin@DGFiP.Finances.Gouv.fr ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().fiscAccess[0].askerEmail).toBe('Jeanne.Martin@dgfip.finances.gouv.fr');
  });

  it('lets a sub-user with the fiscal administration service ask, and no other caller', async () => {
    const db = t.database.db;
    const allowed = await createTestUser(db, {
      accountId: owner.accountId,
      role: 'sub_user',
      services: ['fiscal_administration'],
    });
    const denied = await createTestUser(db, {
      accountId: owner.accountId,
      role: 'sub_user',
      services: ['sales_reporting'],
    });
    expect((await askAccess((await signInAs(t, allowed.email)).accessToken)).statusCode).toBe(201);

    const subUser = await askAccess((await signInAs(t, denied.email)).accessToken);
    expect(subUser.statusCode).toBe(403);
    expect(subUser.json().error.code).toBe('SUB_USER_NO_ACCESS');

    const staff = await askAccess(staffToken);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error.code).toBe('ROLE_NOT_ALLOWED');

    const asViewer = await askAccess((await openViewAs(t, staffToken, owner.accountId)).accessToken);
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json().error.code).toBe('VIEW_AS_READ_ONLY');

    expect((await caller(null).post('/api/administration-fiscale', {})).statusCode).toBe(401);
  });
});

describe('support staff decisions', () => {
  it('lists requests to staff only, pending first, with the account name', async () => {
    const pendingId = await newRequestId(other.token, { customerEmail: other.holderEmail });
    const refusedId = await newRequestId();
    expect(
      (await caller(staffToken).post(`/api/support/fiscal-access-requests/${refusedId}/refuse`)).statusCode,
    ).toBe(200);

    const res = await caller(staffToken).get('/api/support/fiscal-access-requests');
    expect(res.statusCode).toBe(200);
    const requests: { id: string; status: string; accountName: string }[] = res.json().requests;
    const firstDecided = requests.findIndex((request) => request.status !== 'pending');
    expect(requests.slice(firstDecided).every((request) => request.status !== 'pending')).toBe(true);
    expect(requests.find((request) => request.id === pendingId)).toMatchObject({
      status: 'pending',
      accountName: expect.stringMatching(/^Compte /),
      requestedByName: 'Alex Durand',
    });
    expect(requests.find((request) => request.id === refusedId)?.status).toBe('refused');

    const asHolder = await caller(owner.token).get('/api/support/fiscal-access-requests');
    expect(asHolder.statusCode).toBe(403);
    expect(asHolder.json().error.code).toBe('STAFF_ONLY');
    const validateAsHolder = await caller(owner.token).post(
      `/api/support/fiscal-access-requests/${pendingId}/validate`,
    );
    expect(validateAsHolder.statusCode).toBe(403);
  });

  it('validates: mails the token and sign-in link to the inspector and the end date to the owner', async () => {
    await createTestUser(t.database.db, { accountId: owner.accountId, email: 'gerance@brasserie.test' });
    const id = await newRequestId(owner.token, { customerEmail: 'Gerance@Brasserie.test' });
    const from = peer.received.length;
    const before = Date.now();
    const res = await caller(staffToken).post(`/api/support/fiscal-access-requests/${id}/validate`);
    expect(res.statusCode).toBe(200);
    const { request } = res.json();
    expect(request).toMatchObject({
      id,
      status: 'validated',
      decidedAt: expect.any(String),
      lastUsedAt: null,
    });
    const expiresAt = Date.parse(request.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * 86_400_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);

    const mails = mailsSince(from);
    expect(mails.map((mail) => mail.to)).toEqual([[INSPECTOR], ['gerance@brasserie.test']]);
    const [inspector, customer] = mails as [ReturnType<typeof readMail>, ReturnType<typeof readMail>];
    const token = /https:\/\/portail\.comptoir\.test\/fisc-connect-as\?token=([A-Za-z0-9_-]{43})/.exec(
      inspector.text,
    )?.[1];
    expect(token).toBeDefined();
    expect(inspector.text).toContain(`\n${token}\n`);
    expect(customer.subject).toBe(
      "Comptoir : votre demande d'accès pour l'administration fiscale est validée",
    );
    const endInParis = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      dateStyle: 'short',
    }).format(new Date(expiresAt));
    expect(customer.text).toContain(`jusqu'au ${endInParis} à `);
    expect(customer.text).not.toContain(token!);

    // Only the token's hash is kept.
    const row = await t.database.db
      .selectFrom('fiscal_access_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(crypto.createHash('sha256').update(token!).digest('hex'));

    const again = await caller(staffToken).post(`/api/support/fiscal-access-requests/${id}/validate`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_DECIDED');
    const refuse = await caller(staffToken).post(`/api/support/fiscal-access-requests/${id}/refuse`);
    expect(refuse.statusCode).toBe(409);
  });

  it('refuses: tells the owner, and an unknown request is 404', async () => {
    const id = await newRequestId();
    const from = peer.received.length;
    const res = await caller(staffToken).post(`/api/support/fiscal-access-requests/${id}/refuse`);
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'refused', expiresAt: null });
    const mails = mailsSince(from);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['camille@brasserie.test']);
    expect(mails[0]!.subject).toBe(
      "Comptoir : votre demande d'accès pour l'administration fiscale est refusée",
    );

    const unknown = await caller(staffToken).post(
      `/api/support/fiscal-access-requests/${crypto.randomUUID()}/validate`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('REQUEST_NOT_FOUND');
  });
});

describe('POST /api/administration-fiscale/check (inspector sign-in)', () => {
  it("opens a fiscal session on the request's account, capped at the end of the access", async () => {
    const id = await newRequestId();
    const { token, expiresAt } = await validate(id);
    const res = await check(token, 'JEANNE.MARTIN@dgfip.finances.gouv.fr');
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.fiscAccess).toEqual([
      {
        askerEmail: INSPECTOR,
        customerEmail: 'camille@brasserie.test',
        expireType: '1week',
        expiresAt,
        token: answer.accessToken,
      },
    ]);
    const claims = decodeJwt(answer.accessToken);
    expect(claims).toMatchObject({ kind: 'fiscal', acc: owner.accountId, scope: 'administration-fiscale' });
    expect(claims.exp).toBeLessThanOrEqual(Date.parse(expiresAt) / 1000);
    const refresh = await t.database.db
      .selectFrom('refresh_tokens')
      .select(['kind', 'expires_at'])
      .where('token_hash', '=', crypto.createHash('sha256').update(answer.refreshToken).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(refresh).toEqual({ kind: 'fiscal', expires_at: new Date(expiresAt) });

    const request = await t.database.db
      .selectFrom('fiscal_access_requests')
      .select('last_used_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(request.last_used_at).not.toBeNull();

    const informations = await caller(answer.accessToken).get('/api/informations');
    expect(informations.statusCode).toBe(200);
  });

  it('is refused on every non-fiscal endpoint', async () => {
    const { token } = await validate(await newRequestId());
    const { accessToken } = (await check(token)).json();
    for (const [method, url] of [
      ['GET', '/api/reports/sales-analysis'],
      ['GET', '/api/user/me'],
      ['GET', '/api/categories'],
      ['POST', '/api/administration-fiscale'],
      ['GET', '/api/support/fiscal-access-requests'],
    ] as const) {
      const res = await (method === 'POST'
        ? caller(accessToken).post(url, {})
        : caller(accessToken).get(url));
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('FISCAL_TOKEN_NOT_ALLOWED');
    }
  });

  it('refuses an unknown token, another e-mail, a refused or expired access with one code', async () => {
    const { token } = await validate(await newRequestId());
    const expiredId = await newRequestId();
    const expired = await validate(expiredId);
    await t.database.db
      .updateTable('fiscal_access_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiredId)
      .execute();

    const attempts = [
      check(crypto.randomBytes(32).toString('base64url')),
      check(token, 'paul.durand@dgfip.finances.gouv.fr'),
      check(`${token}x`),
      check(expired.token),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'FISCAL_ACCESS_REFUSED', message: 'connexion refusée' });
    }
    const list = await caller(staffToken).get('/api/support/fiscal-access-requests');
    expect(list.json().requests.find((request: { id: string }) => request.id === expiredId).status).toBe(
      'expired',
    );
  });

  it('stops the session and its renewal at the end of the access', async () => {
    const id = await newRequestId();
    const { token } = await validate(id);
    // An access that ends in two seconds, as every access ends one day.
    const end = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000);
    await t.database.db
      .updateTable('fiscal_access_requests')
      .set({ expires_at: end })
      .where('id', '=', id)
      .execute();
    const pair = (await check(token)).json();
    expect(decodeJwt(pair.accessToken).exp).toBe(end.getTime() / 1000);

    const renewal = await caller(null).get(
      `/api/auth/accessToken/administration-fiscale/?refreshToken=${encodeURIComponent(pair.refreshToken)}`,
    );
    expect(renewal.statusCode).toBe(200);
    const renewed = renewal.json();
    expect(decodeJwt(renewed.accessToken).exp).toBe(end.getTime() / 1000);
    expect((await caller(renewed.accessToken).get('/api/informations')).statusCode).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, end.getTime() - Date.now() + 50));
    const late = await caller(null).get(
      `/api/auth/accessToken/administration-fiscale/?refreshToken=${encodeURIComponent(renewed.refreshToken)}`,
    );
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('REFRESH_TOKEN_EXPIRED');
    expect((await caller(renewed.accessToken).get('/api/informations')).statusCode).toBe(401);
    expect((await check(token)).statusCode).toBe(401);
  });
});

describe('technical events journal (JET)', () => {
  it('records the grant and the sign-in as a chain signed by the server key', async () => {
    const db = t.database.db;
    const before = (await listJetEvents(db, owner.accountId)).length;
    const id = await newRequestId();
    const { token } = await validate(id);
    expect((await check(token)).statusCode).toBe(200);

    const events = await listJetEvents(db, owner.accountId);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
    const [granted, signIn] = events.slice(before);
    expect(granted).toMatchObject({ code: '61', label: JET_EVENTS.taxAuditAccessGranted.label });
    expect(granted!.details).toMatchObject({ requestId: id, askerEmail: INSPECTOR, expireType: '1week' });
    expect(signIn).toMatchObject({
      code: '63',
      user_id: null,
      details: { requestId: id, askerEmail: INSPECTOR },
    });

    const publicKey = t.app.serverKey.publicKey;
    events.forEach((event, i) => {
      expect(event.prev_sig).toBe(i === 0 ? null : events[i - 1]!.sig);
      expect(verifyBytes(publicKey, encodeJetEvent(event), event.sig)).toBe(true);
    });
    // Altered in any field, an event no longer verifies.
    expect(verifyBytes(publicKey, encodeJetEvent({ ...signIn!, label: 'Autre' }), signIn!.sig)).toBe(false);

    const head = await db
      .selectFrom('server_chain_heads')
      .selectAll()
      .where('account_id', '=', owner.accountId)
      .where('kind', '=', 'jet')
      .executeTakeFirstOrThrow();
    const last = events.at(-1)!;
    expect(head).toMatchObject({ last_seq: last.seq, last_sig: last.sig, company_id: null });
    const headBytes = encodeChainHead({
      accountId: owner.accountId,
      companyId: null,
      kind: 'jet',
      lastSeq: head.last_seq,
      lastSig: head.last_sig,
    });
    expect(verifyBytes(publicKey, headBytes, head.sig)).toBe(true);
    expect(events.every((event) => event.account_id === owner.accountId)).toBe(true);
  });

  it('never gives two events of one account the same sequence number', async () => {
    const { accountId } = await createAccount(t.database.db);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        recordJetEvent(t.database.db, t.app.serverKey, {
          ...JET_EVENTS.taxAuditSignIn,
          accountId,
          details: { attempt: i },
        }),
      ),
    );
    const events = await listJetEvents(t.database.db, accountId);
    expect(events.map((event) => event.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    events.forEach((event, i) => expect(event.prev_sig).toBe(i === 0 ? null : events[i - 1]!.sig));
  });
});

describe('an undeliverable token', () => {
  it('answers 502 MAIL_NOT_SENT, keeps the request pending and records the withdrawal', async () => {
    const closed = await startSmtpPeer();
    await closed.close();
    const down = await buildTestApp({ dataDir, smtpUrl: closed.url });
    try {
      const db = down.database.db;
      const account = await createAccount(db);
      const holder = await createTestUser(db, { accountId: account.accountId });
      const staff = await createTestUser(db, { accountId: null, role: 'staff' });
      const created = await down
        .as((await signInAs(down, holder.email)).accessToken)
        .post('/api/administration-fiscale', {
          askerEmail: INSPECTOR,
          customerEmail: holder.email,
          expireType: '2week',
        });
      expect(created.statusCode).toBe(201);
      const id = created.json().fiscAccess[0].id;

      const res = await down
        .as((await signInAs(down, staff.email)).accessToken)
        .post(`/api/support/fiscal-access-requests/${id}/validate`);
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('MAIL_NOT_SENT');
      const row = await db
        .selectFrom('fiscal_access_requests')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', token_hash: null, expires_at: null });
      const events = await listJetEvents(db, account.accountId);
      // The holder's sign-in (21) comes first.
      expect(events.map((event) => event.code)).toEqual(['21', '61', '62']);
    } finally {
      await down.close();
    }
  });
});
