import {
  ACCOUNTING_DEFAULT_ANALYTICS,
  ACCOUNTING_DISCOUNT_KINDS,
  ACCOUNTING_TRANSFER_PAYMENT_ID,
  ACCOUNTING_VAT_KEYS,
  vatRateLabel,
  type AccountingChartProposal,
  type AccountingProposedAccount,
  type AccountingVatKey,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import * as repo from './accounting-config.repository';
import type { CompanyScope } from './accounting-config.repository';

/** `0.1000` → `10 %`, `0.0550` → `5,5 %`. */
const ratePercent = vatRateLabel;
/** Two digits per rate for the account suffix: 20 % → 20, 10 % → 10, 5,5 % → 55, 2,1 % → 21. */
const rateSuffix = (rateBp: number) =>
  String(rateBp % 100 === 0 ? rateBp / 100 : rateBp / 10).padStart(2, '0');

/** Sales accounts (707) per usual French rate; other rates get 7070xx. */
const SALES_ACCOUNT_BY_RATE: Record<number, string> = {
  2000: '707100',
  1000: '707010',
  550: '707055',
  210: '707021',
};

/** Payment types by their register code: cash to 53, cards and vouchers to cash in (511), customer account to 411. */
const PAYMENT_ACCOUNT_BY_CODE: Record<string, [string, string]> = {
  ESP: ['530000', 'Caisse espèces'],
  CB: ['511210', 'Cartes bancaires à encaisser'],
  CHQ: ['511220', 'Chèques à encaisser'],
  TR: ['511230', 'Titres-restaurant à encaisser'],
  CPTE: ['411000', 'Clients - comptes clients'],
  AVOIR: ['419100', 'Clients - avoirs'],
};

/**
 * The VAT keys of the chart: journal « VT » Ventes, mode 2, the discount account (709, used when
 * discounts are booked gross). No cash-float pair: a float is no daily flow (migration 028 removed the
 * one it used to propose); no discount counterpart and no offered pair, which are booked no more
 * (issue 30, defect 5; migration 029).
 */
export const DEFAULT_VAT_KEYS: Partial<Record<AccountingVatKey, string>> = {
  account_vat_journal: 'VT',
  account_vat_journallib: 'Ventes',
  account_vat_discount: '709000',
  account_vat_cash_transfer: '580000',
  account_vat_cash_expense: '606000',
  account_vat_cash_shortage: '658000',
  account_vat_cash_overage: '758000',
  account_vat_customer_account: '411000',
  account_vat_prepaid: '419110',
  account_vat_tips: '467000',
  account_vat_regulation_account: '658000',
  account_vat_mode: '2',
};

/**
 * A plausible chart of the plan comptable général for the establishment, from its catalogue: a sales
 * account (707) and a collected-VAT account (44571) per VAT rate, an account per payment type (53, 511x,
 * 411), the discount account 709 (discounts booked gross). Only what is not configured yet is
 * proposed: items already linked and VAT keys already set are left out.
 */
export async function proposeChart(db: Db, scope: CompanyScope): Promise<AccountingChartProposal> {
  const [vatRates, categories, paymentTypes, links, savedKeys] = await Promise.all([
    repo.listVatRates(db, scope),
    repo.listCategories(db, scope),
    repo.listPaymentTypes(db, scope),
    repo.listLinks(db, scope),
    repo.listVatKeys(db, scope),
  ]);
  const isLinked = (type: string, idTable: string, rate: string | null) =>
    links.some(
      (l) =>
        l.type === type &&
        l.id_table === idTable &&
        (l.tax_rate === null || rate === null || Number(l.tax_rate) === Number(rate)),
    );
  const accounts: AccountingProposedAccount[] = [];
  const push = (account: AccountingProposedAccount) => {
    if (account.links.length > 0) accounts.push(account);
  };
  vatRates.forEach((v, i) => {
    const rate = Number(v.rate).toFixed(4);
    push({
      type: 'product',
      account_number: SALES_ACCOUNT_BY_RATE[v.rate_bp] ?? `7070${String(i + 1).padStart(2, '0')}`,
      label: `Ventes ${ratePercent(v.rate_bp)}`,
      links: categories
        .filter((c) => !isLinked('product', c.id, rate))
        .map((c) => ({ id_table: c.id, tax_rate: rate })),
    });
    push({
      type: 'vat',
      account_number: `445710${rateSuffix(v.rate_bp)}`,
      label: `TVA collectée ${ratePercent(v.rate_bp)}`,
      links: isLinked('vat', v.id, rate) ? [] : [{ id_table: v.id, tax_rate: rate }],
    });
  });
  let otherPayment = 40;
  for (const p of paymentTypes) {
    const known = PAYMENT_ACCOUNT_BY_CODE[p.code.toUpperCase()];
    const [number, label] =
      known ?? (p.is_cash ? ['530000', 'Caisse espèces'] : [`5112${otherPayment}`, `${p.name} à encaisser`]);
    if (!known && !p.is_cash) otherPayment += 10;
    const existing = accounts.find((a) => a.type === 'payment' && a.account_number === number);
    const link = isLinked('payment', p.id, null) ? [] : [{ id_table: p.id, tax_rate: null }];
    if (existing) existing.links.push(...link);
    else push({ type: 'payment', account_number: number, label, links: link });
  }
  if (!isLinked('payment', ACCOUNTING_TRANSFER_PAYMENT_ID, null)) {
    push({
      type: 'payment',
      account_number: '512000',
      label: 'Banque (virements hors caisse)',
      links: [{ id_table: ACCOUNTING_TRANSFER_PAYMENT_ID, tax_rate: null }],
    });
  }
  const discountLinks = (type: string) =>
    ACCOUNTING_DISCOUNT_KINDS.filter((k) => !isLinked(type, k, null)).map((k) => ({
      id_table: k,
      tax_rate: null,
    }));
  push({
    type: 'discount',
    account_number: '709000',
    label: 'Rabais, remises et ristournes accordés',
    links: discountLinks('discount'),
  });
  const saved = new Set(savedKeys.filter((k) => k.value !== '').map((k) => k.key));
  const vatKeys = Object.fromEntries(
    ACCOUNTING_VAT_KEYS.flatMap((key) => {
      const value = DEFAULT_VAT_KEYS[key];
      return value !== undefined && !saved.has(key) ? [[key, value]] : [];
    }),
  );
  return { accounts, vatKeys };
}

/** Creates the proposed accounts and their links, and sets the proposed VAT keys; the number created. */
export async function applyChart(db: Db, scope: CompanyScope): Promise<number> {
  const proposal = await proposeChart(db, scope);
  for (const account of proposal.accounts) {
    const id = await repo.insertAccount(db, scope, {
      type: account.type,
      account_number: account.account_number,
      label: account.label,
      analytics: ACCOUNTING_DEFAULT_ANALYTICS,
      all_floors: true,
      floors: [],
      table_id: null,
    });
    await repo.replaceLinks(
      db,
      scope,
      [],
      account.links.map((l) => ({
        id_account: id,
        id_table: l.id_table,
        type: account.type,
        tax_rates: l.tax_rate === null ? [] : [l.tax_rate],
        all_tax_rates: l.tax_rate === null,
        tax_rate: l.tax_rate,
      })),
    );
  }
  await repo.upsertVatKeys(db, scope, Object.entries(proposal.vatKeys) as [AccountingVatKey, string][]);
  return proposal.accounts.length;
}
