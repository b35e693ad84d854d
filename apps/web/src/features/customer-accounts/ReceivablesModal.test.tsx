import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  CustomerDunningRequest,
  CustomerReceivableLine,
  CustomerReceivablesResponse,
  UserMe,
} from '@comptoir/contracts';
import { ShellContext, type Shell } from '../../api/ShellContext';
import type { SessionKind } from '../../api/tokens';
import { ReceivablesModal } from './ReceivablesModal';

const shell = (sessionKind: SessionKind): Shell => ({
  authState: 'authenticated',
  sessionKind,
  user: { email: 'gerant@brasserie.test', type: 'holder' } as unknown as UserMe,
  groups: new Set(),
  isSuite: true,
  mayChangeAccountSettings: sessionKind === 'user',
  isSubUser: false,
  isStaff: false,
  services: [],
  categories: [],
  isCategoriesError: false,
  refetchCategories: () => undefined,
});

const line = (n: number, name: string, owed: number): CustomerReceivableLine => ({
  customerId: `0a0a0a0a-0000-4000-8000-00000000000${n}`,
  name,
  detail: null,
  uniqId: n,
  companyId: '0c0c0c0c-0000-4000-8000-000000000001',
  owed,
  ageing: { d0_30: owed, d31_60: 0, d61_90: 0, over90: 0 },
  lastReminderAt: n === 1 ? '2026-11-20T09:30:00.000Z' : null,
});
const LINES = [line(1, 'Martin Léa', 4200), line(2, 'Roux Paul', 1850), line(3, 'Blanc Iris', 900)];
const RECEIVABLES: CustomerReceivablesResponse = {
  today: '2026-11-29',
  owed: 6950,
  debtors: 3,
  ageing: { d0_30: 6950, d31_60: 0, d61_90: 0, over90: 0 },
  lines: LINES,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: CustomerDunningRequest[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      if (path.startsWith('/api/customer-account/receivables')) return Promise.resolve(json(RECEIVABLES));
      if (path.startsWith('/api/customer-account/getOptions'))
        return Promise.resolve(
          json({ ca_dunning_sender_name: 'Brasserie du Port', ca_dunning_reply_to: '' }),
        );
      if (path === '/api/customer-account/dunning' && init?.method === 'POST') {
        const request = JSON.parse(String(init.body)) as CustomerDunningRequest;
        sent.push(request);
        return Promise.resolve(
          json({
            results: [
              { customerId: request.customerIds[0], status: 'sent', owed: 4200, notes: 2 },
              {
                customerId: request.customerIds[1],
                status: 'skipped',
                reason: 'NO_EMAIL',
                owed: 1850,
                notes: 1,
              },
            ],
            sent: 1,
            failed: 0,
            skipped: 1,
          }),
        );
      }
      return Promise.resolve(json({ error: { code: 'NOT_FOUND', message: path } }, 404));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderModal(sessionKind: SessionKind) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ShellContext value={shell(sessionKind)}>
          <ReceivablesModal onClose={() => undefined} />
        </ShellContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('« Relancer » in the receivables (issue 31, item 26)', () => {
  it('is not offered to a read-only view-as session, which still sees the last reminder', async () => {
    renderModal('viewAs');
    expect(await screen.findByRole('table', { name: 'Clients débiteurs' })).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Relancer/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Dernière relance/ })).toBeTruthy();
    expect(screen.getByText('20/11/2026 10:30')).toBeTruthy();
  });

  it('sends the ticked debtors with the message and tells who was reminded and who has no e-mail', async () => {
    renderModal('user');
    const open = await screen.findByRole('button', { name: 'Relancer (0)' });
    expect((open as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Martin Léa' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Roux Paul' }));
    fireEvent.click(screen.getByRole('button', { name: 'Relancer (2)' }));

    const form = await screen.findByRole('dialog', { name: 'Relancer les clients' });
    expect(await within(form).findByText('Brasserie du Port')).toBeTruthy();
    expect(within(form).getByText('gerant@brasserie.test')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Message' }), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Envoyer les relances' }));
    expect(within(form).getByRole('alert').textContent).toBe('Le message de la relance est obligatoire.');
    expect(sent).toEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Merci de régler vos notes.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Envoyer les relances' }));
    await waitFor(() => expect(within(form).getByRole('heading', { name: 'Envoyées (1)' })).toBeTruthy());
    expect(sent).toEqual([
      {
        customerIds: [LINES[0]!.customerId, LINES[1]!.customerId],
        subject: '',
        message: 'Merci de régler vos notes.',
      },
    ]);
    const status = within(form).getByRole('status');
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Martin Léa', 'Roux Paul']);
    expect(within(status).getByRole('heading', { name: 'Sans adresse e-mail (1)' })).toBeTruthy();
  });
});
