import crypto from 'node:crypto';
import {
  SPONSORSHIP_INVITATIONS_PER_HOUR,
  SPONSORSHIP_REWARD_CENTS,
  type Referral,
  type ReferralsResponse,
  type SupportReferral,
} from '@comptoir/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createAccount,
  createTestUser,
  signInAs,
  startSmtpPeer,
  uniqueAddress,
  type ReceivedMail,
  type TestApp,
} from '../../test-helpers';

let t: TestApp;
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let holder: { email: string; token: string };
let otherHolderToken: string;
let subUserToken: string;
let customerSpaceToken: string;
let staffToken: string;

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await buildTestApp({ smtpUrl: peer.url, publicUrl: 'https://portail.comptoir.test' });
  const db = t.database.db;
  const { accountId } = await createAccount(db);
  const { accountId: otherAccountId } = await createAccount(db);
  const token = async (user: { email: string }) => (await signInAs(t, user.email)).accessToken;
  const holderUser = await createTestUser(db, { accountId, firstname: 'Camille', lastname: 'Roux' });
  holder = { email: holderUser.email, token: await token(holderUser) };
  otherHolderToken = await token(await createTestUser(db, { accountId: otherAccountId }));
  subUserToken = await token(await createTestUser(db, { accountId, role: 'sub_user' }));
  customerSpaceToken = await token(await createTestUser(db, { accountId, groups: ['espace_client'] }));
  staffToken = await token(await createTestUser(db, { accountId: null, role: 'staff' }));
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

/** Each request from an address of its own, clear of the per-address limits. */
const caller = (token: string | null) => t.as(token, { remoteAddress: uniqueAddress });

const friend = () => `ami-${crypto.randomUUID().slice(0, 8)}@restaurant.test`;

