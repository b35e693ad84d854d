import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterKeysResponse } from '@comptoir/contracts';
import { FiscalExportModal } from './FiscalExportModal';

const session = vi.hoisted(() => ({ kind: 'fiscal' as 'fiscal' | 'user' }));
vi.mock('../../api/session', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  currentSessionKind: () => session.kind,
}));

const register = (companyId: string, companyName: string, name: string) => ({
  algorithm: 'Ed25519' as const,
  registerId: crypto.randomUUID(),
  name,
  serial: `SN-${name}`,
  companyId,
  companyName,
  enrolledAt: '2026-11-02T09:30:00.000Z',
  state: 'active' as const,
  publicKey: 'cmVnaXN0ZXIta2V5LTMyLWJ5dGVzLWxvbmcuLi4uLi4=',
  publicKeyPem: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n',
  fingerprint: '9c'.repeat(32),
});
const PORT = '0c0c0c0c-0000-4000-8000-000000000001';
const QUAI = '0c0c0c0c-0000-4000-8000-000000000002';
const registerKeys: RegisterKeysResponse = {
  rows: [
    register(PORT, 'Brasserie du Port', 'Bar'),
    register(PORT, 'Brasserie du Port', 'Salle'),
    register(QUAI, 'Café du Quai', 'Comptoir'),
  ],
  fingerprintRule: 'SHA-256',
};

let calls: string[];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      const url = String(path);
      calls.push(url);
      if (url === '/api/administration-fiscale/registers/keys') return Promise.resolve(json(registerKeys));
      if (url.startsWith('/api/administration-fiscale/')) {
        return Promise.resolve(
          json({ success: true, hasData: true, message: 'exportProcessing', exportId: null }),
        );
      }
      return Promise.resolve(json({ error: { code: 'FISCAL_TOKEN_NOT_ALLOWED', message: '' } }, 403));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <FiscalExportModal isOpen onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('the archive export of an inspector', () => {
  it('has no e-mail field, says where the archive goes and where its verification guide is', async () => {
    renderModal();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByLabelText('E-mail de réception')).toBeNull();
    expect(within(dialog).getByText(/uniquement à l’adresse e-mail validée pour votre accès/)).toBeTruthy();
    expect(within(dialog).getByText(/LISEZ-MOI-verification\.txt/)).toBeTruthy();
    // The account's users' own profile is never asked for in a fiscal session.
    expect(calls).not.toContain('/api/user/me');
  });

  it("offers the establishments of the account's registers and asks the archive without an address", async () => {
    renderModal();
    const select = await screen.findByLabelText('Établissement');
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Brasserie du Port', 'Café du Quai']);
    fireEvent.change(select, { target: { value: QUAI } });
    fireEvent.click(screen.getByRole('button', { name: 'Export des encaissements' }));
    await screen.findByText(/L'export est en cours de traitement/);
    const asked = new URL(
      calls.find((url) => url.startsWith(`/api/administration-fiscale/${QUAI}/`))!,
      'http://x',
    );
    expect(asked.searchParams.get('email')).toBe('');
    expect(asked.searchParams.get('kind')).toBe('cashing');
  });
});
