import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterKeysResponse, ServerKeysResponse } from '@comptoir/contracts';
import { RegisterKeysPanel } from './RegisterKeysPanel';

const SERVER_FINGERPRINT = 'a'.repeat(60) + '0f1e';
const REGISTER_FINGERPRINT = '9c'.repeat(32);
const PEM = '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n';

const serverKeys: ServerKeysResponse = {
  current: {
    algorithm: 'Ed25519',
    publicKey: 'c2VydmVyLWtleS0zMi1ieXRlcy1sb25nLi4uLi4uLi4=',
    publicKeyPem: PEM,
    fingerprint: SERVER_FINGERPRINT,
    validFrom: '2026-11-20T08:00:00.000Z',
    validTo: null,
  },
  history: [],
  fingerprintRule: 'SHA-256 of the raw 32-byte Ed25519 public key, lowercase hex',
};
serverKeys.history = [serverKeys.current];

const registerKeys = (rows: RegisterKeysResponse['rows']): RegisterKeysResponse => ({
  rows,
  fingerprintRule: serverKeys.fingerprintRule,
});

const CAISSE_1 = {
  algorithm: 'Ed25519' as const,
  registerId: '0a0a0a0a-0000-4000-8000-000000000001',
  name: 'Caisse bar',
  serial: 'SN-BAR-01',
  companyId: '0c0c0c0c-0000-4000-8000-000000000001',
  companyName: 'Brasserie du Port',
  enrolledAt: '2026-11-02T09:30:00.000Z',
  state: 'active' as const,
  publicKey: 'cmVnaXN0ZXIta2V5LTMyLWJ5dGVzLWxvbmcuLi4uLi4=',
  publicKeyPem: PEM,
  fingerprint: REGISTER_FINGERPRINT,
};

let answers: Record<string, () => Response>;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  answers = {
    '/api/administration-fiscale/keys': () => json(serverKeys),
    '/api/administration-fiscale/registers/keys': () => json(registerKeys([CAISSE_1])),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      const answer = answers[String(path)];
      return Promise.resolve(answer ? answer() : json({ error: { code: 'NOT_FOUND', message: '' } }, 404));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RegisterKeysPanel />
    </QueryClientProvider>,
  );
}

describe('the registers’ public keys panel', () => {
  it('lists each register with its serial, establishment, state and key fingerprint in monospace', async () => {
    renderPanel();
    const region = screen.getByRole('region', { name: 'Clés publiques des caisses' });
    const table = await within(region).findByRole('table');
    const row = within(table).getByRole('row', { name: /Caisse bar/ });
    expect(within(row).getByText('SN-BAR-01')).toBeTruthy();
    expect(within(row).getByText('Brasserie du Port')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const fingerprint = within(row).getByText(REGISTER_FINGERPRINT);
    expect(fingerprint.className).toBe('register-keys-mono');
    expect(within(row).getByText(CAISSE_1.publicKey).className).toBe('register-keys-mono');
  });

  it("shows the server key's fingerprint and links to the public endpoint", async () => {
    renderPanel();
    const fingerprint = await screen.findByText(SERVER_FINGERPRINT);
    expect(fingerprint.className).toBe('register-keys-mono');
    const link = screen.getByRole('link', { name: '/api/administration-fiscale/keys' });
    expect(link.getAttribute('href')).toBe('/api/administration-fiscale/keys');
    expect(screen.getByText(/SHA-256 des 32 octets de la clé publique brute/)).toBeTruthy();
  });

  it('says so when no register is enrolled, and offers a retry when the keys cannot be read', async () => {
    answers['/api/administration-fiscale/registers/keys'] = () => json(registerKeys([]));
    const { unmount } = renderPanel();
    expect(await screen.findByText('Aucune caisse enregistrée')).toBeTruthy();
    unmount();

    answers['/api/administration-fiscale/registers/keys'] = () =>
      json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger les clés des caisses');
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
