import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBytes } from '@comptoir/fiscal';
import type { JetListResponse } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import { encodeJetEvent, JET_EVENTS, listJetEvents } from '../../platform/jet';
import {
  buildTestApp,
  createAccount,
  createTestUser,
  signInAs,
  waitFor,
  type TestApp,
} from '../../test-helpers';
import { changeUserRights, openFiscalSession } from '../auth/auth.service';
import { getJwtSecret } from '../../platform/tokens';

let t: TestApp;
let owner: { accountId: string; companyId: string; holderId: string; email: string; token: string };
let other: { accountId: string; token: string };

/** A register row is all the start-up event looks for. */
async function addRegister(db: Db, accountId: string, companyId: string, enrolledBy: string): Promise<void> {
  await db
    .insertInto('registers')
    .values({
      id: crypto.randomUUID(),
      account_id: accountId,
      company_id: companyId,
      name: 'Caisse 1',
      serial: `SN-${crypto.randomUUID().slice(0, 8)}`,
      public_key: crypto.randomBytes(32).toString('base64'),
      token_hash: crypto.randomBytes(32).toString('hex'),
      enrolled_by: enrolledBy,
      enrolled_at: new Date(),
    })
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const account = await createAccount(db, { companies: [{ name: 'Brasserie du Port' }] });
  const holder = await createTestUser(db, {
    accountId: account.accountId,
    email: 'camille@brasserie.test',
    firstname: 'Camille',
    lastname: 'Roux',
  });
  await addRegister(db, account.accountId, account.companyIds[0]!, holder.id);
  owner = {
    accountId: account.accountId,
    companyId: account.companyIds[0]!,
    holderId: holder.id,
    email: holder.email,
    token: (await signInAs(t, holder.email)).accessToken,
  };
  const otherAccount = await createAccount(db, { companies: [{ name: 'Crêperie Autrui' }] });
  const otherHolder = await createTestUser(db, { accountId: otherAccount.accountId });
  other = {
    accountId: otherAccount.accountId,
    token: (await signInAs(t, otherHolder.email)).accessToken,
  };
});
afterAll(() => t.close());

