import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';

/** An error a client may see: a stable code, a message, and a 4xx status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * A module's error maker from its catalog: every code of the module's union (typed in contracts) has a
 * status and a French message, and the maker turns a code into the AppError to throw.
 */
export function defineErrors<Code extends string>(
  catalog: Record<Code, { status: number; message: string }>,
): (code: Code) => AppError {
  return (code) => new AppError(catalog[code].status, code, catalog[code].message);
}

export const badRequest = (code: string, message: string, details?: unknown) =>
  new AppError(400, code, message, details);
export const notFound = (code: string, message: string) => new AppError(404, code, message);

/** The `errorCode` a zod custom issue carries in its params, as the validation error passes it on. */
function errorCodeOf(params: Record<string, unknown>): string | undefined {
  const issueParams = params.params as { errorCode?: unknown } | undefined;
  return typeof issueParams?.errorCode === 'string' ? issueParams.errorCode : undefined;
}

/**
 * Fastify's own refusals of a request's body, in the API's words (issue 31): its codes are English
 * (`FST_ERR_CTP_...`) and its messages too.
 */
const FRAMEWORK_REFUSALS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'La requête est trop volumineuse.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Ce type de contenu n’est pas accepté : envoyez du JSON (application/json).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'INVALID_CONTENT_LENGTH',
    message: 'La longueur annoncée ne correspond pas au corps de la requête.',
  },
};

/** Seconds a client is told to wait (`Retry-After`) while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer while the database cannot be reached: 503, never a hang nor an INTERNAL_ERROR. */
const databaseUnavailable = {
  code: 'DATABASE_UNAVAILABLE',
  message:
    'Le service est momentanément indisponible (base de données injoignable) : réessayez dans quelques secondes.',
} as const;

/** One handler for every route: `{ error: { code, message } }`, never a stack trace or a 5xx message. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: databaseUnavailable });
    }
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({
        error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A contract's refinement may name its own code (`params.errorCode`): it answers with it.
      const coded = err.validation
        .map((v) => ({ code: errorCodeOf(v.params), message: v.message }))
        .find((v) => v.code !== undefined);
      return reply.status(400).send({
        error: {
          code: coded?.code ?? 'VALIDATION_ERROR',
          message: coded ? coded.message : 'La requête est invalide.',
          details: err.validation.map((v) => ({ path: v.instancePath, message: v.message })),
        },
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const refusal = FRAMEWORK_REFUSALS[err.code] ?? {
        code: err.code ?? 'BAD_REQUEST',
        message: err.message,
      };
      return reply.status(status).send({ error: refusal });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL_ERROR', message: 'Une erreur est survenue.' } });
  });
}
