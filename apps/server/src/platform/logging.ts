import type { FastifyRequest } from 'fastify';

/**
 * Parameters that carry a credential, in a query or a path (`refreshToken`, the fiscal sign-in link's
 * `token`, the e-mail check's `verificationToken`, the signed links' `signature`, the view-as page's
 * `viewAsCustomerToken`, a referral link's `code`...): their value never reaches a log.
 */
const SECRET_PARAMETER = /token|signature|password|secret|^code$/i;

/** One rule for query and path parameters: is this parameter's value a credential? */
export function isSecretParameter(name: string): boolean {
  return SECRET_PARAMETER.test(name);
}

/** Headers that carry a credential, wherever a log line names them. */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'refreshtoken'];

export const REDACTED = '[redacted]';

/**
 * The URL with the value of every secret parameter replaced by `[redacted]`: in the query by its
 * name, in the path by the matched route's pattern (`/parrainage/invitation/:code`).
 */
export function redactUrl(url: string, route?: string): string {
  const queryStart = url.indexOf('?');
  const path = redactPath(queryStart < 0 ? url : url.slice(0, queryStart), route);
  if (queryStart < 0) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator < 0 ? pair : pair.slice(0, separator);
      return separator >= 0 && isSecretParameter(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${path}?${query.join('&')}`;
}

/** Each path segment the route names with a secret parameter (`:code`, `:viewAsCustomerToken`) hidden. */
function redactPath(path: string, route: string | undefined): string {
  if (!route?.includes(':')) return path;
  const pattern = route.split('/');
  const segments = path.split('/');
  const isSecret = (part: string) =>
    part.startsWith(':') && isSecretParameter(part.slice(1).replace(/\W.*$/, ''));
  // Every route's parameters fill whole segments; any other shape loses the whole path rather than leak.
  if (pattern.length !== segments.length) return pattern.some(isSecret) ? route : path;
  return segments.map((segment, index) => (isSecret(pattern[index]!) ? REDACTED : segment)).join('/');
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
        url: typeof request.url === 'string' ? redactUrl(request.url, request.routeOptions?.url) : undefined,
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
