import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  mailboxAttachmentFile,
  mailboxAttachmentParams,
  mailboxListQuery,
  mailboxListResponse,
  mailboxMessage,
  mailboxMessageParams,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import {
  assertMailboxReadable,
  contentDisposition,
  getMailboxMessage,
  listMailbox,
  openMailboxAttachment,
} from './mailbox.service';

const refusals = { 401: errorResponse, 403: errorResponse, 404: errorResponse };

export async function mailboxRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  // Closed in production: with an SMTP server, staff never read customers' mail.
  const mailboxOpen = async (request: FastifyRequest) =>
    assertMailboxReadable(requireCtx(request), app.config.smtpUrl);

  app.get(
    '/api/dev/mailbox',
    {
      config: { access: access.staff({ writes: false }) },
      preHandler: mailboxOpen,
      schema: {
        tags: ['dev'],
        summary: 'Dev mailbox: the messages kept in the outbox when no SMTP server is set, newest first',
        querystring: mailboxListQuery,
        response: { 200: mailboxListResponse, 400: errorResponse, ...refusals },
      },
    },
    async (request) => ({ messages: await listMailbox(db, request.query.limit) }),
  );

  app.get(
    '/api/dev/mailbox/:id',
    {
      config: { access: access.staff({ writes: false }) },
      preHandler: mailboxOpen,
      schema: {
        tags: ['dev'],
        summary: 'Dev mailbox: one message with its text and HTML bodies',
        params: mailboxMessageParams,
        response: { 200: mailboxMessage, 400: errorResponse, ...refusals },
      },
    },
    async (request) => getMailboxMessage(db, request.params.id),
  );

  app.get(
    '/api/dev/mailbox/:id/attachments/:index',
    {
      config: { access: access.staff({ writes: false }) },
      preHandler: mailboxOpen,
      schema: {
        tags: ['dev'],
        summary: 'Dev mailbox: downloads an attachment of a message',
        params: mailboxAttachmentParams,
        response: { 200: mailboxAttachmentFile, 400: errorResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const file = await openMailboxAttachment(db, app.files, request.params.id, request.params.index);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
}
