import type { SupportAccount } from '@comptoir/contracts';

/** Accounts whose name, holder or holder's e-mail contains the search, case and accents ignored. */
export function filterAccounts(accounts: SupportAccount[], search: string): SupportAccount[] {
  const needle = fold(search.trim());
  if (!needle) return accounts;
  return accounts.filter((account) =>
    [account.name, account.holderName, account.holderEmail].some(
      (text) => text !== null && fold(text).includes(needle),
    ),
  );
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
