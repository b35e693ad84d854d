import crypto from 'node:crypto';
import {
  IPAD_TOKEN_TTL_MINUTES,
  PARTNER_CONNEXION_TOKEN_PREFIX,
  PARTNER_KEY_PREFIX,
  PARTNER_MIN_APP_VERSION,
  isAppVersionAtLeast,
  type ConnexionTokenResponse,
  type GenerateLinkResponse,
  type IpadTokenResponse,
  type Partner,
  type PartnerCallbackRequest,
  type PartnerCallbackResponse,
  type PartnerConnexionResponse,
  type PartnersResponse,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import { JET_EVENTS, recordJetEvent } from '../../platform/jet';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import { notifyAccount } from '../../platform/account-notices';
import { partnersError } from './partners.errors';
import * as repo from './partners.repository';

/** What the partner rules need from the app. */
export interface PartnersDeps {
  db: Db;
  serverKey: ServerKey;
}

/** How many characters of a key are kept in clear to recognise it (prefix + 8 random ones). */
const SHOWN_KEY_LENGTH = PARTNER_KEY_PREFIX.length + 8;

export function hashPartnerSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

function newSecret(prefix: string): { secret: string; hash: string } {
  const secret = `${prefix}${crypto.randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashPartnerSecret(secret) };
}

/** The spec's canActivate: some register of the account last ran PARTNER_MIN_APP_VERSION or later. */
export async function canActivate(db: Db, accountId: string): Promise<boolean> {
  const versions = await repo.latestAppVersions(db, accountId);
  return versions.some((v) => isAppVersionAtLeast(v, PARTNER_MIN_APP_VERSION));
}

function toPartner(row: repo.PartnerWithIntegrationRow, accountCanActivate: boolean): Partner {
  const withAction = row.with_action ?? false;
  return {
    id: row.id ?? '',
    code: row.code ?? '',
    name: row.name ?? '',
    logo: row.logo,
    description: row.description,
    website: row.website,
    withAction,
    keyDisplay: row.key_display ?? 'copy',
    canActivate: withAction && accountCanActivate,
    status: row.status ?? 'none',
    keyPrefix: row.key_prefix,
    keyCreatedAt: row.key_created_at?.toISOString() ?? null,
    partnerCustomerId: row.status === 'validated' ? row.partner_customer_id : null,
    refusedReason: row.status === 'refused' ? row.refused_reason : null,
    statusChangedAt: row.status_changed_at?.toISOString() ?? null,
    hasConnexionToken: row.connexion_token_hash !== null,
  };
}

/** The partner grid: every category in order, with the account's state for each partner. */
export async function listPartners(db: Db, ctx: RequestContext): Promise<PartnersResponse> {
  const [rows, accountCanActivate] = await Promise.all([
    repo.listCatalogue(db, ctx.accountId),
    canActivate(db, ctx.accountId),
  ]);
  const categories: PartnersResponse['partnersCategories'] = [];
  for (const row of rows) {
    let category = categories.at(-1);
    if (category?.id !== row.category_id) {
      category = { id: row.category_id, code: row.category_code, name: row.category_name, partners: [] };
      categories.push(category);
    }
    if (row.id !== null) category.partners.push(toPartner(row, accountCanActivate));
  }
  return {
    partnersCategories: categories,
    canActivate: accountCanActivate,
    minAppVersion: PARTNER_MIN_APP_VERSION,
  };
}

/** Step 1 of the activation: a short-lived token proving the account may activate partners. */
export async function issueIpadToken(
  db: Db,
  ctx: RequestContext,
  now = new Date(),
): Promise<IpadTokenResponse> {
  if (!(await canActivate(db, ctx.accountId))) throw partnersError('APP_UPDATE_NEEDED');
  const { secret, hash } = newSecret('ipt_');
  const expiresAt = new Date(now.getTime() + IPAD_TOKEN_TTL_MINUTES * 60_000);
  await repo.deleteExpiredActivationTokens(db, now);
  await repo.insertActivationToken(db, {
    token_hash: hash,
    account_id: ctx.accountId,
    user_id: ctx.userId,
    expires_at: expiresAt,
  });
  return { ipadToken: secret, expiresAt: expiresAt.toISOString() };
}

async function readPartner(db: Db, accountId: string, partnerId: string): Promise<Partner> {
  const row = await repo.findPartner(db, accountId, partnerId);
  if (!row) throw partnersError('PARTNER_NOT_FOUND');
  return toPartner(row, await canActivate(db, accountId));
}

/**
 * Step 2: a new partner key, shown once. No integration → waiting (JET 80); waiting or refused →
 * waiting with a new key, the old one no longer works (JET 83); validated → 409.
 */
export async function generateLink(
  deps: PartnersDeps,
  ctx: RequestContext,
  input: { ipadToken: string; partnerId: string },
  now = new Date(),
): Promise<GenerateLinkResponse> {
  const activation = await repo.findActivationToken(deps.db, hashPartnerSecret(input.ipadToken), now);
  if (activation?.account_id !== ctx.accountId) throw partnersError('IPAD_TOKEN_INVALID');
  const partner = await repo.findPartner(deps.db, ctx.accountId, input.partnerId);
  if (!partner?.id) throw partnersError('PARTNER_NOT_FOUND');
  if (!partner.with_action) throw partnersError('PARTNER_WITHOUT_ACTION');
  if (!(await canActivate(deps.db, ctx.accountId))) throw partnersError('APP_UPDATE_NEEDED');

  const { secret, hash } = newSecret(PARTNER_KEY_PREFIX);
  const keyPrefix = secret.slice(0, SHOWN_KEY_LENGTH);
  await deps.db.transaction().execute(async (trx) => {
    const existing = await repo.lockIntegration(trx, ctx.accountId, input.partnerId);
    if (existing?.status === 'validated') throw partnersError('PARTNER_ALREADY_VALIDATED');
    const keyColumns = {
      key_hash: hash,
      key_prefix: keyPrefix,
      key_created_at: now,
      status: 'waiting' as const,
      status_changed_at: now,
      partner_customer_id: null,
      refused_reason: null,
      connexion_token_hash: null,
      connexion_token_created_at: null,
    };
    if (existing) await repo.updateIntegration(trx, existing.id, keyColumns);
    else
      await repo.insertIntegration(trx, {
        account_id: ctx.accountId,
        partner_id: input.partnerId,
        ...keyColumns,
      });
    await recordJetEvent(trx, deps.serverKey, {
      ...(existing ? JET_EVENTS.partnerKeyRegenerated : JET_EVENTS.partnerKeyGenerated),
      accountId: ctx.accountId,
      userId: ctx.userId,
      occurredAt: now,
      details: {
        partnerId: input.partnerId,
        partnerCode: partner.code,
        keyPrefix,
        previousStatus: existing?.status ?? 'none',
      },
    });
  });
  return { token: secret, partner: await readPartner(deps.db, ctx.accountId, input.partnerId) };
}

/** The key of an `Authorization: PartnerKey <key>` header (or PartnerToken), else null. */
export function readPartnerCredential(header: string | undefined, scheme: string): string | null {
  const match = /^(\S+)\s+(\S+)$/.exec(header?.trim() ?? '');
  if (!match || match[1]?.toLowerCase() !== scheme.toLowerCase()) return null;
  return match[2] ?? null;
}

/**
 * The partner's answer (spec §4): `validate` moves waiting → validated with its customer id (a repeat
 * with the same id changes nothing); `refuse` moves waiting or validated → refused. Anything else is
 * 409 and changes nothing; an unknown key is 401. Every change is a JET event (81, 82).
 */
export async function partnerCallback(
  deps: PartnersDeps,
  key: string | null,
  body: PartnerCallbackRequest,
  now = new Date(),
): Promise<PartnerCallbackResponse> {
  if (!key?.startsWith(PARTNER_KEY_PREFIX)) throw partnersError('PARTNER_KEY_REFUSED');
  const keyHash = hashPartnerSecret(key);
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockIntegrationByKeyHash(trx, keyHash);
    if (!row) throw partnersError('PARTNER_KEY_REFUSED');
    const jetBase = { accountId: row.account_id, userId: null, occurredAt: now };
    if (body.action === 'validate') {
      if (row.status === 'validated' && row.partner_customer_id === body.customerId) {
        return { status: 'validated', partnerCustomerId: row.partner_customer_id };
      }
      if (row.status !== 'waiting') throw partnersError('PARTNER_TRANSITION_REFUSED');
      await repo.updateIntegration(trx, row.id, {
        status: 'validated',
        partner_customer_id: body.customerId,
        refused_reason: null,
        status_changed_at: now,
      });
      await recordJetEvent(trx, deps.serverKey, {
        ...JET_EVENTS.partnerIntegrationValidated,
        ...jetBase,
        details: {
          partnerId: row.partner_id,
          partnerCode: row.partner_code,
          keyPrefix: row.key_prefix,
          partnerCustomerId: body.customerId,
        },
      });
      await notifyAccount(
        trx,
        row.account_id,
        {
          type: 'success',
          text: `${row.partner_name} a validé votre demande de connexion (client ${body.customerId}).`,
        },
        now,
      );
      return { status: 'validated', partnerCustomerId: body.customerId };
    }
    if (row.status === 'refused') throw partnersError('PARTNER_TRANSITION_REFUSED');
    const reason = body.reason?.trim() || null;
    await repo.updateIntegration(trx, row.id, {
      status: 'refused',
      partner_customer_id: null,
      refused_reason: reason,
      status_changed_at: now,
      connexion_token_hash: null,
      connexion_token_created_at: null,
    });
    await recordJetEvent(trx, deps.serverKey, {
      ...JET_EVENTS.partnerIntegrationRefused,
      ...jetBase,
      details: {
        partnerId: row.partner_id,
        partnerCode: row.partner_code,
        keyPrefix: row.key_prefix,
        previousStatus: row.status,
        reason,
      },
    });
    await notifyAccount(
      trx,
      row.account_id,
      {
        type: 'warning',
        text: `${row.partner_name} a refusé votre demande de connexion${reason ? ` : ${reason}` : '.'}`,
      },
      now,
    );
    return { status: 'refused', partnerCustomerId: null };
  });
}

/**
 * `generate-connexion-token`: a token the partner uses to read who it is connected to
 * (`GET /api/partners/connexion`), for a validated integration; shown once, replaces the previous
 * one (JET 84).
 */
export async function issueConnexionToken(
  deps: PartnersDeps,
  ctx: RequestContext,
  partnerId: string,
  now = new Date(),
): Promise<ConnexionTokenResponse> {
  const { secret, hash } = newSecret(PARTNER_CONNEXION_TOKEN_PREFIX);
  await deps.db.transaction().execute(async (trx) => {
    const partner = await repo.findPartner(trx, ctx.accountId, partnerId);
    if (!partner?.id) throw partnersError('PARTNER_NOT_FOUND');
    const existing = await repo.lockIntegration(trx, ctx.accountId, partnerId);
    if (existing?.status !== 'validated') throw partnersError('PARTNER_NOT_VALIDATED');
    await repo.updateIntegration(trx, existing.id, {
      connexion_token_hash: hash,
      connexion_token_created_at: now,
    });
    await recordJetEvent(trx, deps.serverKey, {
      ...JET_EVENTS.partnerConnexionTokenIssued,
      accountId: ctx.accountId,
      userId: ctx.userId,
      occurredAt: now,
      details: {
        partnerId,
        partnerCode: partner.code,
        replaced: existing.connexion_token_hash !== null,
      },
    });
  });
  return {
    token: secret,
    createdAt: now.toISOString(),
    partner: await readPartner(deps.db, ctx.accountId, partnerId),
  };
}

/** What a partner holding a connection token may read: the account it is connected to. */
export async function readConnexion(db: Db, token: string | null): Promise<PartnerConnexionResponse> {
  if (!token?.startsWith(PARTNER_CONNEXION_TOKEN_PREFIX)) throw partnersError('PARTNER_KEY_REFUSED');
  const row = await repo.findByConnexionTokenHash(db, hashPartnerSecret(token));
  if (row?.status !== 'validated') throw partnersError('PARTNER_KEY_REFUSED');
  return {
    partnerCode: row.partner_code,
    partnerCustomerId: row.partner_customer_id,
    accountName: row.account_name,
    establishments: await repo.listEstablishments(db, row.account_id),
  };
}
