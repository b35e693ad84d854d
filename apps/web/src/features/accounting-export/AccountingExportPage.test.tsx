import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AccountingExportableResponse,
  AccountingExportsResponse,
  AccountingPreviewResponse,
  FecRow,
  UserMe,
} from '@comptoir/contracts';
import { AccountingExportPage } from './AccountingExportPage';

vi.mock('./AccountingConfigDrawer', () => ({
  AccountingConfigDrawer: ({ onSaved }: { onSaved: () => void }) => (
    <div role="complementary" aria-label="Configuration des comptes">
      <button type="button" onClick={onSaved}>
        Enregistrer
      </button>
    </div>
  ),
}));

const COMPANY = '0c0c0c0c-0000-4000-8000-000000000001';
const USER = {
  email: 'gerant@creperie.test',
  companies: [{ id: COMPANY, company_name: 'Crêperie du Port', siret: null }],
} as unknown as UserMe;

const ROW: FecRow = {
  journal: 'VT',
  journallib: 'Ventes',
  ecritureNum: 1,
  date: '20261124',
  account: '70710000',
  lib: 'Ventes 10 %',
  accountAux: '',
  accountAuxLib: '',
  numberCaisse: 'Z-0042',
  numberCaisseDate: '20261124',
  ecritureLib: 'Ventes 10 % — Crêperie du Port — 24/11/2026',
  debit: 0,
  credit: 123450,
  ecritureLet: '',
  dateLet: '',
  validDate: '20261125',
  montantdevise: '',
  idevise: '',
};

interface Server {
  exportable: AccountingExportableResponse;
  preview: AccountingPreviewResponse;
  exports: AccountingExportsResponse;
  /** The status answered by each export call in turn. */
  exportStatuses: number[];
}

