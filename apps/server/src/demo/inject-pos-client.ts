import type { FastifyInstance } from 'fastify';
import type { BatchResponse, EnrollRegisterResponse } from '@comptoir/contracts';
import type { PosClient } from '@comptoir/pos-sim';
import { DEMO_LOADER_HEADER } from '../app';

/**
 * A POS client that goes through the server's own HTTP routes in-process (routing, validation,
 * authentication, ingestion), without a socket: the demo loader's path to /pos/v1.
 */
export function createInjectPosClient(app: FastifyInstance, holderAccessToken: string): PosClient {
  const call = async <T>(method: 'POST' | 'PUT', url: string, authorization: string, payload: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization, [DEMO_LOADER_HEADER]: '1' },
      payload: payload as object,
    });
    if (res.statusCode >= 300) {
      throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
    }
    return (res.body ? res.json() : undefined) as T;
  };
  return {
    enrollRegister: (req) =>
      call<EnrollRegisterResponse>('POST', '/pos/v1/registers', `Bearer ${holderAccessToken}`, req),
    putCatalog: async (registerId, registerToken, catalog) => {
      await call('PUT', `/pos/v1/registers/${registerId}/catalog`, `Register ${registerToken}`, catalog);
    },
    postBatch: (registerId, registerToken, batch) =>
      call<BatchResponse>(
        'POST',
        `/pos/v1/registers/${registerId}/batches`,
        `Register ${registerToken}`,
        batch,
      ),
  };
}
