import {
  KEY_FINGERPRINT_RULE,
  type RegisterKeysResponse,
  type ServerKeyEntry,
  type ServerKeysResponse,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ServerKeyRow } from '../../db/schema/server-keys';
import { encodeJetEvent, JET_EVENTS } from '../../platform/jet';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import { scopeOf } from '../fiscal/fiscal.service';
import { recordServerEvent } from '../jet/jet.service';
import { keyFingerprint, publishedKey } from './fiscal-keys.format';
import * as repo from './fiscal-keys.repository';

const iso = (at: Date | string) => (at instanceof Date ? at : new Date(at)).toISOString();

/** An instance whose signing key is not the deployment's: it must not start (issue 33, part 1). */
export class ServerKeyMismatchError extends Error {
  override name = 'ServerKeyMismatchError';
}

/**
 * The start check of the deployment's signing identity, run before any request is served. The
 * database's current published key must be this instance's: every instance of a deployment signs
 * with the same key (`SERVER_SIGNING_KEY_FILE`), or a second instance would seal rows and close the
 * key history with a key of its own — evidence damaged for good. So:
 * - no key published yet: this one is, dating from the oldest JET event it signed (a server that
 *   signed before this table existed), else from now;
 * - this key is the current one: nothing to do;
 * - another key is current: the start is refused (`ServerKeyMismatchError`), unless
 *   `rotation` names that key's fingerprint (`SERVER_KEY_ROTATION`): a deliberate replacement,
 *   published from now, closing the previous key, and journaled (JET 12) in every account's
 *   journal, signed with the new key. A retired key never comes back.
 * Two instances starting together cannot both publish: the decision is taken under a table lock.
 */
export async function registerServerKey(
  db: Db,
  serverKey: ServerKey,
  options: { rotation?: string | undefined; now?: Date } = {},
): Promise<'published' | 'current' | 'rotated'> {
  const now = options.now ?? new Date();
  const fingerprint = keyFingerprint(serverKey.publicKeyRaw);
  const rotated = await db.transaction().execute(async (trx) => {
    const keys = await repo.lockServerKeys(trx);
    const own = keys.find((key) => key.fingerprint === fingerprint);
    const current = keys.find((key) => key.valid_to === null);
    if (own && own.valid_to === null) return 'current';
    if (own) {
      throw new ServerKeyMismatchError(
        `This instance signs with the server key ${fingerprint}, retired on ${iso(own.valid_to!)}; ` +
          `the deployment's key is ${current?.fingerprint ?? '(none open)'}. Give every instance the ` +
          'current key (SERVER_SIGNING_KEY_FILE or SERVER_SIGNING_KEY).',
      );
    }
    if (current && options.rotation !== current.fingerprint) {
      throw new ServerKeyMismatchError(
        `This instance signs with the server key ${fingerprint}, but the database's current key is ` +
          `${current.fingerprint}: starting would sign and seal the fiscal records with a second key. ` +
          'Give every instance the same key (SERVER_SIGNING_KEY_FILE or SERVER_SIGNING_KEY, and the ' +
          'same JWT_SECRET if set). To replace the key deliberately, start one instance once with ' +
          `SERVER_KEY_ROTATION=${current.fingerprint}.`,
      );
    }
    let validFrom = now;
    if (keys.length === 0) {
      const oldest = await repo.oldestJetEvent(trx);
      if (oldest && serverKey.verify(encodeJetEvent(oldest), oldest.sig)) {
        const at = new Date(oldest.occurred_at);
        if (at < validFrom) validFrom = at;
      }
    }
    await repo.addServerKey(trx, { fingerprint, publicKey: serverKey.publicKeyRaw, validFrom });
    return current ?? 'published';
  });
  if (typeof rotated === 'string') return rotated;
  await recordServerEvent(db, serverKey, JET_EVENTS.serverKeyRotated, {
    previousFingerprint: rotated.fingerprint,
    fingerprint,
  });
  return 'rotated';
}

function entryOf(row: ServerKeyRow): ServerKeyEntry {
  return {
    ...publishedKey(row.public_key),
    validFrom: iso(row.valid_from),
    validTo: row.valid_to === null ? null : iso(row.valid_to),
  };
}

/** The published server keys; the key in use is always the current one, published or not yet. */
export async function serverKeys(db: Db, serverKey: ServerKey): Promise<ServerKeysResponse> {
  const history = (await repo.listServerKeys(db)).map(entryOf);
  const fingerprint = keyFingerprint(serverKey.publicKeyRaw);
  const current = history.find((key) => key.fingerprint === fingerprint) ?? {
    // Only between the start and its registration (`onReady`): never published without dates.
    ...publishedKey(serverKey.publicKeyRaw),
    validFrom: new Date().toISOString(),
    validTo: null,
  };
  return {
    current,
    history: history.some((key) => key.fingerprint === fingerprint) ? history : [...history, current],
    fingerprintRule: KEY_FINGERPRINT_RULE,
  };
}

/** The registers of the establishments the caller reads, each with its published key. */
export async function registerKeys(db: Db, ctx: RequestContext): Promise<RegisterKeysResponse> {
  const rows = await repo.listRegisterKeys(db, scopeOf(ctx));
  return {
    rows: rows.map((row) => ({
      ...publishedKey(row.public_key),
      registerId: row.id,
      name: row.name,
      serial: row.serial,
      companyId: row.company_id,
      companyName: row.company_name,
      enrolledAt: iso(row.enrolled_at),
      state: row.is_active ? 'active' : 'inactive',
    })),
    fingerprintRule: KEY_FINGERPRINT_RULE,
  };
}
