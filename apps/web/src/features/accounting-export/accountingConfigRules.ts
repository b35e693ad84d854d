import {
  ACCOUNTING_ACCOUNT_TYPES,
  ACCOUNTING_LINK_ITEM_KIND,
  ACCOUNTING_VAT_KEYS,
  isCashFloatPairValid,
  type AccountingAccount,
  type AccountingAccountType,
  type AccountingLink,
  type AccountingLinkInput,
  type AccountingVatKey,
  type AccountingVatKeys,
} from '@comptoir/contracts';

/** §3: the cashback type only for a swift user whose establishment has cashback payment types. */
export function visibleAccountTypes(input: {
  isSwift: boolean;
  hasCashbackPaymentTypes: boolean;
}): AccountingAccountType[] {
  const isCashbackShown = input.isSwift && input.hasCashbackPaymentTypes;
  return ACCOUNTING_ACCOUNT_TYPES.filter((type) => type !== 'cashback' || isCashbackShown);
}

/** §5: customers another customer-type account already stands for (disabled in the choice list). */
export function customersTaken(
  accounts: readonly AccountingAccount[],
  exceptAccountId: string | null,
): Set<string> {
  return new Set(
    accounts
      .filter((a) => a.type === 'customer' && a.id !== exceptAccountId && a.table_id !== null)
      .map((a) => a.table_id as string),
  );
}

/** The links being edited, by account id: the items ticked and, for sales accounts, the rates. */
export interface LinkDraft {
  items: string[];
  /** Rates (`0.1000`) the account covers; empty for every rate. */
  rates: string[];
}
export type LinkDrafts = Record<string, LinkDraft>;

/** The saved links as drafts, one per account that has links or can have some. */
export function draftsFromLinks(
  accounts: readonly AccountingAccount[],
  links: readonly AccountingLink[],
): LinkDrafts {
  const drafts: LinkDrafts = {};
  for (const account of accounts) {
    if (!ACCOUNTING_LINK_ITEM_KIND[account.type]) continue;
    const own = links.filter((l) => l.id_account === account.id);
    const rates = [
      ...new Set(own.flatMap((l) => (l.tax_rate === null || account.type === 'vat' ? [] : [l.tax_rate]))),
    ];
    drafts[account.id] = { items: [...new Set(own.map((l) => l.id_table))].sort(), rates: rates.sort() };
  }
  return drafts;
}

const sameDraft = (a: LinkDraft | undefined, b: LinkDraft | undefined) =>
  JSON.stringify(a ?? { items: [], rates: [] }) === JSON.stringify(b ?? { items: [], rates: [] });

/** The accounts whose links were edited: « Valider » is enabled only when there is one (§4). */
export function changedAccountIds(saved: LinkDrafts, edited: LinkDrafts): string[] {
  return Object.keys(edited).filter((id) => !sameDraft(saved[id], edited[id]));
}

/** §7 `updateVatLinking`: one entry per item and tax rate, `tax_rate` null when the rate does not matter. */
export function linkingPayload(
  accounts: readonly AccountingAccount[],
  edited: LinkDrafts,
  accountIds: readonly string[],
): AccountingLinkInput[] {
  return accountIds.flatMap((id) => {
    const account = accounts.find((a) => a.id === id);
    const draft = edited[id];
    if (!account || !draft) return [];
    const rates = account.type === 'vat' || draft.rates.length === 0 ? [null] : draft.rates;
    return draft.items.flatMap((item) =>
      rates.map((rate) => ({
        id_account: id,
        id_table: item,
        tax_rates: draft.rates,
        all_tax_rates: draft.rates.length === 0,
        tax_rate: rate,
      })),
    );
  });
}

/**
 * §5: the items another account of the same type holds (disabled for this account). With rates, an
 * item is taken when another account holds it for every rate or for one of this account's rates.
 */
export function itemsTaken(
  accounts: readonly AccountingAccount[],
  drafts: LinkDrafts,
  accountId: string,
): Set<string> {
  const account = accounts.find((a) => a.id === accountId);
  if (!account) return new Set();
  const mine = drafts[accountId]?.rates ?? [];
  const taken = new Set<string>();
  for (const other of accounts) {
    if (other.id === accountId || other.type !== account.type) continue;
    const draft = drafts[other.id];
    if (!draft) continue;
    const overlaps =
      account.type === 'vat' ||
      draft.rates.length === 0 ||
      mine.length === 0 ||
      draft.rates.some((rate) => mine.includes(rate));
    if (overlaps) draft.items.forEach((item) => taken.add(item));
  }
  return taken;
}

export const toggled = (list: readonly string[], id: string): string[] =>
  list.includes(id) ? list.filter((x) => x !== id) : [...list, id].sort();

/** §7 `updateVatKeys`: the keys whose value changed, only. */
export function changedVatKeys(
  saved: AccountingVatKeys,
  edited: AccountingVatKeys,
): Partial<Record<AccountingVatKey, string>> {
  return Object.fromEntries(
    ACCOUNTING_VAT_KEYS.filter((key) => saved[key] !== edited[key]).map((key) => [key, edited[key]]),
  );
}

/** §5: the movement id fields (achats / ventes) keep the digits typed, nothing else. */
export const digitsOnly = (value: string): string => value.replace(/\D+/g, '');

/** §5, on blur: one cash-float account without the other gets the alert. */
export const isCashFloatAlertShown = (keys: AccountingVatKeys): boolean =>
  !isCashFloatPairValid(keys.account_vat_cashfloat_debit, keys.account_vat_cashfloat_credit);

/** An account's rooms: every room, or those ticked. */
export interface AccountRooms {
  all_floors: boolean;
  floors: string[];
}

/** What an account's body says of its rooms (no room list when every room is meant). */
export const roomsBody = (rooms: AccountRooms): AccountRooms => ({
  all_floors: rooms.all_floors,
  floors: rooms.all_floors ? [] : rooms.floors,
});
