import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a credential (`refreshToken`, the fiscal sign-in link's `token`, the
 * e-mail check's `verificationToken`, the signed links' `signature`...): their value never reaches a log.
 */
const SECRET_PARAMETER = /token|signature|password|secret/i;

/** Headers that carry a credential, wherever a log line names them. */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'refreshtoken'];

export const REDACTED = '[redacted]';

/** The URL with the value of every secret-bearing query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator < 0 ? pair : pair.slice(0, separator);
      return separator >= 0 && SECRET_PARAMETER.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, queryStart)}?${query.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * The server's pino options over the caller's (level, destination, transport): Fastify's request
 * fields with the URL redacted, and credential headers censored wherever they are logged.
 */
export function secretSafeLoggerOptions(options: Record<string, unknown>): Record<string, unknown> {
  const objects = ['req.headers', 'res.headers', 'headers'];
  return {
    ...options,
    serializers: {
      ...(options.serializers as Record<string, unknown> | undefined),
      // Fastify's own fields; a log line must never throw, whatever object is logged as `req`.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
        version: request.headers?.['accept-version'],
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: objects.flatMap((object) => SECRET_HEADERS.map((header) => `${object}["${header}"]`)),
      censor: REDACTED,
    },
  };
}
