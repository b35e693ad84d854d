import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AccountingCustomerBalances,
  AccountingExercisesResponse,
  AccountingVatSummary,
} from '@comptoir/contracts';
import { downloadBlob } from '../../ui/downloadFile';
import { AccountantPack } from './AccountantPack';

vi.mock('../../ui/downloadFile', () => ({ downloadBlob: vi.fn() }));

const COMPANY = '0c0c0c0c-0000-4000-8000-000000000001';

const SUMMARY: AccountingVatSummary = {
  companyName: 'Crêperie du Port',
  month: '2026-10',
  lines: [
    {
      rateBp: 2000,
      salesBase: 10000,
      salesVat: 2000,
      avoirsBase: 0,
      avoirsVat: 0,
      base: 10000,
      vat: 2000,
      zBase: 10000,
      zVat: 2000,
    },
    {
      rateBp: 1000,
      salesBase: 50000,
      salesVat: 5000,
      avoirsBase: 455,
      avoirsVat: 45,
      base: 49545,
      vat: 4955,
      zBase: 50000,
      zVat: 5000,
    },
  ],
  openFrom: null,
  zClosures: 31,
  fileName: 'tva-912345678-2026-10.csv',
};
const EXERCISES: AccountingExercisesResponse = {
  exerciseEnd: '31/12',
  exercises: [
    { start: '2025-01-01', end: '2025-12-31', bookedDays: 300, fileName: '912345678FEC20251231.txt' },
    { start: '2026-01-01', end: '2026-12-31', bookedDays: 120, fileName: '912345678FEC20261231.txt' },
  ],
};

const BALANCES: AccountingCustomerBalances = {
  month: '2026-10',
  endDay: '2026-10-31',
  lines: [
    {
      customerId: '0d0d0d0d-0000-4000-8000-000000000001',
      name: 'Jeanne Dupont',
      aux: 'C12',
      owed: 4250,
      ledger: 4250,
      prepaid: 0,
    },
    {
      customerId: '0d0d0d0d-0000-4000-8000-000000000002',
      name: 'Paul Martin',
      aux: 'C13',
      owed: -2000,
      ledger: 0,
      prepaid: 2000,
    },
  ],
  receivable: 4250,
  prepaid: 2000,
  avoirsOutstanding: 700,
};

let summary: AccountingVatSummary;
let balances: AccountingCustomerBalances;
let fetchMock: ReturnType<typeof vi.fn>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  summary = SUMMARY;
  balances = BALANCES;
  fetchMock = vi.fn((path: string) => {
    if (path.startsWith('/api/exportVat/vatSummary')) return Promise.resolve(json(summary));
    if (path.startsWith('/api/exportVat/exercises')) return Promise.resolve(json(EXERCISES));
    if (path.startsWith('/api/exportVat/customerBalances')) return Promise.resolve(json(balances));
    if (path.startsWith('/api/exportVat/exerciseFec') || path.startsWith('/api/exportVat/zPack')) {
      return Promise.resolve(
        new Response('JournalCode|…', {
          headers: { 'content-disposition': 'attachment; filename="912345678FEC20251231.txt"' },
        }),
      );
    }
    return Promise.resolve(json({ error: { code: 'NOT_FOUND', message: path } }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(downloadBlob).mockClear();
});

function renderPack() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AccountantPack companyId={COMPANY} />
    </QueryClientProvider>,
  );
}

const called = (prefix: string) =>
  fetchMock.mock.calls.map(([path]) => String(path)).filter((path) => path.startsWith(prefix));

describe('« Pour l’expert-comptable »', () => {
  it('shows the month’s VAT per rate as it goes on the return, and says it equals the Z', async () => {
    renderPack();
    const table = await screen.findByRole('table', { name: 'TVA du mois par taux' });
    const row = within(table).getByRole('row', { name: /10 %/ });
    expect(row.textContent).toContain('495.45');
    expect(row.textContent).toContain('49.55');
    expect(screen.getByRole('status').textContent).toBe(
      'Les ventes par taux égalent, au centime, la somme des 31 rapports Z des caisses du mois.',
    );
    fireEvent.change(screen.getByLabelText('Mois'), { target: { value: '2026-09' } });
    await waitFor(() => expect(called('/api/exportVat/vatSummary').at(-1)).toContain('month=2026-09'));
  });

  it('shows each customer’s balance beside its 411 and 4191 accounts, what customers owe, the credit they hold and the avoirs', async () => {
    renderPack();
    const table = await screen.findByRole('table', { name: 'Soldes des comptes clients' });
    const cells = within(within(table).getByRole('row', { name: /Paul Martin/ }))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // Owed −20.00, nothing on 411, 20.00 held on 4191, no difference.
    expect(cells).toEqual(['C13', '-20.00', '0.00', '20.00', '0.00']);
    expect(
      screen.getByText(
        'Dû par les clients : 42.50 € · avances reçues (4191) : 20.00 € · avoirs restant à utiliser (4191) : 7.00 €.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Au 31\/10\/2026, le solde de chaque client égale/)).toBeTruthy();
  });

  it('flags a customer whose auxiliary accounts differ from its operations', async () => {
    balances = { ...BALANCES, lines: [{ ...BALANCES.lines[1]!, prepaid: 1500 }] };
    renderPack();
    expect(await screen.findByText(/des soldes clients diffèrent de leurs comptes auxiliaires/)).toBeTruthy();
  });

  it('says so when more avoirs were spent than Comptoir recorded as issued', async () => {
    balances = { ...BALANCES, avoirsOutstanding: -4780 };
    renderPack();
    expect(
      await screen.findByText(
        'Avoirs encaissés au-delà de ceux émis dans Comptoir (émis avant lui, sans doute) : 47.80 €.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/avoirs restant à utiliser \(4191\) : 0.00 €/)).toBeTruthy();
  });

  it('warns when the sales differ from the Z', async () => {
    summary = { ...SUMMARY, lines: [{ ...SUMMARY.lines[0]!, zVat: 1999 }] };
    renderPack();
    expect((await screen.findByRole('status')).textContent).toMatch(
      /diffèrent de la somme des 31 rapports Z/,
    );
  });

  it('downloads the chosen exercise’s FEC and the month’s Z reports under the names the server gives', async () => {
    renderPack();
    const select = await screen.findByLabelText('Exercice');
    expect(select).toHaveProperty('value', '2026-12-31');
    fireEvent.change(select, { target: { value: '2025-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Télécharger le FEC de l’exercice' }));
    await waitFor(() => expect(downloadBlob).toHaveBeenCalledTimes(1));
    expect(called('/api/exportVat/exerciseFec').at(-1)).toBe(
      `/api/exportVat/exerciseFec?idCompany=${COMPANY}&end=2025-12-31`,
    );
    expect(vi.mocked(downloadBlob).mock.calls[0]![0]).toBe('912345678FEC20251231.txt');
    fireEvent.click(screen.getByRole('button', { name: 'Télécharger les rapports Z (PDF)' }));
    await waitFor(() => expect(called('/api/exportVat/zPack')).toHaveLength(1));
  });
});
