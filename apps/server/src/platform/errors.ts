import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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

/** One handler for every route: `{ error: { code, message } }`, never a stack trace or a 5xx message. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
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
      return reply.status(status).send({
        error: { code: err.code ?? 'BAD_REQUEST', message: err.message },
      });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL_ERROR', message: 'Une erreur est survenue.' } });
  });
}
