import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserMe } from '@comptoir/contracts';
import { removeCheckToken } from './checkToken';
import { MigrationForm } from './MigrationForm';
import { MIGRATION_FORM_PATH, MIGRATION_STEP_1_PATH } from './migrationPaths';
import { MigrationPasswordStep } from './MigrationPasswordStep';

const CURRENT_PASSWORD = 'Comptoir-2026!';
const SAME_PASSWORD_TEXT = "Le nouveau mot de passe doit être différent de l'ancien.";

let fetchMock: ReturnType<typeof vi.fn>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  removeCheckToken(sessionStorage);
  fetchMock = vi.fn((path: string) => {
    if (path === '/api/user/me') return Promise.resolve(json({ email: 'gerant@creperie.test' } as UserMe));
    if (path === '/api/account/migration/password/verify') {
      return Promise.resolve(
        json({
          success: true,
          token: 'check-1',
          expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
        }),
      );
    }
    if (path.startsWith('/api/account/migration/email/exists'))
      return Promise.resolve(json({ exists: false }));
    return Promise.resolve(json({ error: { code: 'NOT_FOUND', message: path } }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  removeCheckToken(sessionStorage);
});

function renderMigration() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[MIGRATION_STEP_1_PATH]}>
        <Routes>
          <Route path={MIGRATION_STEP_1_PATH} element={<MigrationPasswordStep />} />
          <Route path={MIGRATION_FORM_PATH} element={<MigrationForm />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function passStep1() {
  fireEvent.change(screen.getByLabelText('Mot de passe actuel'), { target: { value: CURRENT_PASSWORD } });
  fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
  await screen.findByLabelText('Nouveau mot de passe');
  await screen.findByText('gerant@creperie.test');
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the login change, step 2', () => {
  it("flags a new password equal to step 1's current password as it is typed, before any submit", async () => {
    renderMigration();
    await passStep1();
    fill('Nouvelle adresse e-mail', 'camille@bistrot-exemple.fr');
    fill('Confirmez la nouvelle adresse e-mail', 'camille@bistrot-exemple.fr');
    fill('Nouveau mot de passe', CURRENT_PASSWORD);

    expect(screen.getByRole('alert').textContent).toBe(SAME_PASSWORD_TEXT);
    expect(screen.getByLabelText('Nouveau mot de passe').getAttribute('aria-invalid')).toBe('true');
    fill('Confirmez le nouveau mot de passe', CURRENT_PASSWORD);
    const submit = screen.getByRole('button', { name: 'Enregistrer mes nouveaux identifiants' });
    expect(submit).toHaveProperty('disabled', true);

    fill('Nouveau mot de passe', 'Terrasse-au-soleil-7');
    fill('Confirmez le nouveau mot de passe', 'Terrasse-au-soleil-7');
    expect(screen.queryByText(SAME_PASSWORD_TEXT)).toBeNull();
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    expect(
      fetchMock.mock.calls.some(([path]) => String(path) === '/api/account/migration/email/update'),
    ).toBe(false);
  });
});
