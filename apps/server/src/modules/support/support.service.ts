import crypto from 'node:crypto';
import type { SupportAccount, ViewAsResponse } from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../platform/request-context';
import { insertRefreshToken } from '../auth/auth.repository';
import { newRefreshToken } from '../../platform/tokens';
import { supportError } from './support.errors';
import * as repo from './support.repository';

/** A view-as session lasts a working day; it is not renewed beyond that. */
export const VIEW_AS_TTL_MS = 8 * 60 * 60 * 1000;
const VIEW_AS_SCOPE = 'bo-client';

function supportAccountRowToSupportAccount(row: repo.SupportAccountRow): SupportAccount {
  return {
    id: row.id,
    name: row.name,
    edition: row.edition,
    holderName:
      row.holder_firstname === null ? null : `${row.holder_firstname} ${row.holder_lastname ?? ''}`.trim(),
    holderEmail: row.holder_email,
    establishmentCount: Number(row.establishment_count),
  };
}

export async function listAccounts(db: Db): Promise<SupportAccount[]> {
  return (await repo.listAccounts(db)).map(supportAccountRowToSupportAccount);
}

/**
 * Opens a view-as-customer session for a support user: a `view_as` refresh token of its own session
 * that reads the viewed account. The portal exchanges it at `GET /api/auth/accessToken/` for
 * read-only access tokens. 404 ACCOUNT_NOT_FOUND for an unknown account.
 */
export async function openViewAs(
  db: Db,
  ctx: RequestContext,
  accountId: string,
  now: Date = new Date(),
): Promise<ViewAsResponse> {
  if (!(await repo.accountExists(db, accountId))) throw supportError('ACCOUNT_NOT_FOUND');
  const refresh = newRefreshToken();
  const expiresAt = new Date(now.getTime() + VIEW_AS_TTL_MS);
  await insertRefreshToken(db, {
    id: crypto.randomUUID(),
    user_id: ctx.userId,
    token_hash: refresh.hash,
    kind: 'view_as',
    account_id: accountId,
    scope: VIEW_AS_SCOPE,
    session_id: crypto.randomUUID(),
    issued_at: now,
    expires_at: expiresAt,
  });
  return {
    viewAsCustomerToken: refresh.token,
    path: `/connect-as/${refresh.token}`,
    expiresAt: expiresAt.toISOString(),
  };
}
