/**
 * Whether an error says the database cannot be reached (down, restarting, out of connections, too
 * slow to connect) rather than that a query was wrong: the caller may retry, the API answers 503.
 * Both engines: pg's socket errors, SQLSTATE classes 08 (connection) and 57P (shutdown), its pool's
 * timeouts and terminated connections; an in-process PGlite only fails so once it is closed.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return causesOf(err).some(isConnectionFailure);
}

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** Shutting down (57P01 admin, 57P02 crash, 57P03 cannot connect now), too many connections (53300). */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /^Cannot use a pool after calling end/,
  /^PGlite is closed/,
];

function isConnectionFailure(err: { code?: unknown; message?: unknown }): boolean {
  const code = typeof err.code === 'string' ? err.code : '';
  if (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof err.message === 'string' ? err.message : '';
  return MESSAGES.some((pattern) => pattern.test(message));
}

/** The error, its causes and, for an AggregateError (one per address tried), each of its errors. */
function causesOf(err: unknown, depth = 0): { code?: unknown; message?: unknown }[] {
  if (typeof err !== 'object' || err === null || depth > 4) return [];
  const found: { code?: unknown; message?: unknown }[] = [err];
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  if (cause !== undefined) found.push(...causesOf(cause, depth + 1));
  if (Array.isArray(errors)) for (const inner of errors) found.push(...causesOf(inner, depth + 1));
  return found;
}