/** The text body of a received mail, decoded (nodemailer picks quoted-printable or base64). */
function textOf(mail: ReceivedMail): string {
  const [head = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/^Content-Transfer-Encoding: base64/im.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  const soft = body.replace(/=\r?\n/g, '');
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

async function invite(
  email: string,
  token = holder.token,
  message?: string,
): Promise<{ referral: Referral; code: string; text: string }> {
  const from = peer.received.length;
  const res = await caller(token).post('/api/sponsorship/referrals', { email, message });
  expect(res.statusCode).toBe(201);
  const mail = peer.received.slice(from).find((m) => m.to.includes(email.toLowerCase()));
  expect(mail).toBeDefined();
  const text = textOf(mail!);
  const link = /https:\/\/portail\.comptoir\.test\/parrainage\/invitation\/([A-Za-z0-9_-]+)/.exec(text);
  expect(link).not.toBeNull();
  return { referral: res.json(), code: link![1]!, text };
}

async function referrals(token = holder.token): Promise<ReferralsResponse> {
  const res = await caller(token).get('/api/sponsorship/referrals');
  expect(res.statusCode).toBe(200);
  return res.json();
}

function signUp(code: string, body: object = {}) {
  return caller(null).post(`/api/sponsorship/invitations/${code}/sign-up`, {
    restaurantName: 'Le Bistrot des Amis',
    contactName: 'Jules Perrin',
    phone: '06 12 34 56 78',
    ...body,
  });
}

describe('inviting a friend', () => {
  it('mails a personal link through the mail module and lists the referral as invited', async () => {
    const email = friend();
    const { referral, code, text } = await invite(email.toUpperCase(), holder.token, 'Essaie, tu verras !');
    expect(text).toContain('« Essaie, tu verras ! »');
    expect(referral).toMatchObject({ email, status: 'invited', rewardCents: 0, restaurantName: null });
    expect((await referrals()).referrals[0]).toEqual(referral);
    const mail = peer.received.at(-1)!;
    expect(mail.raw).toMatch(/^Subject: Je vous recommande Comptoir\r?$/m);
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${holder.email}\\r?$`, 'm'));
    expect(textOf(mail)).toContain('Camille Roux');
    // The code is stored hashed only.
    const stored = await t.database.db.selectFrom('referrals').selectAll().execute();
    expect(stored.some((row) => JSON.stringify(row).includes(code))).toBe(false);
    const hash = crypto.createHash('sha256').update(code).digest('hex');
    expect(stored.find((row) => row.id === referral.id)?.code_hash).toBe(hash);
  });

  it('refuses a second invitation of the same e-mail with 409 ALREADY_INVITED', async () => {
    const email = friend();
    await invite(email);
    const from = peer.received.length;
    const res = await caller(holder.token).post('/api/sponsorship/referrals', { email: ` ${email} ` });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ALREADY_INVITED');
    expect(peer.received.length).toBe(from);
  });

  it('refuses inviting oneself (400 SELF_INVITATION) and an existing user (409 EXISTING_USER)', async () => {
    const self = await caller(holder.token).post('/api/sponsorship/referrals', {
      email: holder.email.toUpperCase(),
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('SELF_INVITATION');
    const user = await createTestUser(t.database.db, { accountId: null, role: 'staff' });
    const existing = await caller(holder.token).post('/api/sponsorship/referrals', { email: user.email });
    expect(existing.statusCode).toBe(409);
    expect(existing.json().error.code).toBe('EXISTING_USER');
  });

  it('refuses an invalid e-mail with 400', async () => {
    const res = await caller(holder.token).post('/api/sponsorship/referrals', { email: 'pas-une-adresse' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('is refused to customer-space users (403 CUSTOMER_SPACE_FORBIDDEN), sub-users and staff', async () => {
    for (const url of ['/api/sponsorship/referrals']) {
      const list = await caller(customerSpaceToken).get(url);
      expect(list.statusCode).toBe(403);
      expect(list.json().error.code).toBe('CUSTOMER_SPACE_FORBIDDEN');
      const post = await caller(customerSpaceToken).post(url, { email: friend() });
      expect(post.statusCode).toBe(403);
      expect(post.json().error.code).toBe('CUSTOMER_SPACE_FORBIDDEN');
      for (const token of [subUserToken, staffToken]) {
        expect((await caller(token).get(url)).statusCode).toBe(403);
        expect((await caller(token).post(url, { email: friend() })).statusCode).toBe(403);
      }
    }
  });

  it("never shows an account's referrals to another account", async () => {
    const email = friend();
    await invite(email);
    const others = await referrals(otherHolderToken);
    expect(others.referrals.map((r) => r.email)).not.toContain(email);
    // Another account may invite the same friend.
    await invite(email, otherHolderToken);
    expect((await referrals(otherHolderToken)).referrals.map((r) => r.email)).toEqual([email]);
  });
});

describe('the personal link', () => {
  it('opens a public page; the details left there move the referral to signed up', async () => {
    const email = friend();
    const { referral, code } = await invite(email);
    const page = await caller(null).get(`/parrainage/invitation/${code}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Camille Roux');
    expect(page.body).toContain('Nom du restaurant');
    const res = await signUp(code);
    expect(res.statusCode).toBe(200);
    const listed = (await referrals()).referrals.find((r) => r.id === referral.id);
    expect(listed).toMatchObject({
      status: 'signed_up',
      restaurantName: 'Le Bistrot des Amis',
      rewardCents: 0,
    });
    expect(listed!.signedUpAt).not.toBeNull();
    const again = await signUp(code);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_SIGNED_UP');
    expect((await caller(null).get(`/parrainage/invitation/${code}`)).body).toContain('Merci');
  });

  it('says an unknown link is not valid (404 on sign-up), and refuses missing details with 400', async () => {
    const page = await caller(null).get('/parrainage/invitation/inconnu');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ce lien d&#39;invitation n&#39;est pas valide.');
    const unknown = await signUp('inconnu');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('INVITATION_NOT_FOUND');
    const { code } = await invite(friend());
    expect((await signUp(code, { phone: 'abc' })).statusCode).toBe(400);
    expect((await signUp(code, { restaurantName: ' ' })).statusCode).toBe(400);
  });
});

describe('first month paid (support staff)', () => {
  it('makes the reward due to the referrer once the signed-up restaurant paid its first month', async () => {
    const { referral, code } = await invite(friend());
    const early = await caller(staffToken).post(`/api/support/referrals/${referral.id}/first-month-paid`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('NOT_SIGNED_UP');
    await signUp(code);
    const before = (await referrals()).rewardDueCents;
    const support = await caller(staffToken).get('/api/support/referrals');
    expect(support.statusCode).toBe(200);
    const seen = (support.json() as { referrals: SupportReferral[] }).referrals.find(
      (r) => r.id === referral.id,
    );
    expect(seen).toMatchObject({
      status: 'signed_up',
      contactName: 'Jules Perrin',
      referrerEmail: holder.email,
    });
    const paid = await caller(staffToken).post(`/api/support/referrals/${referral.id}/first-month-paid`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'first_month_paid', rewardCents: SPONSORSHIP_REWARD_CENTS });
    const after = await referrals();
    expect(after.rewardDueCents).toBe(before + SPONSORSHIP_REWARD_CENTS);
    expect(after.referrals.find((r) => r.id === referral.id)?.status).toBe('first_month_paid');
    const twice = await caller(staffToken).post(`/api/support/referrals/${referral.id}/first-month-paid`);
    expect(twice.json().error.code).toBe('ALREADY_PAID');
  });

  it('is for support staff only', async () => {
    const { referral, code } = await invite(friend());
    await signUp(code);
    const res = await caller(holder.token).post(`/api/support/referrals/${referral.id}/first-month-paid`);
    expect(res.statusCode).toBe(403);
    expect((await caller(holder.token).get('/api/support/referrals')).statusCode).toBe(403);
    expect((await referrals()).referrals.find((r) => r.id === referral.id)?.status).toBe('signed_up');
  });
});

describe('rate limit and mail failures', () => {
  it(`answers 429 TOO_MANY_INVITATIONS beyond ${SPONSORSHIP_INVITATIONS_PER_HOUR} invitations an hour`, async () => {
    const db = t.database.db;
    const { accountId } = await createAccount(db);
    const busy = await createTestUser(db, { accountId });
    const token = (await signInAs(t, busy.email)).accessToken;
    for (let i = 0; i < SPONSORSHIP_INVITATIONS_PER_HOUR; i++) {
      expect((await caller(token).post('/api/sponsorship/referrals', { email: friend() })).statusCode).toBe(
        201,
      );
    }
    const refused = await caller(token).post('/api/sponsorship/referrals', { email: friend() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TOO_MANY_INVITATIONS');
  });

  it('answers 429 TOO_MANY_REQUESTS in French beyond 10 sign-ups a minute from one address', async () => {
    const from = { remoteAddress: uniqueAddress() };
    const signUpFrom = () =>
      t.as(null, from).post('/api/sponsorship/invitations/inconnu/sign-up', {
        restaurantName: 'Le Bistrot des Amis',
        contactName: 'Jules Perrin',
        phone: '06 12 34 56 78',
      });
    for (let i = 0; i < 10; i++) expect((await signUpFrom()).statusCode).toBe(404);
    const refused = await signUpFrom();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: 'Trop de tentatives. Réessayez dans quelques minutes.' },
    });
  });

  // A second app on its own database: slow on a busy machine.
  it(
    'answers 502 MAIL_NOT_SENT and keeps no referral when the mail cannot be sent',
    { timeout: 240_000 },
    async () => {
      const closed = await startSmtpPeer();
      await closed.close();
      const down = await buildTestApp({ smtpUrl: closed.url });
      try {
        const { accountId } = await createAccount(down.database.db);
        const user = await createTestUser(down.database.db, { accountId });
        const token = (await signInAs(down, user.email)).accessToken;
        const res = await down.as(token).post('/api/sponsorship/referrals', { email: friend() });
        expect(res.statusCode).toBe(502);
        expect(res.json().error.code).toBe('MAIL_NOT_SENT');
        expect(await down.database.db.selectFrom('referrals').selectAll().execute()).toEqual([]);
      } finally {
        await down.close();
      }
    },
  );
});
