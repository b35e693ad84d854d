import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ACCOUNTING_VAT_KEY_DEFAULTS } from '@comptoir/contracts';
import { showFlash } from '../../ui/flash/flashStore';
import { AccountingConfigDrawer } from './AccountingConfigDrawer';

vi.mock('../../ui/flash/flashStore', () => ({ showFlash: vi.fn() }));

const COMPANY = '0c0c0c0c-0000-4000-8000-000000000001';
const ACCOUNT = {
  _id: '0a0a0a0a-0000-4000-8000-000000000001',
  id: '0a0a0a0a-0000-4000-8000-000000000001',
  id_company: COMPANY,
  label: 'Caisse espèces',
  account_number: '530000',
  analytics: 'Défaut',
  type: 'payment',
  all_floors: true,
  floors: [],
  table_id: null,
  linking: [],
};

let accounts: (typeof ACCOUNT)[];
let fetchMock: Mock<(path: string, init?: RequestInit) => Promise<Response>>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  accounts = [];
  fetchMock = vi.fn((path: string) => {
    if (path.startsWith('/api/exportVat/getVatAccounts')) return Promise.resolve(json([{ datas: accounts }]));
    if (path.startsWith('/api/exportVat/getAccountLinking')) return Promise.resolve(json([{ datas: [] }]));
    if (path.startsWith('/api/exportVat/getVatKeys')) {
      return Promise.resolve(json([{ datas: ACCOUNTING_VAT_KEY_DEFAULTS, account_vat_ecriturenum: 1 }]));
    }
    if (path === '/api/user/isSwift') return Promise.resolve(json({ isSwift: false }));
    if (path === '/api/user/paymentTypes') {
      return Promise.resolve(json([{ id: 'pt-cash', id_company: COMPANY, payment_name: 'Espèces' }]));
    }
    if (path.startsWith('/api/user/floorsName')) {
      return Promise.resolve(json([{ datas: [{ id: 'room-terrasse', name: 'Terrasse' }] }]));
    }
    if (path === '/api/exportVat/createVatAccounts') return Promise.resolve(json([{ result: ACCOUNT }]));
    if (path === '/api/exportVat/updateVatAccounts') return Promise.resolve(json([{ result: ACCOUNT }]));
    if (path === '/api/exportVat/updateVatLinking') return Promise.resolve(json([{ result: true }]));
    if (path === '/api/exportVat/updateVatKeys') return Promise.resolve(json([{ result: true }]));
    return Promise.resolve(json([{ datas: [] }]));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showFlash).mockClear();
});

function renderDrawer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <AccountingConfigDrawer companyId={COMPANY} onClose={() => undefined} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { onSaved };
}

const bodyOf = (path: string) =>
  JSON.parse(String((fetchMock.mock.calls.find(([p]) => p === path)?.[1] as RequestInit).body)) as Record<
    string,
    unknown
  >;

