import { queryOptions } from '@tanstack/react-query';
import type { RegisterKeysResponse, ServerKeysResponse } from '@comptoir/contracts';
import { apiGet } from '../../api/api';

/** The server's published keys: public, no session needed (anyone may fetch it to verify signatures). */
export const SERVER_KEYS_PATH = '/api/administration-fiscale/keys';
const REGISTER_KEYS_PATH = '/api/administration-fiscale/registers/keys';

/** Keys change only at an enrolment or a rotation: what was read stays true for the visit. */
const KEYS_STALE_MS = 5 * 60_000;

/** Published keys (issue 18 part 1): the server's, and the registers' of the establishments the caller reads. */
export const fiscalKeysQueries = {
  all: () => ['fiscal', 'keys'] as const,
  server: () =>
    queryOptions({
      queryKey: [...fiscalKeysQueries.all(), 'server'] as const,
      queryFn: ({ signal }) => apiGet<ServerKeysResponse>(SERVER_KEYS_PATH, signal),
      staleTime: KEYS_STALE_MS,
    }),
  registers: () =>
    queryOptions({
      queryKey: [...fiscalKeysQueries.all(), 'registers'] as const,
      queryFn: ({ signal }) => apiGet<RegisterKeysResponse>(REGISTER_KEYS_PATH, signal),
      staleTime: KEYS_STALE_MS,
    }),
};
