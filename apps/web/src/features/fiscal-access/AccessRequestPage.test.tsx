import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserMe } from '@comptoir/contracts';
import { ShellContext, type Shell } from '../../api/ShellContext';
import { FlashMessages } from '../../ui/flash/FlashMessages';
import { AccessRequestPage } from './AccessRequestPage';

vi.mock('../fiscal-archives/FiscalExportModal', () => ({ FiscalExportModal: () => null }));
vi.mock('../fiscal-archives/FiscalFileCheckModal', () => ({ FiscalFileCheckModal: () => null }));

const SHELL: Shell = {
  authState: 'authenticated',
  sessionKind: 'user',
  user: { email: 'gerant@creperie.test', type: 'customer' } as unknown as UserMe,
  groups: new Set(),
  isSuite: false,
  mayChangeAccountSettings: true,
  isSubUser: false,
  isStaff: false,
  services: [],
  categories: [],
  isCategoriesError: false,
  refetchCategories: () => undefined,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) =>
      Promise.resolve(
        path === '/api/administration-fiscale'
          ? json({ fiscAccess: [{}] })
          : json({ error: { code: 'NOT_FOUND', message: path } }, 404),
      ),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the access request', () => {
  it('says « Succès » once in its success flash, and the spec sentence under the form', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ShellContext value={SHELL}>
            <AccessRequestPage />
            <FlashMessages />
          </ShellContext>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText("E-mail de l'administration fiscale"), {
      target: { value: 'inspecteur.martin' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

    const flash = await waitFor(() => {
      const found = document.querySelector('.flash');
      if (!found) throw new Error('no flash yet');
      return found as HTMLElement;
    });
    expect(flash.textContent).toBe('Succès : Vous recevrez un email lorsque la demande sera validée');
    const form = screen.getByRole('button', { name: 'Envoyer' }).closest('form') as HTMLElement;
    expect(within(form).getByRole('status').textContent).toBe(
      'Succès, vous recevrez un email lorsque la demande sera validée',
    );
  });
});
