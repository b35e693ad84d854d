import { isUtf8 } from 'node:buffer';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** PostgreSQL stores neither a NUL character nor a lone surrogate (not encodable in UTF-8). */
const UNSTORABLE = /[\0\p{Cs}]/u;
const UNSTORABLE_ALL = /[\0\p{Cs}]/gu;

export type TextInputPart = 'url' | 'query' | 'params' | 'headers' | 'body' | 'file';

/** 400 INVALID_JSON: a JSON body that does not parse (empty, cut, or with a forbidden prototype key). */
export function invalidJson(): AppError {
  return new AppError(400, 'INVALID_JSON', "Le corps de la requête n'est pas un JSON valide.");
}

/** 400 INVALID_TEXT: where the text came from and, for structured input, its JSON path. */
export function invalidText(part: TextInputPart, path = ''): AppError {
  return new AppError(
    400,
    'INVALID_TEXT',
    "Le texte envoyé contient un caractère nul ou des octets qui ne sont pas de l'UTF-8 valide.",
    { in: part, path: path.replace(UNSTORABLE_ALL, '\uFFFD') },
  );
}

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The JSON path of the first string or key PostgreSQL cannot store, or null; iterative, so depth is free. */
export function findUnstorableText(value: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const current = next.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return next.path || '/';
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const path = `${next.path}/${key}`;
        if (!isStorableText(key)) return path;
        pending.push({ value: child, path });
      }
    }
  }
  return null;
}

/** Throws 400 INVALID_TEXT when `value` holds text PostgreSQL cannot store. */
export function assertStorableText(part: TextInputPart, value: unknown): void {
  const path = findUnstorableText(value);
  if (path !== null) throw invalidText(part, path);
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** Percent-escapes decode to bytes; the query's must be UTF-8 (the router already refuses the path's). */
function hasNonUtf8Escapes(url: string): boolean {
  const queryStart = url.indexOf('?');
  if (queryStart < 0 || !url.includes('%', queryStart)) return false;
  try {
    decodeURIComponent(url.slice(queryStart + 1));
    return false;
  } catch {
    // A stray `%` also fails to decode (and stays literal text): look at the escape runs alone.
  }
  const run = new Uint8Array(Math.floor((url.length - queryStart) / 3));
  let length = 0;
  for (let i = queryStart; i <= url.length; i++) {
    const high = url.charCodeAt(i) === 37 ? hexValue(url.charCodeAt(i + 1)) : -1;
    const low = high >= 0 ? hexValue(url.charCodeAt(i + 2)) : -1;
    if (low >= 0) {
      run[length++] = high * 16 + low;
      i += 2;
    } else if (length > 0) {
      if (!isUtf8(run.subarray(0, length))) return true;
      length = 0;
    }
  }
  return false;
}

type CallbackJsonParser = (
  request: FastifyRequest,
  body: string,
  done: (err: Error | null, body?: unknown) => void,
) => void;

/**
 * One rule for every route, before authentication and validation: text PostgreSQL cannot store
 * (NUL, lone surrogates, bytes that are not UTF-8) in the URL, query, path parameters, headers or a
 * JSON body at any depth is 400 INVALID_TEXT instead of a database error (500).
 */
export function registerTextInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (hasNonUtf8Escapes(request.url)) throw invalidText('url');
    assertStorableText('query', request.query);
    assertStorableText('params', request.params);
    assertStorableText('headers', request.headers);
  });

  // Fastify's own parser (prototype poisoning refused) takes a callback.
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  ) as CallbackJsonParser;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    // Decoding would silently turn bytes that are not UTF-8 into U+FFFD.
    if (!isUtf8(body)) return done(invalidText('body'));
    const text = body.toString('utf8');
    parseJson(request, text, (err, value) => {
      // Fastify's parse errors are English codes (FST_ERR_CTP_INVALID_JSON...): the API answers its own.
      if (err) return done(invalidJson());
      // Valid UTF-8 JSON without a \u escape holds no NUL (raw, it is not JSON) and no lone surrogate.
      const path = text.includes('\\u') ? findUnstorableText(value) : null;
      return path === null ? done(null, value) : done(invalidText('body', path));
    });
  });
}

/**
 * Fastify's refusals before routing (`frameworkErrors`), in the API's error shape: a path escape
 * that does not decode is INVALID_TEXT, a path parameter over the router's length 414.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const refusal =
    error.code === 'FST_ERR_BAD_URL'
      ? invalidText('url')
      : new AppError(error.statusCode ?? 500, error.code, error.message);
  if (refusal.statusCode >= 400 && refusal.statusCode < 500) {
    const { code, message, details } = refusal;
    void reply.status(refusal.statusCode).send({ error: { code, message, ...(details ? { details } : {}) } });
    return;
  }
  request.log.error({ err: error }, 'unhandled framework error');
  void reply.status(500).send({ error: { code: 'INTERNAL_ERROR', message: 'Une erreur est survenue.' } });
}