async function journalOf(token: string, query: Record<string, string> = {}): Promise<JetListResponse> {
  const res = await t.as(token).get('/api/administration-fiscale/jet', { query });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Every event of the account verifies with the server key and links to the one before it. */
async function expectSoundChain(accountId: string): Promise<void> {
  const events = await listJetEvents(t.database.db, accountId);
  expect(events.length).toBeGreaterThan(0);
  events.forEach((event, i) => {
    expect(event.seq).toBe(i + 1);
    expect(event.prev_sig).toBe(i === 0 ? null : events[i - 1]!.sig);
    expect(verifyBytes(t.app.serverKey.publicKey, encodeJetEvent(event), event.sig)).toBe(true);
  });
}

describe('events recorded in the journal', () => {
  it('records a portal sign-in (21) in the user’s account, and none for support staff', async () => {
    const { accessToken } = await signInAs(t, owner.email);
    const events = await listJetEvents(t.database.db, owner.accountId);
    const signIn = events.at(-1)!;
    expect(signIn).toMatchObject({ code: '21', label: JET_EVENTS.userSignIn.label, user_id: owner.holderId });
    const sessionId = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid;
    expect(signIn.details).toMatchObject({ email: 'camille@brasserie.test', sessionId });
    expect(typeof signIn.details.ip).toBe('string');

    const before = await t.database.db
      .selectFrom('jet_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .execute();
    const staff = await createTestUser(t.database.db, { accountId: null, role: 'staff' });
    await signInAs(t, staff.email);
    const after = await t.database.db
      .selectFrom('jet_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .execute();
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('records a rights change (25) with the rights before and after, and nothing when nothing changes', async () => {
    const db = t.database.db;
    const subUser = await createTestUser(db, {
      accountId: owner.accountId,
      role: 'sub_user',
      services: ['reporting'],
    });
    const count = async () => (await listJetEvents(db, owner.accountId)).length;
    const start = await count();
    await changeUserRights(db, t.app.serverKey, {
      actorUserId: owner.holderId,
      targetUserId: subUser.id,
      rights: { services: ['reporting', 'fiscal_administration'], companyIds: [owner.companyId] },
    });
    const events = await listJetEvents(db, owner.accountId);
    expect(events).toHaveLength(start + 1);
    expect(events.at(-1)).toMatchObject({
      code: '25',
      user_id: owner.holderId,
      details: {
        targetUserId: subUser.id,
        before: { role: 'sub_user', groups: [], services: ['reporting'], companyIds: [] },
        after: {
          role: 'sub_user',
          groups: [],
          services: ['fiscal_administration', 'reporting'],
          companyIds: [owner.companyId],
        },
      },
    });
    const services = await db
      .selectFrom('sub_user_services')
      .select('service_name')
      .where('user_id', '=', subUser.id)
      .orderBy('service_name')
      .execute();
    expect(services.map((s) => s.service_name)).toEqual(['fiscal_administration', 'reporting']);

    await changeUserRights(db, t.app.serverKey, {
      actorUserId: owner.holderId,
      targetUserId: subUser.id,
      rights: { services: ['fiscal_administration', 'reporting'] },
    });
    expect(await count()).toBe(start + 1);
  });

  it('records a data export (40) once the export job has produced it', async () => {
    const db = t.database.db;
    const exporter = await createTestUser(db, {
      accountId: owner.accountId,
      role: 'sub_user',
      groups: ['export_product_lines'],
    });
    const { accessToken } = await signInAs(t, exporter.email);
    const res = await t.as(accessToken).get('/api/dataExport/exportProductLines', {
      query: {
        email: 'compta@brasserie.test',
        startDate: '2026-03-13 00:00:00',
        endDate: '2026-03-14 23:59:59',
      },
    });
    expect(res.statusCode).toBe(202);
    const exportId = res.json().exportId as string;
    const event = await waitFor(async () =>
      (await listJetEvents(db, owner.accountId)).find(
        (e) => e.code === '40' && e.details.exportId === exportId,
      ),
    );
    expect(event).toMatchObject({
      label: JET_EVENTS.dataExport.label,
      user_id: exporter.id,
      details: {
        kind: 'payment_product_lines',
        startDay: '2026-03-13',
        endDay: '2026-03-14',
        status: 'empty',
      },
    });
  });

  it('records a fiscal file check (43) with its outcome and the file’s SHA-256', async () => {
    const csv = 'not;an;archive\n';
    const boundary = '----jet-test';
    const part = (filename: string, type: string, content: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="myFile"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n${content}\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/administration-fiscale/check-fiscal-file',
      payload:
        part('archive.csv', 'text/csv', csv) +
        part('cle.txt', 'text/plain', 'pas une clé') +
        `--${boundary}--\r\n`,
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(res.statusCode).toBe(200);
    const event = (await listJetEvents(t.database.db, owner.accountId)).at(-1)!;
    expect(event).toMatchObject({
      code: '43',
      user_id: owner.holderId,
      details: {
        isIntact: false,
        isAuthentic: false,
        isValid: false,
        sha256: crypto.createHash('sha256').update(csv).digest('hex'),
      },
    });
  });

  it('records the start (10) and the clean stop (11) of a listening server in accounts with a register', async () => {
    const server = await buildTestApp();
    const db = server.database.db;
    try {
      const withRegister = await createAccount(db);
      const holder = await createTestUser(db, { accountId: withRegister.accountId });
      await addRegister(db, withRegister.accountId, withRegister.companyIds[0]!, holder.id);
      const withoutRegister = await createAccount(db);
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      // listen() does not wait for the onListen hooks.
      const started = await waitFor(async () => {
        const events = await listJetEvents(db, withRegister.accountId);
        return events.length > 0 && events;
      });
      expect(started.map((e) => e.code)).toEqual(['10']);
      expect(started[0]!.details).toMatchObject({ version: '0.1.0', pid: process.pid });
      await server.app.close();
      const events = await listJetEvents(db, withRegister.accountId);
      expect(events.map((e) => e.code)).toEqual(['10', '11']);
      expect(await listJetEvents(db, withoutRegister.accountId)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('GET /api/administration-fiscale/jet', () => {
  it('answers the holder’s journal newest first, each event verified and linked', async () => {
    const body = await journalOf(owner.token);
    const stored = await listJetEvents(t.database.db, owner.accountId);
    expect(body.rows.map((row) => row.seq)).toEqual(stored.map((e) => e.seq).reverse());
    expect(body.rows.every((row) => row.signature === 'ok')).toBe(true);
    const signIn = body.rows.find((row) => row.code === '21' && row.userName === 'Camille Roux')!;
    expect(signIn).toMatchObject({
      label: "Connexion d'un utilisateur",
      userName: 'Camille Roux',
      companyName: null,
      details: { email: 'camille@brasserie.test' },
    });
    expect(body.nextBeforeSeq).toBeNull();
    await expectSoundChain(owner.accountId);
  });

  it('never shows another account’s events', async () => {
    const mine = await journalOf(owner.token);
    const theirs = await journalOf(other.token);
    expect(theirs.rows.length).toBeGreaterThan(0);
    expect(theirs.rows.some((row) => row.details.email === 'camille@brasserie.test')).toBe(false);
    expect(theirs.rows.map((row) => row.seq)).toEqual(
      Array.from({ length: theirs.rows.length }, (_, i) => theirs.rows.length - i),
    );
    expect(
      mine.rows.some((row) => theirs.rows.some((r) => r.details.sessionId === row.details.sessionId)),
    ).toBe(false);
  });

  it('lets the inspector’s fiscal token read its account’s journal', async () => {
    const db = t.database.db;
    const holder = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', owner.holderId)
      .executeTakeFirstOrThrow();
    const { tokens } = await db.transaction().execute((trx) =>
      openFiscalSession(trx, getJwtSecret(t.config), {
        user: holder,
        accountId: owner.accountId,
        expiresAt: new Date(Date.now() + 3_600_000),
      }),
    );
    const body = await journalOf(tokens.accessToken);
    expect(body.rows.length).toBe((await listJetEvents(db, owner.accountId)).length);
  });

  it('filters by code and period, pages by sequence and refuses a reversed period', async () => {
    const signIns = await journalOf(owner.token, { code: '21' });
    expect(signIns.rows.length).toBeGreaterThanOrEqual(2);
    expect(signIns.rows.every((row) => row.code === '21')).toBe(true);

    const first = await journalOf(owner.token, { limit: '2' });
    expect(first.rows).toHaveLength(2);
    expect(first.nextBeforeSeq).toBe(first.rows[1]!.seq);
    const second = await journalOf(owner.token, { limit: '2', beforeSeq: String(first.nextBeforeSeq) });
    expect(second.rows[0]!.seq).toBe(first.rows[1]!.seq - 1);

    const longAgo = await journalOf(owner.token, { startDate: '2020-01-01', endDate: '2020-01-31' });
    expect(longAgo.rows).toEqual([]);

    const reversed = await t
      .as(owner.token)
      .get('/api/administration-fiscale/jet', { query: { startDate: '2026-02-01', endDate: '2026-01-01' } });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.code).toBe('INVALID_PERIOD');
  });

  it('marks an altered event, and only that one, as bad', async () => {
    const db = t.database.db;
    const { accountId } = await createAccount(db);
    const holder = await createTestUser(db, { accountId });
    const { accessToken } = await signInAs(t, holder.email);
    await signInAs(t, holder.email);
    // Past the append-only trigger, as someone with direct access to the database would go.
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update jet_events set details = ${JSON.stringify({ email: 'someone@else.test' })}::jsonb
        where account_id = ${accountId} and seq = 1`.execute(trx);
    });
    const body = await journalOf(accessToken);
    expect(body.rows.map((row) => [row.seq, row.signature])).toEqual([
      [2, 'ok'],
      [1, 'bad'],
    ]);
  });

  it('refuses a sub-user without the fiscal service and a caller without a token', async () => {
    const subUser = await createTestUser(t.database.db, { accountId: owner.accountId, role: 'sub_user' });
    const { accessToken } = await signInAs(t, subUser.email);
    expect((await t.as(accessToken).get('/api/administration-fiscale/jet')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/administration-fiscale/jet' });
    expect(anonymous.statusCode).toBe(401);
  });
});
