import {
  batchResponse,
  customerAccountChangesResponse,
  type CustomerAccountChangesResponse,
  enrollRegisterResponse,
  errorResponse,
  type ErrorResponse,
  type BatchRequest,
  type BatchResponse,
  type CatalogRequest,
  type EnrollRegisterRequest,
  type EnrollRegisterResponse,
} from '@comptoir/contracts';

export type { EnrollRegisterRequest, EnrollRegisterResponse };

/** What a cash register needs from the server: the `/pos/v1` ingestion API. */
export interface PosClient {
  /** Holder-authenticated enrollment of one register for one establishment. */
  enrollRegister(req: EnrollRegisterRequest): Promise<EnrollRegisterResponse>;
  putCatalog(registerId: string, registerToken: string, catalog: CatalogRequest): Promise<void>;
  postBatch(registerId: string, registerToken: string, batch: BatchRequest): Promise<BatchResponse>;
  /** What the back office changed for the register's establishment since `since` (all without it). */
  customerAccountChanges?(
    registerId: string,
    registerToken: string,
    since: string | undefined,
  ): Promise<CustomerAccountChangesResponse>;
}

/** A non-2xx answer of the POS API, carrying the server's `{ error: { code, message, details } }`. */
export class PosApiError extends Error {
  readonly code: string;
  readonly serverMessage: string;

  constructor(
    readonly status: number,
    readonly body: ErrorResponse,
  ) {
    super(`POS API ${status} ${body.error.code}: ${body.error.message}`);
    this.name = 'PosApiError';
    this.code = body.error.code;
    this.serverMessage = body.error.message;
  }
}

async function failure(response: Response): Promise<PosApiError> {
  const text = await response.text();
  try {
    const body = errorResponse.safeParse(JSON.parse(text));
    if (body.success) return new PosApiError(response.status, body.data);
  } catch {
    // Not JSON: a proxy or crash page; keep its text.
  }
  const error = { code: `HTTP_${response.status}`, message: text.slice(0, 500) };
  return new PosApiError(response.status, { error });
}

/** A `PosClient` over HTTP (global fetch), as a real register talks to the server. */
export function createHttpPosClient(baseUrl: string, holderAccessToken: string): PosClient {
  const root = baseUrl.replace(/\/+$/, '');
  const call = async (
    method: string,
    path: string,
    authorization: string,
    body: unknown,
  ): Promise<Response> => {
    const response = await fetch(`${root}${path}`, {
      method,
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw await failure(response);
    return response;
  };
  const registerPath = (registerId: string) => `/pos/v1/registers/${encodeURIComponent(registerId)}`;
  return {
    async enrollRegister(req) {
      const response = await call('POST', '/pos/v1/registers', `Bearer ${holderAccessToken}`, req);
      return enrollRegisterResponse.parse(await response.json());
    },
    async putCatalog(registerId, registerToken, catalog) {
      const response = await call(
        'PUT',
        `${registerPath(registerId)}/catalog`,
        `Register ${registerToken}`,
        catalog,
      );
      await response.arrayBuffer();
    },
    async postBatch(registerId, registerToken, batch) {
      const response = await call(
        'POST',
        `${registerPath(registerId)}/batches`,
        `Register ${registerToken}`,
        batch,
      );
      return batchResponse.parse(await response.json());
    },
    async customerAccountChanges(registerId, registerToken, since) {
      const query = new URLSearchParams({ registerId, ...(since === undefined ? {} : { since }) });
      const response = await call(
        'GET',
        `/pos/v1/customer-accounts?${query.toString()}`,
        `Register ${registerToken}`,
        undefined,
      );
      return customerAccountChangesResponse.parse(await response.json());
    },
  };
}
