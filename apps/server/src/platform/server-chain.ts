import type { Db } from '../db/database';
import { encodeChainHead } from './jet';
import type { ServerKey } from './server-key';

export interface ServerChainHeadMove {
  accountId: string;
  /** The establishment whose chain moves (server closures, archives). */
  companyId: string;
  kind: 'server_closure' | 'archive';
  lastSeq: number;
  lastSig: string;
}

/**
 * Moves the signed head of one of the server's per-company chains (`server_chain_heads`) to its new
 * last link, signing `encodeChainHead` with the server key. Call it in the transaction that appends
 * the link, after taking the chain's lock: the head then always names the last stored link.
 */
export async function moveServerChainHead(
  db: Db,
  signer: Pick<ServerKey, 'sign'>,
  move: ServerChainHeadMove,
): Promise<void> {
  const head = {
    last_seq: move.lastSeq,
    last_sig: move.lastSig,
    sig: signer.sign(encodeChainHead(move)),
    updated_at: new Date(),
  };
  const moved = await db
    .updateTable('server_chain_heads')
    .set(head)
    .where('account_id', '=', move.accountId)
    .where('company_id', '=', move.companyId)
    .where('kind', '=', move.kind)
    .executeTakeFirst();
  if (moved.numUpdatedRows === 0n) {
    await db
      .insertInto('server_chain_heads')
      .values({ account_id: move.accountId, company_id: move.companyId, kind: move.kind, ...head })
      .execute();
  }
}
