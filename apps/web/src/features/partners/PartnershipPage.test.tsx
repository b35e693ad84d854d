import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Partner, PartnersResponse } from '@comptoir/contracts';
import { useFlashMessages } from '../../ui/flash/flashStore';
import { PartnershipPage } from './PartnershipPage';

const PARTNER: Partner = {
  id: 'fa47e000-0000-4000-8000-000000000102',
  code: 'primeurs-direct',
  name: 'Primeurs Direct',
  logo: '/partners/primeurs-direct.svg',
  description: 'Fruits et légumes de saison.',
  website: null,
  withAction: true,
  keyDisplay: 'copy',
  canActivate: true,
  status: 'none',
  keyPrefix: null,
  keyCreatedAt: null,
  partnerCustomerId: null,
  refusedReason: null,
  statusChangedAt: null,
  hasConnexionToken: false,
};
const KEY = 'cpk_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

let grid: PartnersResponse;
const calls: string[] = [];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls.length = 0;
  grid = {
    canActivate: true,
    minAppVersion: '4.2.0',
    partnersCategories: [
      { id: 'fa47e000-0000-4000-8000-000000000001', code: 'purchasing', name: 'x', partners: [PARTNER] },
    ],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      calls.push(path);
      if (path === '/api/partnership/ipadToken')
        return Promise.resolve(json({ ipadToken: 'ipt_x', expiresAt: '2026-03-06T10:00:00.000Z' }));
      if (path === '/api/partnership/generate-link') {
        return Promise.resolve(
          json({ token: KEY, partner: { ...PARTNER, status: 'waiting', keyPrefix: KEY.slice(0, 12) } }),
        );
      }
      return Promise.resolve(json(grid));
    }),
  );
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(() => Promise.resolve()) } });
});
afterEach(() => vi.unstubAllGlobals());

function Flashes() {
  return (
    <ul>
      {useFlashMessages().map((m) => (
        <li key={m.id}>{m.text}</li>
      ))}
    </ul>
  );
}

function renderPage(search = `?partner=${PARTNER.id}`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/partnership${search}`]}>
        <PartnershipPage />
        <Flashes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the partner activation page', () => {
  it('generates a key for the chosen partner, shows it once and copies it with « Clé copiée »', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Générer une clé' }));
    const field = await screen.findByLabelText<HTMLInputElement>('Clé pour Primeurs Direct');
    expect(field.value).toBe(KEY);
    expect(field.readOnly).toBe(true);
    expect(calls).toContain('/api/partnership/ipadToken');
    expect(calls).toContain('/api/partnership/generate-link');
    fireEvent.click(screen.getByRole('button', { name: 'Copier la clé' }));
    await screen.findByText('Clé copiée');
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(KEY);
  });

  it('asks to update the iPad app and generates nothing when the account cannot activate', async () => {
    grid = {
      ...grid,
      canActivate: false,
      partnersCategories: grid.partnersCategories.map((c) => ({
        ...c,
        partners: c.partners.map((p) => ({ ...p, canActivate: false })),
      })),
    };
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Pour relier un partenaire, mettez à jour l’application Comptoir sur votre iPad (version 4.2.0 ou plus récente).',
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Générer une clé' });
    expect(button.disabled).toBe(true);
  });

  it('asks to choose a partner first when none is chosen', async () => {
    renderPage('');
    await screen.findByText('Choisissez d’abord un partenaire.');
    fireEvent.click(screen.getByRole('button', { name: /Primeurs Direct/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Générer une clé' })).toBeTruthy());
  });
});
