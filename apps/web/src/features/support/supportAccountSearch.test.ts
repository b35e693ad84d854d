import type { SupportAccount } from '@comptoir/contracts';
import { describe, expect, it } from 'vitest';
import { filterAccounts } from './supportAccountSearch';

const account = (name: string, holderName: string | null, holderEmail: string | null): SupportAccount => ({
  id: crypto.randomUUID(),
  name,
  edition: 'standard',
  holderName,
  holderEmail,
  establishmentCount: 1,
});

const accounts = [
  account('Groupe Dupont', 'Camille Dupont', 'demo@comptoir.test'),
  account('Crêperie Martin', 'Julien Martin', 'standard@comptoir.test'),
  account('Compte sans titulaire', null, null),
];
const names = (list: SupportAccount[]) => list.map((a) => a.name);

describe('filterAccounts', () => {
  it('keeps every account for an empty search', () => {
    expect(filterAccounts(accounts, '  ')).toEqual(accounts);
  });

  it("finds an account by its name, its holder or the holder's e-mail, ignoring case and accents", () => {
    expect(names(filterAccounts(accounts, 'creperie'))).toEqual(['Crêperie Martin']);
    expect(names(filterAccounts(accounts, 'CAMILLE'))).toEqual(['Groupe Dupont']);
    expect(names(filterAccounts(accounts, 'standard@'))).toEqual(['Crêperie Martin']);
    expect(names(filterAccounts(accounts, 'sans'))).toEqual(['Compte sans titulaire']);
    expect(filterAccounts(accounts, 'inconnu')).toEqual([]);
  });
});
