import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountingAccountCreate,
  accountingAccountDelete,
  accountingAccountSaved,
  accountingAccountsResponse,
  accountingAccountUpdate,
  accountingChartApplied,
  accountingChartApply,
  accountingChartProposalResponse,
  accountingChoicesResponse,
  accountingCompanyQuery,
  accountingEcritureNumQuery,
  accountingEcritureNumResponse,
  accountingEcritureNumSet,
  accountingLinkingUpdate,
  accountingLinksResponse,
  accountingResult,
  accountingVatKeysResponse,
  accountingVatKeysUpdate,
  errorResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import {
  applyChartProposal,
  createAccount,
  deleteAccount,
  getAccounts,
  getChartProposal,
  getChoices,
  getLinks,
  getVatKeys,
  readEcritureNum,
  setEcritureNum,
  updateAccount,
  updateLinking,
  updateVatKeys,
  type ChoiceList,
} from './accounting-config.service';

const SERVICE = 'accounting_export';
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['accounting-export'];
const ONE_COMPANY =
  '`idCompany`: the establishment, one the caller may read (else 403 COMPANY_FORBIDDEN); the configuration is per establishment.';

/** The accounting configuration of the drawer « Configuration des comptes » (spec 3 §2, §3, §5, §7). */
export async function accountingConfigRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const readGuards = { config: { access: access.readAccount(SERVICE) } };
  const writeGuards = { config: { access: access.writeAccount(SERVICE) } };
  const inTransaction = <T>(work: (trx: ReturnType<typeof db>) => Promise<T>) =>
    db()
      .transaction()
      .execute((trx) => work(trx));

  app.get(
    '/api/exportVat/getVatAccounts',
    {
      ...readGuards,
      schema: {
        tags,
        summary: "The establishment's accounting accounts, each with the items it is linked to",
        description: ONE_COMPANY,
        querystring: accountingCompanyQuery,
        response: { 200: accountingAccountsResponse, ...errors },
      },
    },
    async (request) => getAccounts(db(), requireCtx(request), request.query.idCompany),
  );

  app.get(
    '/api/exportVat/getAccountLinking',
    {
      ...readGuards,
      schema: {
        tags,
        summary: "The links of the establishment's accounts, one per item and VAT rate",
        description:
          `${ONE_COMPANY} \`id_table\` names a payment type, VAT rate, product category or product, ` +
          'discount kind (`line`, `order`) or offered category, after the account type; `tax_rate` is the ' +
          'order lines’ rate it covers (`0.1000`), null for every rate.',
        querystring: accountingCompanyQuery,
        response: { 200: accountingLinksResponse, ...errors },
      },
    },
    async (request) => getLinks(db(), requireCtx(request), request.query.idCompany),
  );

  const choiceRoutes: [string, ChoiceList, string][] = [
    ['/api/exportVat/getContacts', 'contacts', 'The customer accounts a customer-type account may stand for'],
    ['/api/user/floorsName', 'floors', "The establishment's rooms (an account's floors)"],
    ['/api/user/vat', 'vat', "The establishment's VAT rates, with the rate as the order lines hold it"],
    ['/api/user/productTypes', 'productTypes', "The establishment's product categories"],
    ['/api/user/discounts', 'discounts', 'The discount kinds the registers record (line, order)'],
    ['/api/user/products', 'products', "The establishment's products, with their category"],
    ['/api/user/cashBackPaymentType', 'cashBack', "The establishment's cashback payment types"],
  ];
  for (const [url, list, summary] of choiceRoutes) {
    app.get(
      url,
      {
        ...readGuards,
        schema: {
          tags,
          summary,
          description: ONE_COMPANY,
          querystring: accountingCompanyQuery,
          response: { 200: accountingChoicesResponse, ...errors },
        },
      },
      async (request) => getChoices(db(), requireCtx(request), request.query.idCompany, list),
    );
  }

  app.post(
    '/api/exportVat/createVatAccounts',
    {
      ...writeGuards,
      schema: {
        tags,
        summary: 'Creates an accounting account',
        description:
          `${ONE_COMPANY} Account number, label and analytics (default « Défaut ») non-empty after trimming, ` +
          'and a customer account (`table_id`) for the customer type, else 400 ACCOUNTING_REQUIRED_FIELDS; ' +
          'a customer already linked to another customer-type account: 400 ACCOUNTING_CUSTOMER_ALREADY_LINKED; ' +
          'the movement id (`table_id`) of achats / ventes digits only: 400 ACCOUNTING_MOVEMENT_ID_DIGITS.',
        body: accountingAccountCreate,
        response: { 200: accountingAccountSaved, ...errors },
      },
    },
    async (request) => inTransaction((trx) => createAccount(trx, requireCtx(request), request.body)),
  );

  app.post(
    '/api/exportVat/updateVatAccounts',
    {
      ...writeGuards,
      schema: {
        tags,
        summary: 'Changes an accounting account',
        description: `The rules of createVatAccounts; a change of type drops the account's links. ${ONE_COMPANY}`,
        body: accountingAccountUpdate,
        response: { 200: accountingAccountSaved, ...errors },
      },
    },
    async (request) => inTransaction((trx) => updateAccount(trx, requireCtx(request), request.body)),
  );

  app.post(
    '/api/exportVat/deleteVatAccounts',
    {
      ...writeGuards,
      schema: {
        tags,
        summary: 'Deletes an accounting account and its links',
        description: `${ONE_COMPANY} 404 ACCOUNTING_ACCOUNT_NOT_FOUND for an account not of this establishment.`,
        body: accountingAccountDelete,
        response: { 200: accountingResult, ...errors },
      },
    },
    async (request) => inTransaction((trx) => deleteAccount(trx, requireCtx(request), request.body)),
  );

  app.post(
    '/api/exportVat/updateVatLinking',
    {
      ...writeGuards,
      schema: {
        tags,
        summary: 'Replaces the links of the accounts named by those sent',
        description:
          `${ONE_COMPANY} \`accountLinking\`: one entry per item and tax rate (\`tax_rate\` null if none); the ` +
          'links of `accountIds` (every account when absent) are replaced. An item already linked to ' +
          'another account of the same type: 400 ACCOUNTING_LINK_ITEM_TAKEN; an item not of the ' +
          'establishment or not fit for the type: 400 ACCOUNTING_LINK_ITEM_UNKNOWN.',
        body: accountingLinkingUpdate,
        response: { 200: accountingResult, ...errors },
      },
    },
    async (request) => inTransaction((trx) => updateLinking(trx, requireCtx(request), request.body)),
  );

  app.get(
    '/api/exportVat/getVatKeys',
    {
      ...readGuards,
      schema: {
        tags,
        summary: 'The VAT settings keys of the establishment, and its next entry number',
        description: `${ONE_COMPANY} A key never saved reads as its default ('' , the mode 2).`,
        querystring: accountingCompanyQuery,
        response: { 200: accountingVatKeysResponse, ...errors },
      },
    },
    async (request) => getVatKeys(db(), requireCtx(request), request.query.idCompany),
  );

  app.post(
    '/api/exportVat/updateVatKeys',
    {
      ...writeGuards,
      schema: {
        tags,
        summary: 'Saves the VAT settings keys sent (the changed ones)',
        description:
          `${ONE_COMPANY} Movement ids (achats, ventes) digits only (400 ACCOUNTING_MOVEMENT_ID_DIGITS); both ` +
          'cash-float accounts or none (400 ACCOUNTING_CASHFLOAT_PAIR); mode 1 or 2 (400 ACCOUNTING_MODE_INVALID); a validation date that is a ' +
          'calendar day or empty (400 ACCOUNTING_VALID_DATE_INVALID).',
        body: accountingVatKeysUpdate,
        response: { 200: accountingResult, ...errors },
      },
    },
    async (request) => inTransaction((trx) => updateVatKeys(trx, requireCtx(request), request.body)),
  );

  app.patch(
    '/api/exportVat/ecritureNum',
    {
      ...writeGuards,
      schema: {
        tags,
        summary: 'Sets the next entry number (EcritureNum) of the establishment',
        description:
          `${ONE_COMPANY} A number not above the last one a recorded export gave: 400 ACCOUNTING_ECRITURE_NUM_USED. ` +
          'A number above the next one leaves a gap: 409 ACCOUNTING_ECRITURE_NUM_GAP unless `confirmGap`. ' +
          'Every change is recorded in the technical journal (JET 42: who, from, to).',
        body: accountingEcritureNumSet,
        response: { 200: accountingEcritureNumResponse, ...errors, 409: errorResponse },
      },
    },
    async (request) =>
      inTransaction((trx) => setEcritureNum(trx, app.serverKey, requireCtx(request), request.body)),
  );

  app.post(
    '/api/exportVat/ecritureNum',
    {
      ...readGuards,
      schema: {
        tags,
        summary: 'The next entry number of the establishment',
        description:
          `${ONE_COMPANY} Unlike the spec's call, it does not advance the counter: the export job advances it ` +
          'atomically as it numbers the entries, so that two exports never share a number.',
        body: accountingEcritureNumQuery,
        response: { 200: accountingEcritureNumResponse, ...errors },
      },
    },
    async (request) => readEcritureNum(db(), requireCtx(request), request.body.idCompany),
  );

  app.get(
    '/api/exportVat/proposeChart',
    {
      ...readGuards,
      schema: {
        tags,
        summary: 'A French chart of accounts proposed for the establishment (nothing is saved)',
        description:
          `${ONE_COMPANY} Plan comptable général: sales (707) and collected VAT (44571) per VAT rate, an ` +
          'account per payment type (53, 511x, 411), discounts and offered items with their counterparts, ' +
          'and the VAT keys not set yet. Items already linked are left out.',
        querystring: accountingCompanyQuery,
        response: { 200: accountingChartProposalResponse, ...errors },
      },
    },
    async (request) => getChartProposal(db(), requireCtx(request), request.query.idCompany),
  );

  app.post(
    '/api/exportVat/applyChart',
    {
      ...writeGuards,
      schema: {
        tags,
        summary: 'Creates the proposed chart, once the user confirmed it',
        description: `${ONE_COMPANY} Creates what proposeChart answers at this moment.`,
        body: accountingChartApply,
        response: { 200: accountingChartApplied, ...errors },
      },
    },
    async (request) =>
      inTransaction((trx) => applyChartProposal(trx, requireCtx(request), request.body.idCompany)),
  );
}
