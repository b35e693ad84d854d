import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerAccountListQuery,
  customerAccountListResponse,
  customerAccountPaymentTypesResponse,
  customerAccountUsersResponse,
  errorResponse,
  isSwiftResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { isSwift, listCustomerAccounts, listPaymentTypes, listUsers } from './customer-accounts.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** Customer accounts (spec 3 §7): the list and the pickers of its history modal. */
export async function customerAccountsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const readGuards = { config: { access: access.readAccount('customer_account') } };

  app.get(
    '/api/customer-account',
    {
      ...readGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: 'The customer accounts with their balance and statistics',
        description:
          'Accounts linked to an establishment the caller may read. `search` matches the lowercased ' +
          '`search` text; `visit`, `balance`, `info` and `type` take comma-separated choices (type: suite ' +
          'edition only, else 403 CUSTOMER_TYPE_FILTER_SUITE_ONLY); `sort` a column, `order` asc or desc. ' +
          'Without search or filter, at most 100 rows; `total` counts the matching accounts. ' +
          '`card_number` is given in the standard edition only. Amounts in cents.',
        querystring: customerAccountListQuery,
        response: { 200: customerAccountListResponse, ...errors },
      },
    },
    async (request) => listCustomerAccounts(db(), requireCtx(request), request.query),
  );

  app.get(
    '/api/user/users',
    {
      ...readGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: "The registers' staff of the caller's establishments (history filter)",
        response: { 200: customerAccountUsersResponse, ...errors },
      },
    },
    async (request) => listUsers(db(), requireCtx(request)),
  );

  app.get(
    '/api/user/paymentTypes',
    {
      ...readGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: "The payment types of the caller's establishments (history filter)",
        response: { 200: customerAccountPaymentTypesResponse, ...errors },
      },
    },
    async (request) => listPaymentTypes(db(), requireCtx(request)),
  );

  app.get(
    '/api/user/isSwift',
    {
      ...readGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: "Whether the signed-in user is flagged 'swift' (opens the cashback account type)",
        response: { 200: isSwiftResponse, ...errors },
      },
    },
    async (request) => isSwift(db(), requireCtx(request)),
  );
}