let server: Server;
let fetchMock: ReturnType<typeof vi.fn>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  server = {
    exportable: [{ result: { ok: true, errors: { vat: [], sales: [], payments: [] } } }],
    preview: [{ success: true, datas: [ROW], total: 1, mode: 2, exportedDays: [], openFrom: null }],
    exports: [],
    exportStatuses: [202],
  };
  fetchMock = vi.fn((path: string) => {
    if (path === '/api/user/me') return Promise.resolve(json(USER));
    if (path.startsWith('/api/exportVat/getVatKeys')) {
      return Promise.resolve(json([{ datas: { account_vat_mode: '2' }, account_vat_ecriturenum: 1 }]));
    }
    if (path === '/api/exportVat/isExportable') return Promise.resolve(json(server.exportable));
    if (path.startsWith('/api/exportVat/getExportDatas')) return Promise.resolve(json(server.preview));
    if (path.startsWith('/api/exportVat/exports')) return Promise.resolve(json(server.exports));
    if (path === '/api/exportVat/export') {
      const status = server.exportStatuses.shift() ?? 202;
      return Promise.resolve(
        status === 409
          ? json({ error: { code: 'ACCOUNTING_PERIOD_ALREADY_EXPORTED', message: 'déjà exportée' } }, 409)
          : json({ exportId: '0e0e0e0e-0000-4000-8000-000000000009', status: 'queued' }),
      );
    }
    return Promise.resolve(json({ error: { code: 'NOT_FOUND', message: path } }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AccountingExportPage />
    </QueryClientProvider>,
  );
}

function calls(path: string, isExact = false) {
  return fetchMock.mock.calls.filter(([called]) =>
    isExact ? String(called) === path : String(called).startsWith(path),
  );
}

async function validate() {
  const button = await screen.findByRole('button', { name: 'Valider' });
  fireEvent.click(button);
  return button;
}

describe('the accounting export page', () => {
  it('keeps validate disabled until both dates are chosen', async () => {
    renderPage();
    const button = await screen.findByRole('button', { name: 'Valider' });
    expect(button).toHaveProperty('disabled', false);
    fireEvent.change(screen.getByLabelText('Date de fin'), { target: { value: '' } });
    expect(button).toHaveProperty('disabled', true);
  });

  it('asks exportability then the preview, and asks nothing again for the identical range', async () => {
    renderPage();
    await validate();
    expect(await screen.findByText('1 lignes affichées sur 1')).toBeTruthy();
    expect(screen.getByText('1 234.50 €')).toBeTruthy();
    expect(screen.getAllByText('24/11/2026').length).toBeGreaterThan(0);
    expect(calls('/api/exportVat/isExportable')).toHaveLength(1);
    expect(calls('/api/exportVat/getExportDatas')).toHaveLength(1);
    expect(String(calls('/api/exportVat/getExportDatas')[0]?.[0])).toContain('limit=true');

    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(screen.getByText('1 lignes affichées sur 1')).toBeTruthy());
    expect(calls('/api/exportVat/isExportable')).toHaveLength(1);
    expect(calls('/api/exportVat/getExportDatas')).toHaveLength(1);
  });

  it('disables the export when the preview is empty', async () => {
    server.preview = [{ success: true, datas: [], total: 0, mode: 2, exportedDays: [], openFrom: null }];
    renderPage();
    await validate();
    expect(await screen.findByText('Aucune écriture sur cette période')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exporter' })).toHaveProperty('disabled', true);
  });

  it('says from which day the period is still open, and the history which days an export left open', async () => {
    server.preview = [
      { success: true, datas: [ROW], total: 1, mode: 2, exportedDays: [], openFrom: '2026-11-25' },
    ];
    server.exports = [
      {
        id: '0e0e0e0e-0000-4000-8000-000000000001',
        companyId: COMPANY,
        status: 'done',
        mail: { status: 'retrying', nextAttemptAt: '2026-11-26T13:05:00.000Z' },
        format: 'fec',
        mode: 2,
        periodStart: '2026-11-01',
        periodEnd: '2026-11-24',
        openFrom: '2026-11-25',
        askedEnd: '2026-11-30',
        resumedFrom: null,
        requestedBy: 'Léa Martin',
        createdAt: '2026-11-25T09:15:00.000Z',
        fileName: '123456789FEC20261124-export1-ecritures1a24.txt',
        sha256: 'a'.repeat(64),
        firstEcritureNum: 1,
        lastEcritureNum: 24,
        lines: 240,
        downloadUrl: '/api/exportVat/exports/x/file',
        descriptionUrl: '/api/exportVat/exports/x/description',
        analyticsUrl: null,
      },
    ];
    renderPage();
    await validate();
    expect((await screen.findByRole('note')).textContent).toContain(
      'Les journées à partir du 25/11/2026 ne sont pas encore clôturées (ticket Z)',
    );
    expect(
      await screen.findByText(
        '01/11/2026 – 24/11/2026 — journées du 25/11/2026 au 30/11/2026 encore ouvertes : reprises au prochain export',
        { exact: false },
      ),
    ).toBeTruthy();
    // Its mail did not leave: the list says when it is tried again (Paris time).
    expect(await screen.findByText('E-mail : nouvel essai à 14:05')).toBeTruthy();
  });

  it('makes the settings button glow and opens the warning, then the drawer, when accounts are missing', async () => {
    server.exportable = [
      {
        result: {
          ok: false,
          errors: {
            vat: [{ id: '0.1', label: 'TVA 10 %' }],
            sales: [],
            payments: [{ id: 'p', label: 'Chèque' }],
          },
        },
      },
    ];
    renderPage();
    await validate();
    await screen.findByText('1 lignes affichées sur 1');
    const settings = screen.getByRole('button', { name: 'Configuration des comptes' });
    expect(settings.className).toContain('is-glowing');
    expect(settings.getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    const warning = await screen.findByRole('dialog', { name: 'Export impossible' });
    expect(within(warning).getByText('TVA 10 %')).toBeTruthy();
    expect(within(warning).getByText('Chèque')).toBeTruthy();
    expect(within(warning).queryByText('Produits ou catégories')).toBeNull();
    expect(calls('/api/exportVat/export', true)).toHaveLength(0);

    server.exportable = [{ result: { ok: true, errors: { vat: [], sales: [], payments: [] } } }];
    fireEvent.click(within(warning).getByRole('button', { name: 'Configurer les comptes' }));
    const drawer = await screen.findByRole('complementary', { name: 'Configuration des comptes' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls('/api/exportVat/isExportable')).toHaveLength(2));
    await waitFor(() => expect(settings.className).not.toContain('is-glowing'));
  });

  it('confirms the export of a period already exported, then resends it with confirmReexport', async () => {
    server.exportStatuses = [409, 202];
    renderPage();
    await validate();
    await screen.findByText('1 lignes affichées sur 1');
    fireEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Période déjà exportée' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exporter quand même' }));
    await waitFor(() => expect(calls('/api/exportVat/export', true)).toHaveLength(2));
    const bodies = calls('/api/exportVat/export', true).map(
      ([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>,
    );
    expect(bodies[0]).not.toHaveProperty('confirmReexport');
    expect(bodies[1]).toMatchObject({
      confirmReexport: true,
      format: 'fec',
      mode: 2,
      email: 'gerant@creperie.test',
      idCompanies: JSON.stringify([COMPANY]),
    });
  });
});
