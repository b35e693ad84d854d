import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PASSWORD_RULE } from '@comptoir/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createAccount,
  createTestUser,
  signInAs,
  TEST_PASSWORD,
  uniqueAddress,
  type TestApp,
} from '../../test-helpers';
import { PASSWORD_PAGE_SCRIPT } from './password-page';

const NEW_PASSWORD = 'Terrasse-au-soleil-7';

const BUILT_SCRIPT = 'console.log("password page");';

let t: TestApp;
let accountId: string;
let webDist: string;

beforeAll(async () => {
  // A built portal holding the page's script, as `npm run build` leaves apps/web/dist.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Comptoir</title>');
  fs.mkdirSync(path.join(webDist, path.dirname(PASSWORD_PAGE_SCRIPT)), { recursive: true });
  fs.writeFileSync(path.join(webDist, PASSWORD_PAGE_SCRIPT), BUILT_SCRIPT);
  t = await buildTestApp({ webDist });
  ({ accountId } = await createAccount(t.database.db));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** Each request from an address of its own, clear of the per-address limits. */
const caller = (token: string | null) => t.as(token, { remoteAddress: uniqueAddress });

async function canSignIn(email: string, password: string): Promise<boolean> {
  const res = await caller(null).post('/auth/login', { email, password });
  return res.statusCode === 200;
}

describe('GET /auth/password', () => {
  it("serves the French change-password page whose only script, the portal's, carries the CSP nonce", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/password' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain('<html lang="fr">');
    expect(res.body).toContain(`<script nonce="${nonce}" src="${PASSWORD_PAGE_SCRIPT}"></script>`);
    expect(res.body.match(/<script/g)).toHaveLength(1);
    for (const label of [
      'Mot de passe actuel',
      'Nouveau mot de passe',
      'Confirmez le nouveau mot de passe',
    ]) {
      expect(res.body).toContain(label);
    }
    expect(res.body).toContain(PASSWORD_RULE.hint);
    expect(res.body).toContain('href="/">Retour au portail</a>');
  });

  it('serves that script from the built portal, where apps/web builds it', async () => {
    const res = await t.app.inject({ method: 'GET', url: PASSWORD_PAGE_SCRIPT });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.body).toBe(BUILT_SCRIPT);
  });
});

describe('POST /auth/password', () => {
  it('changes the password, keeps this session and closes the others', async () => {
    const user = await createTestUser(t.database.db, { accountId });
    const elsewhere = await signInAs(t, user.email);
    const here = await signInAs(t, user.email);
    const res = await caller(here.accessToken).post('/auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect([res.statusCode, res.json()]).toEqual([200, { success: true }]);

    expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(user.email, TEST_PASSWORD)).toBe(false);
    expect((await t.as(here.accessToken).get('/api/user/me')).statusCode).toBe(200);
    expect((await t.as(elsewhere.accessToken).get('/api/user/me')).json().error.code).toBe('SESSION_REVOKED');
  });

  it.each([
    { name: 'a wrong current password', body: { currentPassword: 'Pas-le-bon-1' }, code: 'INVALID_PASSWORD' },
    { name: 'a weak new password', body: { newPassword: 'terrasse' }, code: 'WEAK_PASSWORD' },
    { name: 'the same password', body: { newPassword: TEST_PASSWORD }, code: 'SAME_PASSWORD' },
  ])('refuses $name with $code and keeps the password', async ({ body, code }) => {
    const user = await createTestUser(t.database.db, { accountId });
    const { accessToken } = await signInAs(t, user.email);
    const res = await caller(accessToken).post('/auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      ...body,
    });
    expect([res.statusCode, res.json().error.code]).toEqual([400, code]);
    expect(await canSignIn(user.email, TEST_PASSWORD)).toBe(true);
  });

  it('refuses a sub-user, whose login the holder manages', async () => {
    const subUser = await createTestUser(t.database.db, {
      accountId,
      role: 'sub_user',
      services: ['caisse'],
    });
    const { accessToken } = await signInAs(t, subUser.email);
    const res = await caller(accessToken).post('/auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'SUB_USER_NO_ACCESS']);
  });

  it('cancels a pending login change, whose link would bring back the old password', async () => {
    const user = await createTestUser(t.database.db, { accountId });
    const session = await signInAs(t, user.email);
    const holder = t.as(session.accessToken);
    const check = await holder.post('/api/account/migration/password/verify', {
      password: TEST_PASSWORD,
      refreshToken: session.refreshToken,
    });
    const email = `nouvelle.${crypto.randomUUID().slice(0, 8)}@bistrot-exemple.fr`;
    await holder.post('/api/account/migration/email/update', {
      password: 'Ancien-projet-9',
      email,
      oldEmail: user.email,
      refreshToken: session.refreshToken,
      checkToken: check.json().token,
    });
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    const token = /verificationToken=([\w-]+)/.exec(mail.text)?.[1] ?? '';

    await caller(session.accessToken).post('/auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    const opened = await t.as(null).post('/api/account/migration/email/verify', { token });
    expect(opened.json()).toEqual({ success: false });
    expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(true);
  });
});
