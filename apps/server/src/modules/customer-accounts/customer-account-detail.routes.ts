import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerAccountDetailBody,
  customerAccountDetailParams,
  customerAccountDetailResponse,
  customerCreditsResponse,
  customerNotesPaymentTypesQuery,
  customerNotesPaymentTypesResponse,
  customerNotesQuery,
  customerNotesResponse,
  customerReceivablesQuery,
  customerReceivablesResponse,
  customerStatementQuery,
  customerUpdateData,
  errorResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { softwareIdentity } from '../../platform/pdf/pdf-layout';
import { userLanguage } from '../user/user.service';
import {
  customerStatement,
  getCustomerAccountDetail,
  listCredits,
  listNotePaymentTypes,
  listNotes,
  receivables,
  updateCustomerData,
} from './customer-account-detail.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

const NOTES_DESCRIPTION =
  '`contactsIds`: the customer account ids (each the caller’s, present and in a readable establishment, ' +
  'else 404 CUSTOMER_ACCOUNT_NOT_FOUND); `contactDb`: one readable establishment (else 404 ' +
  'CUSTOMER_COMPANY_NOT_FOUND) or null for all; `tsStart`/`tsEnd`: unix seconds, both included. The ' +
  'money put on an account (payments, top-ups) pays its charges oldest first, over all its operations. ' +
  'Amounts in cents, newest first.';

/** The customer detail page (spec 3 §7 "Customer detail") and the edit form. */
export async function customerAccountDetailRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const readGuards = { config: { access: access.readAccount('customer_account') } };
  const writeGuards = { config: { access: access.writeAccount('customer_account') } };

  app.get(
    '/api/customer-account/receivables',
    {
      ...readGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: 'What the customers owe, aged (0–30, 31–60, 61–90, over 90 days)',
        description:
          'Every customer account with a debit balance linked to a readable establishment: its balance ' +
          'and its unpaid notes there by age in Paris days (the money put on an account pays its oldest ' +
          'charges first, as on the customer’s page); the totals over every debtor; `bucket` keeps the ' +
          'lines of the customers owing something that old. The largest debt first; amounts in cents.',
        querystring: customerReceivablesQuery,
        response: { 200: customerReceivablesResponse, ...errors },
      },
    },
    async (request) => receivables(db(), requireCtx(request), request.query),
  );

  app.get(
    '/api/customer-account/statement',
    {
      ...readGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: 'A customer account’s statement over a period, as a PDF',
        description:
          'Made on request, stored nowhere. `start`/`end`: business days, both included, a year at most; ' +
          '`companyId`: one readable establishment (else 404 CUSTOMER_COMPANY_NOT_FOUND), all of them when ' +
          'absent. The balance brought forward, every charge, payment, top-up and refund with the balance ' +
          'after it, the totals and the closing balance, in the caller’s language (its saved locale). 404 ' +
          'CUSTOMER_ACCOUNT_NOT_FOUND for an account ' +
          'not the caller’s or not in those establishments.',
        querystring: customerStatementQuery,
      },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const language = await userLanguage(db(), ctx.userId);
      const { fileName, pdf } = await customerStatement(
        db(),
        ctx,
        request.query,
        softwareIdentity(app.config.certificateReference, language),
        { language },
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );

  for (const filter of ['unpaid', 'paid'] as const) {
    app.post(
      `/api/customer-account/notes/${filter}`,
      {
        ...readGuards,
        schema: {
          tags: ['customer-accounts'],
          summary:
            filter === 'unpaid'
              ? 'The notes (charges) of customer accounts with something still due'
              : 'The fully paid notes (charges) of customer accounts',
          description: `${NOTES_DESCRIPTION} \`paid_timestamp\` is when the operation that completed the payment was made.`,
          body: customerNotesQuery,
          response: { 200: customerNotesResponse, ...errors },
        },
      },
      async (request) => listNotes(db(), requireCtx(request), filter, request.body),
    );
  }

  app.post(
    '/api/customer-account/notes/credits',
    {
      ...readGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: 'The payments and top-ups of customer accounts with the notes they paid',
        description: NOTES_DESCRIPTION,
        body: customerNotesQuery,
        response: { 200: customerCreditsResponse, ...errors },
      },
    },
    async (request) => listCredits(db(), requireCtx(request), request.body),
  );

  app.post(
    '/api/customer-account/notes/paymentTypes',
    {
      ...readGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: 'The payment types of one establishment',
        description: '`userDb`: a readable establishment, else 404 CUSTOMER_COMPANY_NOT_FOUND.',
        body: customerNotesPaymentTypesQuery,
        response: { 200: customerNotesPaymentTypesResponse, ...errors },
      },
    },
    async (request) => listNotePaymentTypes(db(), requireCtx(request), request.body.userDb),
  );

  app.put(
    '/api/customer-account/customer/updateData',
    {
      ...writeGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: 'Saves the edit form of a customer account (suite edition)',
        description:
          '403 CUSTOMER_EDIT_SUITE_ONLY in the standard edition; 404 CUSTOMER_ACCOUNT_NOT_FOUND when the ' +
          'account is not the caller’s, removed or outside the readable establishments; 400 ' +
          'CUSTOMER_REQUIRED_FIELDS without a last name, CUSTOMER_EMAIL_INVALID, CUSTOMER_PHONE_INVALID ' +
          '(the country code has 2 digits). The phone is stored `+`, code, number; company fields only ' +
          'with `isCompany`; `creditLimit` in cents or null. Signed operations are never touched. ' +
          'Answers the account as the detail gives it.',
        body: customerUpdateData,
        response: { 200: customerAccountDetailResponse, ...errors },
      },
    },
    async (request) =>
      db()
        .transaction()
        .execute((trx) => updateCustomerData(trx, requireCtx(request), request.body)),
  );

  app.post(
    '/api/customer-account/:ids',
    {
      ...readGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: 'One customer account, named by the row link’s uniq_id_customer numbers',
        description:
          '`ids`: one or several uniq_id_customer joined by commas, all of ONE present account of the ' +
          'caller, in the readable establishments or the one of `id_company` (else 404 ' +
          'CUSTOMER_ACCOUNT_NOT_FOUND / CUSTOMER_COMPANY_NOT_FOUND). `card_number` in the standard ' +
          'edition only; `ageing`: cents still due on the unpaid notes by age in days (Europe/Paris).',
        params: customerAccountDetailParams,
        body: customerAccountDetailBody,
        response: { 200: customerAccountDetailResponse, ...errors },
      },
    },
    async (request) =>
      getCustomerAccountDetail(db(), requireCtx(request), request.params.ids, request.body ?? {}),
  );
}
