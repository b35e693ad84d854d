import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { SalesLine, SalesLinesExportProgress, SalesLinesResponse, UserMe } from '@comptoir/contracts';
import { SalesLinesExportPage } from './SalesLinesExportPage';

const COMPANIES = ['0c0c0c0c-0000-4000-8000-000000000001', '0c0c0c0c-0000-4000-8000-000000000002'];
const USER = {
  email: 'gerant@creperie.test',
  companies: [
    { id: COMPANIES[0], company_name: 'Crêperie du Port', city: 'Brest' },
    { id: COMPANIES[1], company_name: 'Crêperie du Marché', city: 'Quimper' },
  ],
} as unknown as UserMe;
const EXPORT_ID = '0e0e0e0e-0000-4000-8000-000000000009';

const LINE: SalesLine = {
  companyName: 'Crêperie du Port',
  lineId: '0d0d0d0d-0000-4000-8000-000000000001',
  soldAt: '2026-11-24T11:30:00.000Z',
  productType: 'plat',
  productId: '0d0d0d0d-0000-4000-8000-000000000002',
  productName: 'Galette complète',
  amountEvat: 1123,
  amountTax: 112,
  amountIvat: 1235,
  parentId: null,
  roomId: null,
  roomName: 'Salle',
};

let preview: SalesLinesResponse;
let progress: SalesLinesExportProgress[];
let fetchMock: Mock<(path: string, init?: RequestInit) => Promise<Response>>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  preview = [{ success: true, data: [LINE], total: 250 }];
  progress = [
    { exportId: EXPORT_ID, status: 'running', progress: 40, rowCount: null, mail: null },
    { exportId: EXPORT_ID, status: 'done', progress: 100, rowCount: 250, mail: null },
  ];
  fetchMock = vi.fn((path: string) => {
    if (path === '/api/user/me') return Promise.resolve(json(USER));
    if (path === '/api/dataExport/getOrderLines') return Promise.resolve(json(preview));
    if (path === '/api/dataExport/exportData') {
      return Promise.resolve(
        json([{ success: true, message: 'exportProcessing', exportId: EXPORT_ID }], 202),
      );
    }
    if (path === `/api/dataExport/exports/${EXPORT_ID}`)
      return Promise.resolve(json(progress.shift() ?? progress));
    if (path.startsWith('/api/notifications')) return Promise.resolve(json({ notifications: [] }));
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
      <SalesLinesExportPage />
    </QueryClientProvider>,
  );
}

function bodiesOf(path: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([called]) => called === path)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
}

describe('the sales-lines export page', () => {
  it('previews the lines of every establishment and activity type with limit true, and says how many there are', async () => {
    renderPage();
    expect(await screen.findByText('Galette complète')).toBeTruthy();
    expect(screen.getByText('1 premières lignes sur 250')).toBeTruthy();
    expect(screen.getByText('12.35 €')).toBeTruthy();
    // Spec 3: DD/MM/YYYY and HH:mm, Paris time.
    expect(screen.getByText('24/11/2026 12:30')).toBeTruthy();
    const [body] = bodiesOf('/api/dataExport/getOrderLines');
    expect(body).toMatchObject({
      idCompanies: JSON.stringify(COMPANIES),
      orderTypeAway: '[1,2,3]',
      limit: true,
    });
    expect(String(body!.opening_date)).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    expect(String(body!.closing_date)).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
  });

  it('shows the empty state and keeps the export disabled when the preview is empty', async () => {
    preview = [{ success: true, data: [], total: 0 }];
    renderPage();
    expect(await screen.findByText('Aucune ligne de vente sur cette période.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exporter' })).toHaveProperty('disabled', true);
  });

  it('clears the preview when the period becomes invalid: no stale lines under the error', async () => {
    renderPage();
    await screen.findByText('Galette complète');
    fireEvent.change(screen.getByLabelText('Date de fin'), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText('Galette complète')).toBeNull());
    expect(screen.queryByText('1 premières lignes sur 250')).toBeNull();
    expect(screen.getByRole('button', { name: 'Exporter' })).toHaveProperty('disabled', true);
  });

  it('clears the preview when its request fails', async () => {
    renderPage();
    await screen.findByText('Galette complète');
    fetchMock.mockImplementation((path: string) =>
      Promise.resolve(
        path === '/api/dataExport/getOrderLines'
          ? json({ error: { code: 'INTERNAL_ERROR', message: 'Erreur' } }, 500)
          : json(USER),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /^Type d'activité/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sur place' }));
    expect(await screen.findByText('Une erreur est survenue')).toBeTruthy();
    expect(screen.queryByText('Galette complète')).toBeNull();
    expect(screen.getByRole('button', { name: 'Exporter' })).toHaveProperty('disabled', true);
  });

  it('offers the French spreadsheet CSV (semicolons) and sends its format', async () => {
    renderPage();
    await screen.findByText('Galette complète');
    fireEvent.click(screen.getByRole('radio', { name: 'CSV (;)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    await waitFor(() =>
      expect(bodiesOf('/api/dataExport/exportData')).toEqual([expect.objectContaining({ format: 'csv_fr' })]),
    );
  });

  it('shows the product types in French in the preview', async () => {
    preview = [{ success: true, data: [{ ...LINE, productType: 'formula' }], total: 1 }];
    renderPage();
    expect(await screen.findByText('Formule')).toBeTruthy();
  });

  it('disables the export for an invalid e-mail', async () => {
    renderPage();
    await screen.findByText('Galette complète');
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveProperty('value', 'gerant@creperie.test');
    fireEvent.change(email, { target: { value: 'gerant@' } });
    expect(screen.getByRole('button', { name: 'Exporter' })).toHaveProperty('disabled', true);
    expect(screen.getByText("L'adresse e-mail est invalide.")).toBeTruthy();
  });

  it('exports with limit false, the e-mail and the format, then follows the job to its end', async () => {
    renderPage();
    await screen.findByText('Galette complète');
    fireEvent.click(screen.getByRole('radio', { name: 'CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    expect(
      await screen.findByText(
        'Votre export est en cours de traitement. Le lien de téléchargement vous sera envoyé par e-mail à gerant@creperie.test.',
      ),
    ).toBeTruthy();
    expect(bodiesOf('/api/dataExport/exportData')).toEqual([
      expect.objectContaining({
        limit: false,
        email: 'gerant@creperie.test',
        format: 'csv',
        orderTypeAway: '[1,2,3]',
      }),
    ]);
    await waitFor(
      () =>
        expect(
          screen.getByText(
            'Le fichier est prêt : le lien de téléchargement a été envoyé à gerant@creperie.test.',
          ),
        ).toBeTruthy(),
      { timeout: 5000 },
    );
  });

  it('says an export whose worker stopped is interrupted and resuming, then where its mail stands', async () => {
    progress = [
      { exportId: EXPORT_ID, status: 'interrupted', progress: 40, rowCount: null, mail: null },
      {
        exportId: EXPORT_ID,
        status: 'done',
        progress: 100,
        rowCount: 250,
        mail: { status: 'retrying', nextAttemptAt: '2026-03-14T09:30:00.000Z' },
      },
    ];
    renderPage();
    await screen.findByText('Galette complète');
    fireEvent.click(screen.getByRole('button', { name: 'Exporter' }));

    expect(await screen.findByText('Interrompu, reprise en cours')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('E-mail : nouvel essai à 10:30')).toBeTruthy(), {
      timeout: 5000,
    });
  });
});