describe('the drawer « Configuration des comptes »', () => {
  it('says when no account of a type is configured, and keeps Valider disabled until a link changes', async () => {
    accounts = [ACCOUNT];
    renderDrawer();
    const payment = await screen.findByRole('region', { name: 'Paiement' });
    expect(within(payment).getByText('530000 — Caisse espèces')).toBeTruthy();
    expect(screen.getAllByText("Aucun compte comptable de ce type n'est configuré").length).toBeGreaterThan(
      0,
    );
    const validate = screen.getByRole('button', { name: 'Valider' });
    expect(validate).toHaveProperty('disabled', true);
    fireEvent.click(await within(payment).findByRole('checkbox', { name: 'Espèces' }));
    expect(validate).toHaveProperty('disabled', false);
    fireEvent.click(validate);
    await waitFor(() =>
      expect(showFlash).toHaveBeenCalledWith({
        type: 'success',
        text: 'Vos comptes comptables ont été mis à jour',
      }),
    );
    expect(bodyOf('/api/exportVat/updateVatLinking')).toEqual({
      idCompany: COMPANY,
      accountIds: [ACCOUNT.id],
      accountLinking: [
        { id_account: ACCOUNT.id, id_table: 'pt-cash', tax_rates: [], all_tax_rates: true, tax_rate: null },
      ],
    });
  });

  it('alerts when a required field is blank, and creates the account with the analytics « Défaut »', async () => {
    const { onSaved } = renderDrawer();
    fireEvent.click(screen.getByRole('radio', { name: 'Créer compte' }));
    fireEvent.change(await screen.findByLabelText('Type de compte'), { target: { value: 'payment' } });
    fireEvent.change(screen.getByLabelText('Numéro de compte'), { target: { value: '530000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Tous les champs obligatoires ne sont pas renseignés',
    );
    expect(fetchMock.mock.calls.some(([p]) => p === '/api/exportVat/createVatAccounts')).toBe(false);

    fireEvent.change(screen.getByLabelText('Libellé'), { target: { value: 'Caisse espèces' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(showFlash).toHaveBeenCalledWith({
      type: 'success',
      text: 'Votre compte comptable à bien été ajouté',
    });
    expect(bodyOf('/api/exportVat/createVatAccounts')).toMatchObject({
      idCompany: COMPANY,
      type: 'payment',
      account_number: '530000',
      label: 'Caisse espèces',
      analytics: 'Défaut',
      all_floors: true,
    });
  });

  it('shows the account number red with the rule when it is not digits, and sends nothing', async () => {
    renderDrawer();
    fireEvent.click(screen.getByRole('radio', { name: 'Créer compte' }));
    fireEvent.change(await screen.findByLabelText('Type de compte'), { target: { value: 'payment' } });
    const number = screen.getByLabelText('Numéro de compte');
    fireEvent.change(number, { target: { value: '=1+1 😀 ../x' } });
    fireEvent.change(screen.getByLabelText('Libellé'), { target: { value: 'Banque' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(number.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe(
      'Le numéro de compte ne contient que des chiffres (15 au plus), sans espace ni signe.',
    );
    expect(fetchMock.mock.calls.some(([p]) => p === '/api/exportVat/createVatAccounts')).toBe(false);
    fireEvent.change(number, { target: { value: '512000' } });
    expect(number.getAttribute('aria-invalid')).toBeNull();
  });

  it('marks a settings key holding an account number that is not digits, and does not save', async () => {
    renderDrawer();
    fireEvent.click(screen.getByRole('radio', { name: 'Configuration' }));
    const tips = await screen.findByLabelText('Compte pourboires');
    fireEvent.change(tips, { target: { value: '467 000' } });
    expect(tips.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(tips.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Le numéro de compte ne contient que des chiffres (15 au plus), sans espace ni signe.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() =>
      expect(showFlash).toHaveBeenCalledWith({
        type: 'error',
        text: 'Un numéro de compte ne contient que des chiffres : corrigez les champs en rouge.',
      }),
    );
    expect(fetchMock.mock.calls.some(([p]) => p === '/api/exportVat/updateVatKeys')).toBe(false);
  });

  it('checks the cash-float pair on blur and sends the changed keys only', async () => {
    renderDrawer();
    fireEvent.click(screen.getByRole('radio', { name: 'Configuration' }));
    const debit = await screen.findByLabelText('Variation du fonds de caisse (débit)');
    fireEvent.change(debit, { target: { value: '531000' } });
    fireEvent.blur(debit);
    expect((await screen.findByRole('alert')).textContent).toContain('doivent être renseignés tous les deux');
    fireEvent.change(screen.getByLabelText('Variation du fonds de caisse (crédit)'), {
      target: { value: '580000' },
    });
    fireEvent.change(screen.getByLabelText('Identifiant de mouvement achats'), {
      target: { value: '12ab3' },
    });
    expect(screen.getByLabelText('Identifiant de mouvement achats')).toHaveProperty('value', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() =>
      expect(showFlash).toHaveBeenCalledWith({ type: 'success', text: 'Vos paramètres ont été mis à jour' }),
    );
    expect(bodyOf('/api/exportVat/updateVatKeys')).toEqual({
      idCompany: COMPANY,
      vatKeys: {
        account_vat_achats: '123',
        account_vat_cashfloat_debit: '531000',
        account_vat_cashfloat_credit: '580000',
      },
    });
  });

  it('shows and takes the validation date as DD/MM/YYYY whatever the browser, and sends it YYYY-MM-DD', async () => {
    renderDrawer();
    fireEvent.click(screen.getByRole('radio', { name: 'Configuration' }));
    const validDate = await screen.findByLabelText('Date de validation');
    expect(validDate).toHaveProperty('type', 'text');
    expect(validDate).toHaveProperty('placeholder', 'JJ/MM/AAAA');
    fireEvent.change(validDate, { target: { value: '31/12/2026' } });
    expect(validDate).toHaveProperty('value', '31/12/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() =>
      expect(bodyOf('/api/exportVat/updateVatKeys')).toEqual({
        idCompany: COMPANY,
        vatKeys: { account_vat_validdate: '2026-12-31' },
      }),
    );
  });

  it('books discounts net by default and sends « gross » when chosen; offers no retired offered keys', async () => {
    renderDrawer();
    fireEvent.click(screen.getByRole('radio', { name: 'Configuration' }));
    const booking = await screen.findByLabelText('Remises');
    expect(booking).toHaveProperty('value', '');
    expect(screen.queryByLabelText('Compte de charges offerts')).toBeNull();
    expect(screen.queryByLabelText('Contrepartie remises')).toBeNull();
    fireEvent.change(booking, { target: { value: 'gross' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(showFlash).toHaveBeenCalledWith(expect.objectContaining({ type: 'success' })));
    expect(bodyOf('/api/exportVat/updateVatKeys')).toEqual({
      idCompany: COMPANY,
      vatKeys: { account_vat_discount_booking: 'gross' },
    });
  });

  it('asks before a next entry number that leaves numbers unused, and sends it confirmed only then', async () => {
    const patches: Record<string, unknown>[] = [];
    const base = fetchMock.getMockImplementation() as (path: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation((path: string, init?: RequestInit) => {
      if (path !== '/api/exportVat/ecritureNum' || init?.method !== 'PATCH') return base(path, init);
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      patches.push(body);
      return Promise.resolve(
        body.confirmGap
          ? json([{ ecritureNum: body.value }])
          : json({ error: { code: 'ACCOUNTING_ECRITURE_NUM_GAP', message: 'trou' } }, 409),
      );
    });
    const confirm = vi.fn((_message: string) => false);
    vi.stubGlobal('confirm', confirm);
    renderDrawer();
    fireEvent.click(screen.getByRole('radio', { name: 'Configuration' }));
    const number = await screen.findByLabelText("Prochain numéro d'écriture");
    fireEvent.change(number, { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(confirm.mock.calls[0]![0]).toContain('Passer à 1000 laisse 999 numéro(s) inutilisé(s)');
    // Declined: nothing more is sent, nothing is said to be saved.
    expect(patches).toEqual([{ idCompany: COMPANY, value: 1000 }]);
    expect(showFlash).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() =>
      expect(showFlash).toHaveBeenCalledWith({ type: 'success', text: 'Vos paramètres ont été mis à jour' }),
    );
    expect(patches.at(-1)).toEqual({ idCompany: COMPANY, value: 1000, confirmGap: true });
  });

  it('changes an account in place and says so', async () => {
    accounts = [ACCOUNT];
    const { onSaved } = renderDrawer();
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier 530000' }));
    fireEvent.change(screen.getByLabelText('Libellé'), { target: { value: 'Caisse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(showFlash).toHaveBeenCalledWith({
      type: 'success',
      text: 'Votre compte comptable a bien été mis à jour',
    });
    expect(bodyOf('/api/exportVat/updateVatAccounts')).toMatchObject({
      idCompany: COMPANY,
      id: ACCOUNT.id,
      label: 'Caisse',
      account_number: '530000',
    });
  });

  it('changes the rooms of an account in place', async () => {
    accounts = [ACCOUNT];
    renderDrawer();
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier 530000' }));
    fireEvent.click(screen.getByLabelText('Toutes les salles'));
    fireEvent.click(await screen.findByLabelText('Terrasse'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(bodyOf('/api/exportVat/updateVatAccounts')).toMatchObject({
        id: ACCOUNT.id,
        all_floors: false,
        floors: ['room-terrasse'],
      }),
    );
  });
});
