import net, { type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase, startSmtpPeer } from '../test-helpers';
import { mailHeader } from '../testing/mail-parts';
import { createMailer, sendOrUndo, type Mailer } from './mail';
import { attachMailOutbox, scheduleResend } from './mail-outbox';

/** A free loopback port, for an SMTP server that is down at first, then started there. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('mail outbox with an SMTP server down, then up', () => {
  let database: DatabaseHandle;
  let port: number;
  let mailer: Mailer;
  let apps: FastifyInstance[] = [];
  let peer: Awaited<ReturnType<typeof startSmtpPeer>> | null = null;

  const outbox = () => database.db.selectFrom('mail_outbox').selectAll().orderBy('seq').execute();
  /** Time passes: every waiting mail is due now. */
  const makeDue = () =>
    database.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('status', '=', 'failed')
      .where('next_attempt_at', 'is not', null)
      .execute();

  /** An instance of the deployment: its mailer and its outbox worker on the shared database. */
  async function instance(): Promise<FastifyInstance> {
    const app = Fastify({ logger: false });
    app.decorate('database', database);
    app.decorate('mailer', createMailer({ smtpUrl: `smtp://127.0.0.1:${port}` }, database.db));
    attachMailOutbox(app, { pollMs: 600_000 });
    app.addHook('onClose', async () => app.mailer.close());
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.deleteFrom('notifications').where('staff_only', '=', true).execute();
    await database.db.updateTable('exports').set({ mail_id: null }).execute();
    await database.db.deleteFrom('mail_outbox').execute();
    port = await freePort();
    mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}` }, database.db);
  });
  afterEach(async () => {
    mailer.close();
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
    await peer?.close();
    peer = null;
  });

  it('delivers every waiting mail exactly once when the server comes back, through two instances', async () => {
    const results = [];
    for (const n of [1, 2, 3, 4, 5]) {
      results.push(
        await mailer.send({ to: `gerant${n}@le-zinc.test`, subject: `Export ${n}`, text: 'Bonjour' }),
      );
    }
    expect(results.map((r) => r.status)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
    const waiting = await outbox();
    expect(waiting.map((m) => [m.status, m.attempts])).toEqual(Array(5).fill(['failed', 1]));
    for (const mail of waiting) {
      // The first retry about a minute later.
      expect(mail.next_attempt_at!.getTime() - mail.last_attempt_at!.getTime()).toBe(60_000);
    }
    const [a, b] = [await instance(), await instance()];

    peer = await startSmtpPeer({ port });
    await makeDue();
    const passes = await Promise.all([a.mailOutbox.runOnce(), b.mailOutbox.runOnce()]);

    expect(passes.reduce((n, pass) => n + pass.sent, 0)).toBe(5);
    expect(peer.received.map((m) => mailHeader(m.raw, 'Subject')).sort()).toEqual([
      'Export 1',
      'Export 2',
      'Export 3',
      'Export 4',
      'Export 5',
    ]);
    expect((await outbox()).map((m) => [m.status, m.attempts, m.next_attempt_at])).toEqual(
      Array(5).fill(['sent', 2, null]),
    );
    await makeDue();
    await a.mailOutbox.runOnce();
    expect(peer.received).toHaveLength(5);
  });

  it('doubles the wait after each failed try, and gives up after a day with a notice to support staff only', async () => {
    const sent = await mailer.send({ to: 'compta@le-zinc.test', subject: 'FEC', text: 'Bonjour' });
    const app = await instance();
    await makeDue();
    await app.mailOutbox.runOnce();
    const second = (await outbox())[0]!;
    expect(second).toMatchObject({ status: 'failed', attempts: 2 });
    expect(second.next_attempt_at!.getTime() - second.last_attempt_at!.getTime()).toBe(120_000);

    await database.db
      .updateTable('mail_outbox')
      .set({ retry_until: new Date(Date.now() - 1000), next_attempt_at: new Date(Date.now() - 1000) })
      .where('id', '=', sent.id)
      .execute();
    const pass = await app.mailOutbox.runOnce();

    expect(pass).toEqual({ sent: 0, failed: 0, dead: 1 });
    const dead = (await outbox())[0]!;
    expect(dead).toMatchObject({ status: 'dead', attempts: 3, next_attempt_at: null });
    expect(dead.dead_at).toBeInstanceOf(Date);
    const notices = await database.db
      .selectFrom('notifications')
      .selectAll()
      .where('staff_only', '=', true)
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ account_id: null, type: 'error' });
    expect(notices[0]!.text).toContain('Un e-mail n’a pas pu être envoyé');

    // Support sends it again once the server is back: one more try, at once.
    peer = await startSmtpPeer({ port });
    expect(await scheduleResend(database.db, sent.id)).toMatchObject({ status: 'queued' });
    await app.mailOutbox.runOnce();
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 4 });
    expect(peer.received).toHaveLength(1);
  });

  it('tries a mail that must arrive only once: its sender has undone what it was for', async () => {
    await expect(
      sendOrUndo(
        mailer,
        { to: 'invite@le-zinc.test', subject: 'Invitation', text: 'Bonjour' },
        {
          refusal: () => new Error('MAIL_NOT_SENT'),
        },
      ),
    ).rejects.toThrow('MAIL_NOT_SENT');
    const app = await instance();
    peer = await startSmtpPeer({ port });

    await makeDue();
    await app.mailOutbox.runOnce();

    expect((await outbox())[0]).toMatchObject({ status: 'failed', retries: false, next_attempt_at: null });
    expect(peer.received).toHaveLength(0);
  });
});
