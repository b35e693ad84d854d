import crypto from 'node:crypto';
import type { Db } from '../db/database';

/** An instance whose secrets are not the deployment's: it must not start (issue 33, part 1). */
export class DeploymentIdentityError extends Error {
  override name = 'DeploymentIdentityError';
}

const JWT_SECRET_CHECK = 'comptoir/jwt-secret-check/v1';

/** The verifier of the access tokens' key: an HMAC of a fixed text under it, never the key. */
export function jwtSecretVerifier(secret: Uint8Array): string {
  return crypto.createHmac('sha256', secret).update(JWT_SECRET_CHECK).digest('base64');
}

/**
 * The start check of the tokens' key: every instance of a deployment must sign access tokens (and
 * links) with the same key, or a session opened on one is refused by the next. The first start
 * records the key's verifier; a later start with another key is refused, unless `rotate`
 * (`JWT_SECRET_ROTATION=1`: a deliberate change, after which every user signs in again).
 * Two instances starting together decide one after the other (the row is inserted or locked).
 */
export async function checkJwtSecret(
  db: Db,
  secret: Uint8Array,
  options: { rotate?: boolean; now?: Date } = {},
): Promise<'recorded' | 'same' | 'rotated'> {
  const verifier = jwtSecretVerifier(secret);
  const now = options.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('deployment_identity')
      .values({ name: 'jwt-secret', verifier, set_at: now })
      .onConflict((c) => c.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    if (inserted) return 'recorded';
    const row = await trx
      .selectFrom('deployment_identity')
      .select('verifier')
      .where('name', '=', 'jwt-secret')
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.verifier === verifier) return 'same';
    if (!options.rotate) {
      throw new DeploymentIdentityError(
        "This instance's access-token key is not the one the other instances of this database use: " +
          'their sessions would be refused here and this one’s there. Give every instance the same ' +
          'SERVER_SIGNING_KEY_FILE, and the same JWT_SECRET (or JWT_SECRET_FILE) if one is set — an ' +
          'instance upgraded from before issue 33 reads DATA_DIR/secrets/jwt.key: give its content to ' +
          'the others as JWT_SECRET_FILE. To change the key deliberately (every user signs in again), ' +
          'start one instance once with JWT_SECRET_ROTATION=1.',
      );
    }
    await trx
      .updateTable('deployment_identity')
      .set({ verifier, set_at: now })
      .where('name', '=', 'jwt-secret')
      .execute();
    return 'rotated';
  });
}
