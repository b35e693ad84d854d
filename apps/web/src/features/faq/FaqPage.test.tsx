import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaqResponse } from '@comptoir/contracts';
import { FaqPage } from './FaqPage';

const FAQ: FaqResponse = {
  locale: 'fr',
  categories: [
    {
      name: 'Clôtures et grands totaux',
      items: [
        {
          id: '00000023-0000-4000-8000-010000000003',
          trigger: 'Comment fonctionnent les clôtures mensuelle et annuelle ?',
          content:
            'La clôture annuelle additionne les clôtures mensuelles.\n\nElle est faite après le 31 décembre.',
        },
      ],
    },
    {
      name: 'Comptes clients',
      items: [
        {
          id: '00000023-0000-4000-8000-010000000027',
          trigger: "Comment est calculé le solde d'un compte client ?",
          content: 'Le solde est le résultat des opérations signées à la caisse.',
        },
      ],
    },
    { name: 'Rapports', items: [] },
  ],
};

let answer: FaqResponse;
const fetchMock = vi.fn((path: string) =>
  Promise.resolve(
    new Response(JSON.stringify(path.startsWith('/api/faq') ? answer : { error: { code: 'NOT_FOUND' } }), {
      status: path.startsWith('/api/faq') ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    }),
  ),
);

beforeEach(() => {
  answer = FAQ;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FaqPage />
    </QueryClientProvider>,
  );
}

describe('the FAQ page', () => {
  it('asks for the FAQ in the user’s language and shows the first category’s questions', async () => {
    renderPage();
    const tab = await screen.findByRole('tab', { name: 'Clôtures et grands totaux' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/faq?locale=fr');
    expect(screen.getByRole('button', { name: /clôtures mensuelle et annuelle/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /solde d'un compte client/ })).toBeNull();
  });

  it('opens and closes an answer from its question button', async () => {
    renderPage();
    const question = await screen.findByRole('button', { name: /clôtures mensuelle et annuelle/ });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    const answerPanel = document.getElementById(question.getAttribute('aria-controls') ?? '');
    expect(answerPanel?.hidden).toBe(true);
    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(answerPanel?.hidden).toBe(false);
    expect(within(answerPanel!).getAllByRole('paragraph')).toHaveLength(2);
    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(answerPanel?.hidden).toBe(true);
  });

  it('moves between categories, and says when one has no question', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Comptes clients' }));
    expect(screen.getByRole('button', { name: /solde d'un compte client/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Rapports' }));
    expect(screen.getByText('Aucune FAQ disponible')).toBeTruthy();
  });

  it('searches every category with a typo and names the category of each result', async () => {
    renderPage();
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Rechercher dans la FAQ' }), {
      target: { value: 'cloture anuelle' },
    });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Résultats de la recherche : 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Clôtures et grands totaux.*annuelle/ })).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'pizza' } });
    expect(screen.getByText('Aucune FAQ disponible')).toBeTruthy();
    expect(screen.getByText("Vérifiez l'orthographe ou essayez d'autres mots.")).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Effacer la recherche' }));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('tab', { name: 'Clôtures et grands totaux' })).toBeTruthy();
  });

  it('says « Aucune catégorie disponible » when the FAQ is empty', async () => {
    answer = { locale: 'fr', categories: [] };
    renderPage();
    expect(await screen.findByText('Aucune catégorie disponible')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
