import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerDunningListQuery,
  customerDunningListResponse,
  customerDunningRequest,
  customerDunningResponse,
  errorResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import type { TicketDeps } from './customer-tickets.service';
import { listReminders, sendReminders } from './customer-dunning.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Dunning (« relancer », issue 31, item 26): reminders mailed to debtors, and their record. */
export async function customerDunningRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): TicketDeps => ({
    db: app.database.db,
    files: app.files,
    config: app.config,
    mailer: app.mailer,
  });

  app.post(
    '/api/customer-account/dunning',
    {
      // It mails customers and records it: a write, refused to view-as sessions.
      config: { access: access.writeAccount('customer_account') },
      schema: {
        tags: ['customer-accounts'],
        summary: 'Mails each selected debtor a reminder with its unpaid notes and its statement',
        description:
          '`customerIds`: 1 to 25 customer accounts of the caller linked to the establishments asked — ' +
          'every one is checked before anything is sent (else 404 CUSTOMER_ACCOUNT_NOT_FOUND, nothing sent); ' +
          '`companyId`: one readable establishment (else 404 CUSTOMER_COMPANY_NOT_FOUND), all of them when ' +
          'absent; `subject` (200 characters at most; « Relance : notes impayées – » and the establishment ' +
          'when empty) and `message` (plain text, required, 5 000 characters at most): else 400 ' +
          'DUNNING_NO_CUSTOMER / DUNNING_TOO_MANY_CUSTOMERS / DUNNING_SUBJECT_TOO_LONG / ' +
          'DUNNING_MESSAGE_REQUIRED / DUNNING_MESSAGE_TOO_LONG with `details.field`. A customer with no ' +
          'debit balance or no unpaid note there is skipped (NOTHING_OWED), one without a valid e-mail too ' +
          '(NO_EMAIL); the others get one mail with the unpaid notes’ PDF (details, A4) and the statement ' +
          'from the day of the oldest unpaid note to today, From the platform’s address under the ' +
          '`ca_dunning_sender_name` setting (else the establishment’s name), Reply-To ' +
          '`ca_dunning_reply_to` (else the user’s e-mail). Each mail is recorded; `failed` when the mail ' +
          'server refused it (MAIL_FAILED). `owed`: what the unpaid notes still leave due, in cents.',
        body: customerDunningRequest,
        response: { 200: customerDunningResponse, ...errors },
      },
    },
    async (request) => sendReminders(deps(), requireCtx(request), request.body),
  );

  app.get(
    '/api/customer-account/dunning',
    {
      config: { access: access.readAccount('customer_account') },
      schema: {
        tags: ['customer-accounts'],
        summary: 'The reminders mailed to one customer',
        description:
          'The newest first, the last 50: those covering all establishments and those of a readable ' +
          'one. 404 CUSTOMER_ACCOUNT_NOT_FOUND for an account not the caller’s or outside the readable ' +
          'establishments.',
        querystring: customerDunningListQuery,
        response: { 200: customerDunningListResponse, ...errors },
      },
    },
    async (request) => listReminders(deps(), requireCtx(request), request.query.customerId),
  );
}
