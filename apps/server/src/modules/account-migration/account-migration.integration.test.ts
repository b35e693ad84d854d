import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createAccount,
  createTestUser,
  signInAs,
  TEST_PASSWORD,
  uniqueAddress,
  type TestApp,
  type TestSession,
} from '../../test-helpers';
import { insertRefreshToken } from '../auth/auth.repository';
import { getJwtSecret, newRefreshToken, signAccessToken } from '../../platform/tokens';

const NEW_PASSWORD = 'Nouveau-Mot-2-Passe!';

let t: TestApp;
let accountId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ accountId } = await createAccount(t.database.db));
});
afterAll(() => t.close());

const db = () => t.database.db;

/** Each request from an address of its own, clear of the per-address limits. */
const caller = (token: string | null) => t.as(token, { remoteAddress: uniqueAddress });

async function legacyHolder() {
  return createTestUser(db(), { accountId, email: `legacy-${crypto.randomUUID()}@comptoir.test` });
}

function newEmail(): string {
  return `camille.${crypto.randomUUID().slice(0, 8)}@bistrot-exemple.fr`;
}

async function verifyPassword(session: TestSession, password = TEST_PASSWORD) {
  return caller(session.accessToken).post('/api/account/migration/password/verify', {
    password,
    refreshToken: session.refreshToken,
  });
}

