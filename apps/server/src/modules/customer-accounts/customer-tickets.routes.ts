import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponse,
  ticketPdfRequest,
  ticketSendRequest,
  ticketSendResponse,
  type TicketPdfAction,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { userLanguage } from '../user/user.service';
import { sendTickets } from './customer-tickets.mail';
import { createTicketPdf, type TicketDeps } from './customer-tickets.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

const ACTION_SUMMARY: Record<TicketPdfAction, string> = {
  details: 'The PDF of the selected notes with their lines',
  withoutDetails: 'The PDF of the selected notes, one labelled line each',
};

/** Ticket PDFs of customer accounts and their sending by e-mail (spec 3 §2, §4, §5, §7). */
export async function customerTicketsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): TicketDeps => ({
    db: app.database.db,
    files: app.files,
    config: app.config,
    mailer: app.mailer,
  });

  for (const action of ['details', 'withoutDetails'] as const) {
    app.post(
      `/api/customer-account/notes/${action}`,
      {
        // It renders the caller's own records into the answer and stores nothing: a read.
        config: { access: access.readAccount('customer_account') },
        schema: {
          tags: ['customer-accounts'],
          summary: ACTION_SUMMARY[action],
          description:
            'Every payment must be a note (charge) or a credit (top-up, payment) of a customer account of ' +
            'the caller in a readable establishment, matching its `customerId` and `userDb` (else 404 ' +
            'TICKET_NOT_FOUND); none: 400 NO_TICKET_SELECTED. `formatA4` false gives an 80 mm roll, ' +
            '`dayByDay` a subtotal per business day. In the caller’s language (its saved locale). Answers ' +
            'the PDF itself (inline, its file name in `content-disposition`); nothing is stored.',
          body: ticketPdfRequest,
          response: {
            200: z.custom<Buffer>((value) => Buffer.isBuffer(value)).describe('application/pdf'),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const ctx = requireCtx(request);
        const { pdf, nameFile } = await createTicketPdf(
          deps(),
          { accountId: ctx.accountId, companyIds: ctx.companyIds },
          action,
          request.body,
          await userLanguage(app.database.db, ctx.userId),
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${nameFile}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  }

  app.post(
    '/api/customer-account/notes/send',
    {
      config: { access: access.writeAccount('customer_account') },
      schema: {
        tags: ['customer-accounts'],
        summary: 'Mails the selected notes as PDF to the customer',
        description:
          'From the platform, Reply-To `userMail`, which must be the signed-in user’s address (403 ' +
          'TICKET_SENDER_NOT_USER). The PDF is regenerated from `listPaymentIds` (`oldPdfSelected`: details ' +
          'or withoutDetails; `sendSeparateNote`: one PDF per note, at most 50), in `locale` or else the ' +
          'sender’s language (its saved locale), which also gives the default subject and label. 400 ' +
          'TICKET_SENDER_REQUIRED / TICKET_RECIPIENT_REQUIRED / TICKET_CONTENT_REQUIRED / ' +
          'TICKET_EMAIL_INVALID / NO_TICKET_SELECTED; 403 TICKET_DAY_BY_DAY_SUITE_ONLY; 404 ' +
          'TICKET_NOT_FOUND; 502 TICKET_MAIL_FAILED when the mail server refuses it.',
        body: ticketSendRequest,
        response: { 200: ticketSendResponse, ...errors, 502: errorResponse },
      },
    },
    async (request) => {
      const ctx = requireCtx(request);
      return sendTickets(
        deps(),
        {
          accountId: ctx.accountId,
          companyIds: ctx.companyIds,
          userId: ctx.userId,
          isSuite: ctx.edition === 'suite',
        },
        request.body,
      );
    },
  );
}
