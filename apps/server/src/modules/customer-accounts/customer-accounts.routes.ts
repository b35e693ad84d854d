import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerAccountListQuery,
  customerAccountListResponse,
  customerAccountPaymentTypesResponse,
  customerAccountRemove,
  customerAccountsRemove,
  customerAccountsRemovedResponse,
  customerAccountUsersResponse,
  customerOptionResponse,
  customerOptionsQuery,
  customerOptionsResponse,
  customerOptionUpsert,
  customerOptionsSave,
  customerOptionsSaved,
  errorResponse,
  isSwiftResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import {
  getOptions,
  isSwift,
  listCustomerAccounts,
  listPaymentTypes,
  listUsers,
  removeCustomerAccounts,
  saveOptions,
  upsertOption,
} from './customer-accounts.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** Customer accounts (spec 3 §7): the list, the pickers of its history modal, settings and deletion. */
export async function customerAccountsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const readGuards = { config: { access: access.readAccount('customer_account') } };
  const writeGuards = { config: { access: access.writeAccount('customer_account') } };
  const removeErrors = { ...errors, 404: errorResponse, 409: errorResponse };

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
          'Without search or filter the list holds at most 100 rows (`listed`); `total` counts the matching ' +
          'accounts. One page is answered: `page` (from 1) of `pageSize` rows (at most 1000, the default). ' +
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

  app.get(
    '/api/customer-account/getOptions',
    {
      ...readGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: 'The customer-account settings (Paramètres) of the caller’s account',
        description:
          '`keys`: comma-separated option keys, every key when absent. Switches read as `1` or `0`; a key ' +
          'never saved reads as `0` (switches, alert balance) or an empty text.',
        querystring: customerOptionsQuery,
        response: { 200: customerOptionsResponse, ...errors },
      },
    },
    async (request) => getOptions(db(), requireCtx(request), request.query),
  );

  app.put(
    '/api/customer-account/upsertOption',
    {
      config: { access: access.writeHolder() },
      schema: {
        tags: ['customer-accounts'],
        summary: 'Saves one customer-account setting',
        description:
          'The holder only: the settings are the whole account’s (a sub-user or a view-as session gets 403). ' +
          'A switch takes `1` or `0` (else 400 CUSTOMER_OPTION_INVALID). The alert balance is normalised: ' +
          'a comma becomes a dot, empty or invalid gives 0, a positive amount is made negative. ' +
          '`ca_floor_exc_payment` is for the suite edition only (403 CUSTOMER_OPTION_SUITE_ONLY). ' +
          'Answers the value as stored.',
        body: customerOptionUpsert,
        response: { 200: customerOptionResponse, ...errors },
      },
    },
    async (request) => upsertOption(db(), requireCtx(request), request.body),
  );

  app.put(
    '/api/customer-account/options',
    {
      config: { access: access.writeHolder() },
      schema: {
        tags: ['customer-accounts'],
        summary: 'Saves the settings form’s changes together',
        description:
          'The holder only (the settings are the whole account’s). Every setting is checked before any ' +
          'is stored, then all are stored in one transaction: a refusal stores none and names its setting ' +
          'in `details.key` — 400 CUSTOMER_OPTION_INVALID (a switch is 1 or 0), CUSTOMER_OPTION_TOO_LONG, ' +
          'CUSTOMER_OPTION_IBAN_INVALID, CUSTOMER_OPTION_BIC_INVALID, CUSTOMER_OPTION_EMAIL_INVALID; 403 ' +
          'CUSTOMER_OPTION_SUITE_ONLY. Answers the values as stored.',
        body: customerOptionsSave,
        response: { 200: customerOptionsSaved, ...errors },
      },
    },
    async (request) =>
      db()
        .transaction()
        .execute((trx) => saveOptions(trx, requireCtx(request), request.body)),
  );

  app.post(
    '/api/customer-account/customers/removed',
    {
      ...writeGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: 'Removes the selected customer accounts (suite edition)',
        description:
          'All or nothing: 403 CUSTOMER_DELETE_SUITE_ONLY in the standard edition, 404 ' +
          'CUSTOMER_ACCOUNT_NOT_FOUND when an account is not the caller’s, already removed or outside the ' +
          'readable establishments, 409 CUSTOMER_BALANCE_NOT_ZERO when any balance is not zero. The ' +
          'signed operations stay.',
        body: customerAccountsRemove,
        response: { 200: customerAccountsRemovedResponse, ...removeErrors },
      },
    },
    async (request) =>
      db()
        .transaction()
        .execute((trx) => removeCustomerAccounts(trx, requireCtx(request), request.body.customerIds)),
  );

  app.post(
    '/api/customer-account/customer/removed',
    {
      ...writeGuards,
      schema: {
        tags: ['customer-accounts'],
        summary: 'Removes one customer account from its detail page (suite edition)',
        description: 'The rules of `customers/removed` for one account.',
        body: customerAccountRemove,
        response: { 200: customerAccountsRemovedResponse, ...removeErrors },
      },
    },
    async (request) =>
      db()
        .transaction()
        .execute((trx) => removeCustomerAccounts(trx, requireCtx(request), [request.body.customerId])),
  );
}
