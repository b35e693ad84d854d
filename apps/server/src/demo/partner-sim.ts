import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { PARTNER_IDS } from '../db/migrations/020-partners';
import { DEMO_PASSWORD } from './demo-users';

/**
 * A simulated partner (issue 19 part 2): what a partner's server does once a restaurant typed its
 * Comptoir key in the partner's interface — it calls `POST /api/partners/callback` with
 * `Authorization: PartnerKey <key>` to validate the integration (with its own customer id) or refuse it.
 *
 * From a shell, against a running server:
 *
 *   npx tsx apps/server/src/demo/partner-sim.ts --url http://localhost:3000 --key cpk_... [--refuse [reason]]
 *
 * From code: `answerAsPartner(httpTransport(url), key, decision)` or, in-process, `injectTransport(app)`.
 */

export type PartnerDecision =
  { action: 'validate'; customerId: string } | { action: 'refuse'; reason?: string };

export interface PartnerAnswer {
  statusCode: number;
  body: unknown;
}

/** How the simulated partner reaches Comptoir's callback. */
export type CallbackTransport = (key: string, decision: PartnerDecision) => Promise<PartnerAnswer>;

export function httpTransport(baseUrl: string): CallbackTransport {
  return async (key, decision) => {
    const res = await fetch(new URL('/api/partners/callback', baseUrl), {
      method: 'POST',
      headers: { authorization: `PartnerKey ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(decision),
    });
    return { statusCode: res.status, body: await res.json().catch(() => null) };
  };
}

export function injectTransport(app: FastifyInstance): CallbackTransport {
  return async (key, decision) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/partners/callback',
      headers: { authorization: `PartnerKey ${key}` },
      payload: decision,
    });
    return { statusCode: res.statusCode, body: res.json() };
  };
}

/** A customer id as a partner would make one: its own prefix and a number. */
export function partnerCustomerId(key: string): string {
  let n = 0;
  for (const ch of key) n = (n * 31 + ch.charCodeAt(0)) % 1_000_000;
  return `CLI-${String(n).padStart(6, '0')}`;
}

/** The partner's answer for one key; the default is to validate it. */
export async function answerAsPartner(
  send: CallbackTransport,
  key: string,
  decision: PartnerDecision = { action: 'validate', customerId: partnerCustomerId(key) },
): Promise<PartnerAnswer> {
  return send(key, decision);
}

/**
 * The demo's partner states, so that the grid shows all three at start: the suite account's holder
 * activates three partners through the portal's calls, then the simulated partners answer —
 * TableOuverte validates, LivrePlat refuses, VéloCourse has not answered yet (waiting). OuiLink is
 * left without integration (its own page has its own flow). Skipped when the account cannot
 * activate partners (no register data).
 */
export async function seedDemoPartnerStates(app: FastifyInstance): Promise<void> {
  const signIn = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: 'demo@comptoir.test', password: DEMO_PASSWORD, scope: 'bo-client' },
  });
  if (signIn.statusCode !== 200) return;
  const authorization = `Bearer ${signIn.json<{ accessToken: string }>().accessToken}`;
  const ipad = await app.inject({
    method: 'POST',
    url: '/api/partnership/ipadToken',
    headers: { authorization },
    payload: {},
  });
  if (ipad.statusCode !== 200) return;
  const { ipadToken } = ipad.json<{ ipadToken: string }>();
  const keyFor = async (partnerId: string): Promise<string | null> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/partnership/generate-link',
      headers: { authorization },
      payload: { ipadToken, partnerId },
    });
    return res.statusCode === 200 ? res.json<{ token: string }>().token : null;
  };
  const send = injectTransport(app);
  const validated = await keyFor(PARTNER_IDS.tableOuverte);
  if (validated) await answerAsPartner(send, validated);
  const refused = await keyFor(PARTNER_IDS.livrePlat);
  if (refused) {
    await answerAsPartner(send, refused, {
      action: 'refuse',
      reason: 'Adresse de livraison hors de notre zone : contactez notre service commercial.',
    });
  }
  await keyFor(PARTNER_IDS.veloCourse);
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(args: string[]): Promise<void> {
  const url = argValue(args, '--url') ?? `http://localhost:${process.env.PORT ?? '3000'}`;
  const key = argValue(args, '--key');
  if (!key) {
    console.error(
      'usage: partner-sim.ts --url <server> --key <partner key> [--refuse [reason]] [--customer-id <id>]',
    );
    process.exit(2);
  }
  const refuseAt = args.indexOf('--refuse');
  const reason = refuseAt >= 0 ? args[refuseAt + 1] : undefined;
  const decision: PartnerDecision =
    refuseAt >= 0
      ? { action: 'refuse', ...(reason && !reason.startsWith('--') ? { reason } : {}) }
      : { action: 'validate', customerId: argValue(args, '--customer-id') ?? partnerCustomerId(key) };
  const answer = await answerAsPartner(httpTransport(url), key, decision);
  console.log(JSON.stringify(answer));
  process.exit(answer.statusCode === 200 ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void main(process.argv.slice(2));
}
