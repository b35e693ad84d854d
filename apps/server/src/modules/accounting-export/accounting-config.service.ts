// Over 400 lines: the configuration's rules (accounts, links, keys, counter, chart), each check beside the write it guards.
import {
  ACCOUNTING_DEFAULT_ANALYTICS,
  ACCOUNTING_DISCOUNT_KINDS,
  ACCOUNTING_TRANSFER_PAYMENT_ID,
  ACCOUNTING_LINK_ITEM_KIND,
  ACCOUNTING_VAT_KEY_DEFAULTS,
  ACCOUNTING_VAT_KEYS,
  accountingAccountProblem,
  accountingTypeNeedsTableId,
  accountingVatKeysProblem,
  accountNumberKind,
  isAccountNumberValid,
  type AccountingAccount,
  type AccountingAccountCreate,
  type AccountingAccountDelete,
  type AccountingAccountSaved,
  type AccountingAccountsResponse,
  type AccountingAccountUpdate,
  type AccountingChartApplied,
  type AccountingChartProposalResponse,
  type AccountingChoice,
  type AccountingChoicesResponse,
  type AccountingEcritureNumResponse,
  type AccountingEcritureNumSet,
  type AccountingLinkingUpdate,
  type AccountingLinksResponse,
  type AccountingResult,
  type AccountingVatKey,
  type AccountingVatKeys,
  type AccountingVatKeysResponse,
  type AccountingVatKeysUpdate,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import { assertCompanyReadable } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { JET_EVENTS, recordJetEvent } from '../../platform/jet';
import type { ServerKey } from '../../platform/server-key';
import type { RequestContext } from '../../platform/request-context';
import { accountingConfigError } from './accounting-config.errors';
import * as repo from './accounting-config.repository';
import { applyChart, proposeChart } from './accounting-defaults';
import type {
  AccountingAccountRow,
  AccountingLinkRow,
  CompanyScope,
  LinkValues,
} from './accounting-config.repository';

/** 403 COMPANY_FORBIDDEN unless the caller may use this establishment. */
export function companyScope(ctx: RequestContext, companyId: string): CompanyScope {
  assertCompanyReadable(ctx, companyId);
  return { accountId: ctx.accountId, companyId };
}

/** A rate as the order lines hold it (`0.1000`), whatever way it was written (`0.1`, `0.10`). */
const normaliseRate = (rate: string): string => Number(rate).toFixed(4);

function accountRowToApi(row: AccountingAccountRow, links: AccountingLinkRow[]): AccountingAccount {
  const idTables = [...new Set(links.filter((l) => l.id_account === row.id).map((l) => l.id_table))];
  return {
    _id: row.id,
    id: row.id,
    id_company: row.company_id,
    label: row.label,
    account_number: row.account_number,
    analytics: row.analytics,
    type: row.type,
    all_floors: row.all_floors,
    floors: row.floors,
    table_id: row.table_id,
    linking: idTables.map((id_table) => ({ id_table })),
  };
}

export async function getAccounts(
  db: Db,
  ctx: RequestContext,
  companyId: string,
): Promise<AccountingAccountsResponse> {
  const scope = companyScope(ctx, companyId);
  const [rows, links] = await Promise.all([repo.listAccounts(db, scope), repo.listLinks(db, scope)]);
  return [{ datas: rows.map((row) => accountRowToApi(row, links)) }];
}

export async function getLinks(
  db: Db,
  ctx: RequestContext,
  companyId: string,
): Promise<AccountingLinksResponse> {
  const links = await repo.listLinks(db, companyScope(ctx, companyId));
  return [
    {
      datas: links.map((l) => ({
        ...l,
        tax_rates: l.tax_rates.map(normaliseRate),
        tax_rate: l.tax_rate === null ? null : normaliseRate(l.tax_rate),
      })),
    },
  ];
}

const choices = (datas: AccountingChoice[]): AccountingChoicesResponse => [{ datas }];

/** The discount kinds the registers record (§3 links of discount accounts). */
const DISCOUNT_KIND_NAMES: Record<(typeof ACCOUNTING_DISCOUNT_KINDS)[number], string> = {
  line: 'Remise sur article',
  order: 'Remise sur addition',
};

export type ChoiceList =
  'contacts' | 'floors' | 'vat' | 'productTypes' | 'discounts' | 'products' | 'cashBack';

/** The lists the drawer picks links from, for one establishment. */
export async function getChoices(
  db: Db,
  ctx: RequestContext,
  companyId: string,
  list: ChoiceList,
): Promise<AccountingChoicesResponse> {
  const scope = companyScope(ctx, companyId);
  switch (list) {
    case 'contacts':
      return choices(
        (await repo.listCustomers(db, scope)).map((c) => ({
          id: c.id,
          name: c.is_company && c.company_name ? c.company_name : `${c.lastname} ${c.firstname}`.trim(),
        })),
      );
    case 'floors':
      return choices(await repo.listRooms(db, scope));
    case 'vat':
      return choices(
        (await repo.listVatRates(db, scope)).map((v) => ({
          id: v.id,
          name: v.label,
          rate: normaliseRate(v.rate),
        })),
      );
    case 'productTypes':
      return choices(await repo.listCategories(db, scope));
    case 'discounts':
      return choices(
        ACCOUNTING_DISCOUNT_KINDS.map((kind) => ({ id: kind, name: DISCOUNT_KIND_NAMES[kind] })),
      );
    case 'products':
      return choices(await repo.listProducts(db, scope));
    case 'cashBack':
      return choices(
        (await repo.listPaymentTypes(db, scope))
          .filter(isCashbackPaymentType)
          .map((p) => ({ id: p.id, name: p.name })),
      );
  }
}

/** Cashback payment types: those the registers code `CASHBACK` (none in the demo catalogue). */
export const isCashbackPaymentType = (p: { code: string }): boolean => p.code.toUpperCase() === 'CASHBACK';

async function accountValues(
  db: Db,
  scope: CompanyScope,
  body: AccountingAccountCreate,
  exceptId: string | null,
): Promise<repo.AccountValues> {
  const { account_vat_account_length: accountLength } = await currentVatKeys(db, scope);
  const problem = accountingAccountProblem(body, accountLength);
  if (problem) throw accountingConfigError(problem);
  const tableId = accountingTypeNeedsTableId(body.type) ? body.table_id?.trim() || null : null;
  if (body.type === 'customer' && tableId) {
    const customers = await repo.listCustomers(db, scope);
    if (!customers.some((c) => c.id === tableId))
      throw accountingConfigError('ACCOUNTING_CUSTOMER_NOT_FOUND');
    if (await repo.findCustomerAccountLink(db, scope, tableId, exceptId)) {
      throw accountingConfigError('ACCOUNTING_CUSTOMER_ALREADY_LINKED');
    }
  }
  const allFloors = body.all_floors ?? true;
  const floors = allFloors ? [] : [...new Set(body.floors ?? [])];
  if (floors.length > 0) {
    const rooms = new Set((await repo.listRooms(db, scope)).map((r) => r.id));
    if (floors.some((f) => !rooms.has(f))) throw accountingConfigError('ACCOUNTING_LINK_ITEM_UNKNOWN');
  }
  return {
    type: body.type,
    account_number: body.account_number.trim(),
    label: body.label.trim(),
    analytics: (body.analytics ?? ACCOUNTING_DEFAULT_ANALYTICS).trim(),
    all_floors: allFloors,
    floors,
    table_id: tableId,
  };
}

async function savedAccount(db: Db, scope: CompanyScope, id: string): Promise<AccountingAccountSaved> {
  const row = await repo.findAccount(db, scope, id);
  if (!row) throw accountingConfigError('ACCOUNTING_ACCOUNT_NOT_FOUND');
  return [{ result: accountRowToApi(row, await repo.listLinks(db, scope)) }];
}

export async function createAccount(
  db: Db,
  ctx: RequestContext,
  body: AccountingAccountCreate,
): Promise<AccountingAccountSaved> {
  const scope = companyScope(ctx, body.idCompany);
  const id = await repo.insertAccount(db, scope, await accountValues(db, scope, body, null));
  return savedAccount(db, scope, id);
}

/** A change of type drops the account's links: they named items of the former type. */
export async function updateAccount(
  db: Db,
  ctx: RequestContext,
  body: AccountingAccountUpdate,
): Promise<AccountingAccountSaved> {
  const scope = companyScope(ctx, body.idCompany);
  const current = await repo.findAccount(db, scope, body.id);
  if (!current) throw accountingConfigError('ACCOUNTING_ACCOUNT_NOT_FOUND');
  const values = await accountValues(db, scope, body, body.id);
  await repo.updateAccount(db, scope, body.id, values);
  if (values.type !== current.type) await repo.replaceLinks(db, scope, [body.id], []);
  return savedAccount(db, scope, body.id);
}

export async function deleteAccount(
  db: Db,
  ctx: RequestContext,
  body: AccountingAccountDelete,
): Promise<AccountingResult> {
  const scope = companyScope(ctx, body.idCompany);
  if (!(await repo.deleteAccount(db, scope, body.id)))
    throw accountingConfigError('ACCOUNTING_ACCOUNT_NOT_FOUND');
  return [{ result: true }];
}

/** The item ids a link of this type may name in the establishment, with the rate of each VAT rate. */
async function linkableItems(
  db: Db,
  scope: CompanyScope,
  kind: NonNullable<(typeof ACCOUNTING_LINK_ITEM_KIND)[keyof typeof ACCOUNTING_LINK_ITEM_KIND]>,
): Promise<Map<string, string | null>> {
  switch (kind) {
    case 'payment':
      return new Map([
        ...(await repo.listPaymentTypes(db, scope)).map((p): [string, null] => [p.id, null]),
        [ACCOUNTING_TRANSFER_PAYMENT_ID, null],
      ]);
    case 'vat':
      return new Map((await repo.listVatRates(db, scope)).map((v) => [v.id, normaliseRate(v.rate)]));
    case 'category':
      return new Map((await repo.listCategories(db, scope)).map((c) => [c.id, null]));
    case 'product': {
      const [categories, products] = await Promise.all([
        repo.listCategories(db, scope),
        repo.listProducts(db, scope),
      ]);
      return new Map([...categories, ...products].map((item) => [item.id, null]));
    }
    case 'discount':
      return new Map(ACCOUNTING_DISCOUNT_KINDS.map((kind) => [kind, null]));
  }
}

/**
 * Replaces the links of the accounts named (every account of the establishment when none is named).
 * Each link takes its account's type; an item of a type may be linked once per rate (§5).
 */
export async function updateLinking(
  db: Db,
  ctx: RequestContext,
  body: AccountingLinkingUpdate,
): Promise<AccountingResult> {
  const scope = companyScope(ctx, body.idCompany);
  const accounts = new Map((await repo.listAccounts(db, scope)).map((a) => [a.id, a]));
  const accountIds = body.accountIds ?? [...accounts.keys()];
  if (accountIds.some((id) => !accounts.has(id))) throw accountingConfigError('ACCOUNTING_ACCOUNT_NOT_FOUND');
  const replaced = new Set(accountIds);
  const items = new Map<string, Map<string, string | null>>();
  const links: LinkValues[] = [];
  for (const link of body.accountLinking) {
    const account = accounts.get(link.id_account);
    if (!account || !replaced.has(link.id_account))
      throw accountingConfigError('ACCOUNTING_ACCOUNT_NOT_FOUND');
    const kind = ACCOUNTING_LINK_ITEM_KIND[account.type];
    if (!kind) throw accountingConfigError('ACCOUNTING_LINK_ITEM_UNKNOWN');
    if (!items.has(kind)) items.set(kind, await linkableItems(db, scope, kind));
    const known = items.get(kind)!;
    if (!known.has(link.id_table)) throw accountingConfigError('ACCOUNTING_LINK_ITEM_UNKNOWN');
    const vatRate = known.get(link.id_table) ?? null;
    const taxRates = [...new Set((link.tax_rates ?? []).map(normaliseRate))];
    links.push({
      id_account: account.id,
      id_table: link.id_table,
      type: account.type,
      tax_rates: taxRates,
      all_tax_rates: link.all_tax_rates ?? taxRates.length === 0,
      tax_rate: vatRate ?? (link.tax_rate === null ? null : normaliseRate(link.tax_rate)),
    });
  }
  const kept = (await repo.listLinks(db, scope)).filter((l) => !replaced.has(l.id_account));
  const taken = new Set(
    kept.map((l) => linkKey(l.type, l.id_table, l.tax_rate && normaliseRate(l.tax_rate))),
  );
  for (const link of links) {
    const key = linkKey(link.type, link.id_table, link.tax_rate);
    if (taken.has(key)) throw accountingConfigError('ACCOUNTING_LINK_ITEM_TAKEN');
    taken.add(key);
  }
  await repo.replaceLinks(db, scope, accountIds, links);
  return [{ result: true }];
}

const linkKey = (type: string, idTable: string, rate: string | null) => `${type}|${idTable}|${rate ?? ''}`;

async function currentVatKeys(db: Db, scope: CompanyScope): Promise<AccountingVatKeys> {
  const keys = { ...ACCOUNTING_VAT_KEY_DEFAULTS };
  for (const row of await repo.listVatKeys(db, scope)) keys[row.key] = row.value;
  return keys;
}

export async function getVatKeys(
  db: Db,
  ctx: RequestContext,
  companyId: string,
): Promise<AccountingVatKeysResponse> {
  const scope = companyScope(ctx, companyId);
  const [datas, ecritureNum] = await Promise.all([
    currentVatKeys(db, scope),
    repo.nextEcritureNum(db, scope),
  ]);
  return [{ datas, account_vat_ecriturenum: ecritureNum }];
}

/** A chart length shorter than a saved account number is refused, naming the accounts (issue 31). */
async function assertAccountsFitLength(db: Db, scope: CompanyScope, accountLength: string): Promise<void> {
  const unfit = (await repo.listAccounts(db, scope)).filter(
    (a) =>
      isAccountNumberValid(a.account_number, '', accountNumberKind(a.type)) &&
      !isAccountNumberValid(a.account_number, accountLength, accountNumberKind(a.type)),
  );
  if (unfit.length === 0) return;
  const refusal = accountingConfigError('ACCOUNTING_ACCOUNT_NUMBER_INVALID');
  const listed = unfit.map((a) => `« ${a.account_number} » (${a.label})`).join(', ');
  throw new AppError(refusal.statusCode, refusal.code, `${refusal.message} En cause : ${listed}.`, {
    accounts: unfit.map((a) => ({ name: a.label, number: a.account_number })),
  });
}

/** Saves the keys sent (the changed ones), once the whole set obeys §5. */
export async function updateVatKeys(
  db: Db,
  ctx: RequestContext,
  body: AccountingVatKeysUpdate,
): Promise<AccountingResult> {
  const scope = companyScope(ctx, body.idCompany);
  const changed = ACCOUNTING_VAT_KEYS.flatMap((key): [AccountingVatKey, string][] => {
    const value = body.vatKeys[key];
    return value === undefined ? [] : [[key, value]];
  });
  const next = { ...(await currentVatKeys(db, scope)), ...Object.fromEntries(changed) };
  const problem = accountingVatKeysProblem(next);
  if (problem) throw accountingConfigError(problem);
  if (body.vatKeys.account_vat_account_length !== undefined) {
    await assertAccountsFitLength(db, scope, next.account_vat_account_length);
  }
  await repo.upsertVatKeys(db, scope, changed);
  return [{ result: true }];
}

/** The next entry number; it is not advanced here: the export job advances it as it numbers entries. */
export async function readEcritureNum(
  db: Db,
  ctx: RequestContext,
  companyId: string,
): Promise<AccountingEcritureNumResponse> {
  return [{ ecritureNum: await repo.nextEcritureNum(db, companyScope(ctx, companyId)) }];
}

/**
 * Sets the next entry number, never to one a recorded export already gave (§3 EcritureNum
 * continuous), nor past the next one without the user's confirmation (a gap in the numbering, issue
 * 30 defect 11); the change is recorded in the technical journal with who made it.
 */
export async function setEcritureNum(
  db: Db,
  serverKey: ServerKey,
  ctx: RequestContext,
  body: AccountingEcritureNumSet,
): Promise<AccountingEcritureNumResponse> {
  const scope = companyScope(ctx, body.idCompany);
  const last = await repo.lastExportedEcritureNum(db, scope);
  if (last !== null && body.value <= last) throw accountingConfigError('ACCOUNTING_ECRITURE_NUM_USED');
  const next = await repo.nextEcritureNum(db, scope);
  if (body.value > next && body.confirmGap !== true)
    throw accountingConfigError('ACCOUNTING_ECRITURE_NUM_GAP');
  await repo.setEcritureNum(db, scope, body.value);
  if (body.value !== next) {
    await recordJetEvent(db, serverKey, {
      ...JET_EVENTS.accountingCounterSet,
      accountId: ctx.accountId,
      companyId: body.idCompany,
      userId: ctx.userId,
      details: { from: next, to: body.value, unused: Math.max(0, body.value - next) },
    });
  }
  return [{ ecritureNum: body.value }];
}

/** The French chart proposed for the establishment (nothing is saved). */
export async function getChartProposal(
  db: Db,
  ctx: RequestContext,
  companyId: string,
): Promise<AccountingChartProposalResponse> {
  return [{ datas: await proposeChart(db, companyScope(ctx, companyId)) }];
}

/** Creates the proposed chart once the user confirmed it in the drawer. */
export async function applyChartProposal(
  db: Db,
  ctx: RequestContext,
  companyId: string,
): Promise<AccountingChartApplied> {
  return [{ result: true, created: await applyChart(db, companyScope(ctx, companyId)) }];
}
