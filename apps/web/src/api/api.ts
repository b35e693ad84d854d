import type { ErrorResponse } from '@comptoir/contracts';
import { ACCESS_TOKEN_EXPIRED } from './constants';
import { endSession, getAccessToken, renewTokens } from './session';

/** An answer in the `{ error: { code, message } }` shape, or a failure without one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** What the server adds to name the cause (a field's key...), when it does. */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Calls the server with the session's Bearer token; the caller names the contract type it expects. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await send(path, request);
  if (response.status === 401) {
    const error = await readError(response);
    if (error.code !== ACCESS_TOKEN_EXPIRED) {
      endSession();
      throw error;
    }
    await renewTokens();
    return readBody<T>(await send(path, request));
  }
  return readBody<T>(response);
}

export function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return apiFetch<T>(path, { signal });
}

/**
 * A file the server gives the session (a link cannot carry the Bearer token): its bytes and the name
 * of its `content-disposition`, renewing the token once like `apiFetch`. A POST sends its JSON body.
 */
export async function apiFile(
  path: string,
  options: Pick<ApiRequest, 'method' | 'body' | 'signal'> = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const request: ApiRequest = { ...options, headers: { accept: '*/*' } };
  let response = await send(path, request);
  if (response.status === 401) {
    const error = await readError(response);
    if (error.code !== ACCESS_TOKEN_EXPIRED) {
      endSession();
      throw error;
    }
    await renewTokens();
    response = await send(path, request);
  }
  if (!response.ok) {
    const error = await readError(response);
    if (response.status === 401) endSession();
    throw error;
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

function send(path: string, { method = 'GET', body, signal, headers: extra }: ApiRequest): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...extra };
  const accessToken = getAccessToken();
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(path, {
    method,
    headers,
    signal,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function readBody<T>(response: Response): Promise<T> {
  if (!response.ok) {
    const error = await readError(response);
    // Still refused after a renewal: the session is no longer valid.
    if (response.status === 401) endSession();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

async function readError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const error = isErrorResponse(body)
    ? body.error
    : { code: 'HTTP_' + response.status, message: response.statusText };
  return new ApiError(response.status, error.code, error.message, error.details);
}

function isErrorResponse(body: unknown): body is ErrorResponse {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}