async function newCheckToken(session: TestSession): Promise<string> {
  const res = await verifyPassword(session);
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

function requestChange(
  session: TestSession,
  body: { email: string; oldEmail: string; checkToken: string; password?: string },
) {
  return caller(session.accessToken).post('/api/account/migration/email/update', {
    password: NEW_PASSWORD,
    refreshToken: session.refreshToken,
    ...body,
  });
}

async function mailsTo(address: string) {
  return db()
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('seq')
    .execute();
}

async function countMails(): Promise<number> {
  const row = await db()
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function verificationTokenMailedTo(address: string): Promise<string> {
  const mails = await mailsTo(address);
  const match = /\/check-new-email\?verificationToken=([\w-]+)/.exec(mails.at(-1)?.text ?? '');
  if (!match?.[1]) throw new Error(`no verification link mailed to ${address}`);
  return match[1];
}

function openLink(token: string) {
  return caller(null).post('/api/account/migration/email/verify', { token });
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  const res = await caller(null).post('/auth/login', { email, password });
  return res.statusCode === 200;
}

async function viewAsToken(userId: string): Promise<string> {
  const sessionId = crypto.randomUUID();
  await insertRefreshToken(db(), {
    id: crypto.randomUUID(),
    user_id: userId,
    token_hash: newRefreshToken().hash,
    kind: 'view_as',
    account_id: accountId,
    scope: 'bo-client',
    session_id: sessionId,
    expires_at: new Date(Date.now() + 3_600_000),
  });
  return signAccessToken(getJwtSecret(t.config), {
    sub: userId,
    acc: accountId,
    role: 'holder',
    groups: [],
    scope: 'bo-client',
    sid: sessionId,
    kind: 'view_as',
  });
}

async function fiscalToken(userId: string): Promise<string> {
  const sessionId = crypto.randomUUID();
  await insertRefreshToken(db(), {
    id: crypto.randomUUID(),
    user_id: userId,
    token_hash: newRefreshToken().hash,
    kind: 'fiscal',
    account_id: accountId,
    scope: 'administration-fiscale',
    session_id: sessionId,
    expires_at: new Date(Date.now() + 3_600_000),
  });
  return signAccessToken(getJwtSecret(t.config), {
    sub: userId,
    acc: accountId,
    role: 'holder',
    groups: [],
    scope: 'administration-fiscale',
    sid: sessionId,
    kind: 'fiscal',
  });
}

describe('the login change, from the current password to the verification link', () => {
  it('changes e-mail and password only when the link mailed to the new address is opened', async () => {
    const user = await legacyHolder();
    const elsewhere = await signInAs(t, user.email);
    const session = await signInAs(t, user.email);
    const email = newEmail();

    const step1 = await verifyPassword(session);
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toMatchObject({ success: true, token: expect.any(String) });
    const expiresIn = Date.parse(step1.json().expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);

    const step2 = await requestChange(session, {
      email: ` ${email.toUpperCase()} `,
      oldEmail: user.email,
      checkToken: step1.json().token,
    });
    expect(step2.statusCode).toBe(200);
    expect(step2.json()).toMatchObject({ success: true, email });

    const [mail] = await mailsTo(email);
    expect(mail?.status).toBe('stored');
    expect(mail?.text).toContain(`${t.config.publicUrl}/check-new-email?verificationToken=`);
    expect(await canSignIn(user.email, TEST_PASSWORD)).toBe(true);
    expect(await canSignIn(email, NEW_PASSWORD)).toBe(false);

    const opened = await openLink(await verificationTokenMailedTo(email));
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ success: true });

    expect(await canSignIn(email, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(false);
    expect(await canSignIn(email, TEST_PASSWORD)).toBe(false);
    const me = await caller(session.accessToken).get('/api/user/me');
    expect(me.json()).toMatchObject({ email, username: email, hasMigratedEmail: true });
    const revoked = await caller(elsewhere.accessToken).get('/api/user/me');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.code).toBe('SESSION_REVOKED');
  });

  it('answers success false for a link already used, unknown or expired', async () => {
    const user = await legacyHolder();
    const session = await signInAs(t, user.email);
    const email = newEmail();
    const checkToken = await newCheckToken(session);
    await requestChange(session, { email, oldEmail: user.email, checkToken });
    const token = await verificationTokenMailedTo(email);
    expect((await openLink(token)).json()).toEqual({ success: true });
    expect((await openLink(token)).json()).toEqual({ success: false });
    expect((await openLink('not-a-token')).json()).toEqual({ success: false });

    const other = await legacyHolder();
    const otherSession = await signInAs(t, other.email);
    const otherEmail = newEmail();
    await requestChange(otherSession, {
      email: otherEmail,
      oldEmail: other.email,
      checkToken: await newCheckToken(otherSession),
    });
    await db()
      .updateTable('email_change_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('new_email', '=', otherEmail)
      .execute();
    expect((await openLink(await verificationTokenMailedTo(otherEmail))).json()).toEqual({ success: false });
    expect(await canSignIn(other.email, TEST_PASSWORD)).toBe(true);
  });

  it('keeps only the latest request: the first link stops working', async () => {
    const user = await legacyHolder();
    const session = await signInAs(t, user.email);
    const checkToken = await newCheckToken(session);
    const first = newEmail();
    const second = newEmail();
    await requestChange(session, { email: first, oldEmail: user.email, checkToken });
    await requestChange(session, { email: second, oldEmail: user.email, checkToken });
    expect((await openLink(await verificationTokenMailedTo(first))).json()).toEqual({ success: false });
    expect((await openLink(await verificationTokenMailedTo(second))).json()).toEqual({ success: true });
  });

  it('refuses the link with EMAIL_TAKEN when another account took the address meanwhile', async () => {
    const user = await legacyHolder();
    const session = await signInAs(t, user.email);
    const email = newEmail();
    await requestChange(session, { email, oldEmail: user.email, checkToken: await newCheckToken(session) });
    await createTestUser(db(), { accountId, email });
    const res = await openLink(await verificationTokenMailedTo(email));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_TAKEN');
    expect(await canSignIn(user.email, TEST_PASSWORD)).toBe(true);
  });
});

describe('POST /api/account/migration/password/verify', () => {
  it('refuses a wrong password with INVALID_PASSWORD, then locks after five failures', async () => {
    const user = await legacyHolder();
    const session = await signInAs(t, user.email);
    const wrong = await verifyPassword(session, 'Pas-le-bon-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: 'Mot de passe incorrect.',
    });
    for (let i = 0; i < 4; i++) await verifyPassword(session, 'Pas-le-bon-1');
    const locked = await verifyPassword(session);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('refuses a refresh token of another session with SESSION_MISMATCH', async () => {
    const user = await legacyHolder();
    const session = await signInAs(t, user.email);
    const other = await signInAs(t, user.email);
    const res = await caller(session.accessToken).post('/api/account/migration/password/verify', {
      password: TEST_PASSWORD,
      refreshToken: other.refreshToken,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SESSION_MISMATCH');
  });

  it('refuses a sub-user, a view-as-customer session, a fiscal session and an anonymous caller', async () => {
    const holder = await legacyHolder();
    const subUser = await createTestUser(db(), { accountId, role: 'sub_user', services: ['caisse'] });
    const subSession = await signInAs(t, subUser.email);
    const payload = { password: TEST_PASSWORD, refreshToken: subSession.refreshToken };
    const url = '/api/account/migration/password/verify';

    const sub = await caller(subSession.accessToken).post(url, payload);
    expect([sub.statusCode, sub.json().error.code]).toEqual([403, 'SUB_USER_NO_ACCESS']);
    const viewAs = await caller(await viewAsToken(holder.id)).post(url, payload);
    expect([viewAs.statusCode, viewAs.json().error.code]).toEqual([403, 'VIEW_AS_READ_ONLY']);
    const fiscal = await caller(await fiscalToken(holder.id)).post(url, payload);
    expect([fiscal.statusCode, fiscal.json().error.code]).toEqual([403, 'FISCAL_TOKEN_NOT_ALLOWED']);
    expect((await caller(null).post(url, payload)).statusCode).toBe(401);
  });
});

describe('GET /api/account/migration/email/exist', () => {
  function probe(session: TestSession, email: string, checkToken?: string) {
    return caller(session.accessToken).get(
      `/api/account/migration/email/exist?email=${encodeURIComponent(email)}`,
      checkToken === undefined ? {} : { headers: { 'x-check-token': checkToken } },
    );
  }

  it('says whether an account signs in with the e-mail, whatever its case', async () => {
    const user = await legacyHolder();
    const session = await signInAs(t, user.email);
    const checkToken = await newCheckToken(session);
    const taken = await probe(session, user.email.toUpperCase(), checkToken);
    expect([taken.statusCode, taken.json()]).toEqual([200, true]);
    const free = await probe(session, newEmail(), checkToken);
    expect([free.statusCode, free.json()]).toEqual([200, false]);
  });

  it('answers only within the login change: without a live check token of this session, INVALID_CHECK_TOKEN', async () => {
    const user = await legacyHolder();
    const session = await signInAs(t, user.email);
    const otherSession = await signInAs(t, user.email);
    const otherUser = await legacyHolder();
    const otherUserSession = await signInAs(t, otherUser.email);
    const expired = await newCheckToken(session);
    await db()
      .updateTable('credential_check_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();

    const refusals = [
      await probe(session, otherUser.email),
      await probe(session, otherUser.email, 'inconnu'),
      await probe(session, otherUser.email, expired),
      await probe(session, otherUser.email, await newCheckToken(otherSession)),
      await probe(session, otherUser.email, await newCheckToken(otherUserSession)),
    ];
    for (const res of refusals) {
      expect([res.statusCode, res.json().error.code]).toEqual([403, 'INVALID_CHECK_TOKEN']);
    }
  });

  it('refuses a check token once the login change has applied', async () => {
    const user = await legacyHolder();
    const session = await signInAs(t, user.email);
    const checkToken = await newCheckToken(session);
    const email = newEmail();
    await requestChange(session, { email, oldEmail: user.email, checkToken });
    expect((await openLink(await verificationTokenMailedTo(email))).json()).toEqual({ success: true });
    const res = await probe(session, newEmail(), checkToken);
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'INVALID_CHECK_TOKEN']);
  });

  it('limits each user to 20 probes in 15 minutes, whatever the address and the session', async () => {
    const user = await legacyHolder();
    const first = await signInAs(t, user.email);
    const second = await signInAs(t, user.email);
    const firstToken = await newCheckToken(first);
    const secondToken = await newCheckToken(second);
    for (let i = 0; i < 20; i++) {
      const res = await probe(
        i % 2 === 0 ? first : second,
        newEmail(),
        i % 2 === 0 ? firstToken : secondToken,
      );
      expect(res.statusCode).toBe(200);
    }
    const limited = await probe(second, newEmail(), secondToken);
    expect([limited.statusCode, limited.json().error.code]).toEqual([429, 'TOO_MANY_REQUESTS']);

    const neighbour = await legacyHolder();
    const neighbourSession = await signInAs(t, neighbour.email);
    const ok = await probe(neighbourSession, newEmail(), await newCheckToken(neighbourSession));
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a view-as-customer session and a sub-user', async () => {
    const holder = await legacyHolder();
    const url = `/api/account/migration/email/exist?email=${holder.email}`;
    const viewAs = await caller(await viewAsToken(holder.id)).get(url);
    expect([viewAs.statusCode, viewAs.json().error.code]).toEqual([403, 'VIEW_AS_READ_ONLY']);
    const subUser = await createTestUser(db(), { accountId, role: 'sub_user', services: ['caisse'] });
    const sub = await caller((await signInAs(t, subUser.email)).accessToken).get(url);
    expect([sub.statusCode, sub.json().error.code]).toEqual([403, 'SUB_USER_NO_ACCESS']);
  });
});

describe('POST /api/account/migration/email/update refusals', () => {
  const cases: {
    name: string;
    status: number;
    code: string;
    change: (ctx: { email: string; oldEmail: string; checkToken: string; takenEmail: string }) => {
      email: string;
      oldEmail: string;
      checkToken: string;
      password?: string;
    };
  }[] = [
    {
      name: 'an unknown check token',
      status: 403,
      code: 'INVALID_CHECK_TOKEN',
      change: (c) => ({ ...c, checkToken: 'inconnu' }),
    },
    {
      name: 'an old e-mail that is not the account’s',
      status: 400,
      code: 'OLD_EMAIL_MISMATCH',
      change: (c) => ({ ...c, oldEmail: 'quelqu.un@ailleurs.fr' }),
    },
    {
      name: 'an invalid e-mail',
      status: 400,
      code: 'INVALID_EMAIL',
      change: (c) => ({ ...c, email: 'camille@' }),
    },
    {
      name: 'the current e-mail',
      status: 400,
      code: 'SAME_EMAIL',
      change: (c) => ({ ...c, email: c.oldEmail.toUpperCase() }),
    },
    {
      name: 'an e-mail of another account',
      status: 409,
      code: 'EMAIL_TAKEN',
      change: (c) => ({ ...c, email: c.takenEmail }),
    },
    ...['motdepasse1!', 'MOTDEPASSE1!', 'Motdepasse!', 'Motdepasse1', 'Mot-1!a'].map((password) => ({
      name: `the weak password ${password}`,
      status: 400,
      code: 'WEAK_PASSWORD',
      change: (c: { email: string; oldEmail: string; checkToken: string }) => ({ ...c, password }),
    })),
    {
      name: 'the current password',
      status: 400,
      code: 'SAME_PASSWORD',
      change: (c) => ({ ...c, password: TEST_PASSWORD }),
    },
  ];

  it.each(cases)('refuses $name with $code and mails nothing', async ({ status, code, change }) => {
    const user = await legacyHolder();
    const taken = await legacyHolder();
    const session = await signInAs(t, user.email);
    const email = newEmail();
    const body = change({
      email,
      oldEmail: user.email,
      checkToken: await newCheckToken(session),
      takenEmail: taken.email,
    });
    const mailsBefore = await countMails();
    const res = await requestChange(session, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await countMails()).toBe(mailsBefore);
    expect(await canSignIn(user.email, TEST_PASSWORD)).toBe(true);
  });

  it('refuses an expired check token and one of another session with INVALID_CHECK_TOKEN', async () => {
    const user = await legacyHolder();
    const session = await signInAs(t, user.email);
    const other = await signInAs(t, user.email);
    const expired = await newCheckToken(session);
    await db()
      .updateTable('credential_check_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const late = await requestChange(session, {
      email: newEmail(),
      oldEmail: user.email,
      checkToken: expired,
    });
    expect([late.statusCode, late.json().error.code]).toEqual([403, 'INVALID_CHECK_TOKEN']);
    const foreign = await requestChange(session, {
      email: newEmail(),
      oldEmail: user.email,
      checkToken: await newCheckToken(other),
    });
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([403, 'INVALID_CHECK_TOKEN']);
  });
});

describe('when the verification mail cannot be delivered', () => {
  let unreachable: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the SMTP connection is refused at once.
    unreachable = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
  });
  afterAll(() => unreachable.close());

  it('answers MAIL_NOT_SENT and the change never applies', async () => {
    const { accountId: otherAccount } = await createAccount(unreachable.database.db);
    const user = await createTestUser(unreachable.database.db, { accountId: otherAccount });
    const session = await signInAs(unreachable, user.email);
    const holder = unreachable.as(session.accessToken);
    const verify = await holder.post('/api/account/migration/password/verify', {
      password: TEST_PASSWORD,
      refreshToken: session.refreshToken,
    });
    const email = newEmail();
    const res = await holder.post('/api/account/migration/email/update', {
      password: NEW_PASSWORD,
      email,
      oldEmail: user.email,
      refreshToken: session.refreshToken,
      checkToken: verify.json().token,
    });
    expect([res.statusCode, res.json().error.code]).toEqual([502, 'MAIL_NOT_SENT']);
    const request = await unreachable.database.db
      .selectFrom('email_change_requests')
      .select('cancelled_at')
      .where('new_email', '=', email)
      .executeTakeFirstOrThrow();
    expect(request.cancelled_at).not.toBeNull();
    const [mail] = await unreachable.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .execute();
    expect(mail?.status).toBe('failed');
    const token = /verificationToken=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const opened = await unreachable.as(null).post('/api/account/migration/email/verify', { token });
    expect(opened.json()).toEqual({ success: false });
  });
});
