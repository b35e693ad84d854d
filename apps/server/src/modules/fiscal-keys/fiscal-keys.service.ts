import {
  KEY_FINGERPRINT_RULE,
  type RegisterKeysResponse,
  type ServerKeyEntry,
  type ServerKeysResponse,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ServerKeyRow } from '../../db/schema/server-keys';
import { encodeJetEvent } from '../../platform/jet';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import { scopeOf } from '../fiscal/fiscal.service';
import { keyFingerprint, publishedKey } from './fiscal-keys.format';
import * as repo from './fiscal-keys.repository';

const iso = (at: Date | string) => (at instanceof Date ? at : new Date(at)).toISOString();

/**
 * Publishes the key the server signs with (`app.serverKey`) if it is not yet in `server_keys`: run at
 * every start. The first key ever published dates from the oldest JET event it signed (a server
 * that signed before this table existed), else from now; a later key (a rotation) from now, closing
 * the previous one.
 */
export async function registerServerKey(db: Db, serverKey: ServerKey, now = new Date()): Promise<void> {
  const fingerprint = keyFingerprint(serverKey.publicKeyRaw);
  if (await repo.findServerKey(db, fingerprint)) return;
  let validFrom = now;
  if ((await repo.listServerKeys(db)).length === 0) {
    const oldest = await repo.oldestJetEvent(db);
    if (oldest && serverKey.verify(encodeJetEvent(oldest), oldest.sig)) {
      const at = new Date(oldest.occurred_at);
      if (at < validFrom) validFrom = at;
    }
  }
  await repo.addServerKey(db, { fingerprint, publicKey: serverKey.publicKeyRaw, validFrom });
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
