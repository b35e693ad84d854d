import crypto from 'node:crypto';
import { OUILINK_PARTNER_CODE } from '@comptoir/contracts';
import type { Db } from '../../db/database';

/**
 * An integration of the account with OuiLink (seeded by migration 020), as the partner activation
 * leaves it: validated when `partnerCustomerId` is given (the partner reported it), else waiting.
 */
export async function insertOuilinkIntegration(
  db: Db,
  accountId: string,
  partnerCustomerId: string | null,
): Promise<void> {
  const partner = await db
    .selectFrom('partners')
    .select('id')
    .where('code', '=', OUILINK_PARTNER_CODE)
    .executeTakeFirstOrThrow();
  const key = crypto.randomBytes(24).toString('base64url');
  await db
    .insertInto('partner_integrations')
    .values({
      account_id: accountId,
      partner_id: partner.id,
      key_hash: crypto.createHash('sha256').update(key).digest('hex'),
      key_prefix: key.slice(0, 6),
      partner_customer_id: partnerCustomerId,
      status: partnerCustomerId === null ? 'waiting' : 'validated',
    })
    .execute();
}

/** Marks the partner up or down (`partners.is_available`). */
export async function setOuilinkAvailable(db: Db, isAvailable: boolean): Promise<void> {
  await db
    .updateTable('partners')
    .set({ is_available: isAvailable })
    .where('code', '=', OUILINK_PARTNER_CODE)
    .execute();
}
