import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentationResponse } from '@comptoir/contracts';
import { type Language } from '../../i18n/i18n';
import { LanguageContext } from '../../i18n/LanguageContext';
import { DocumentationPage } from './DocumentationPage';
import { downloadName } from './documentationQueries';

const GUIDE = {
  id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0201',
  title: 'Vérifier une archive fiscale',
  author: 'Pôle conformité fiscale Comptoir',
  description: 'Ce que contient une archive fiscale et comment la vérifier avec sha256sum et OpenSSL.',
  pdf_url: '/documentation/guide-verification-archives-fiscales.pdf',
  background_url: '/documentation/fond-archives-fiscales.svg',
};

let answer: () => Response;
let asked: string[];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  answer = () =>
    json({
      documents: [
        GUIDE,
        {
          ...GUIDE,
          id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0301',
          title: 'Guide sans image',
          author: null,
          background_url: null,
        },
      ],
    } satisfies DocumentationResponse);
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      asked.push(path);
      return Promise.resolve(
        path.startsWith('/api/documentation?') ? answer() : json({ error: { code: 'NOT_FOUND' } }, 404),
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(language: Language = 'fr') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LanguageContext value={language}>
        <DocumentationPage />
      </LanguageContext>
    </QueryClientProvider>,
  );
}

describe('the documentation page', () => {
  it('shows each document as a card with its background, title, author, description and PDF link', async () => {
    renderPage();
    const card = await screen.findByRole('article', { name: GUIDE.title });
    expect(within(card).getByRole('heading', { level: 2, name: GUIDE.title })).toBeTruthy();
    expect(within(card).getByText('Par Pôle conformité fiscale Comptoir')).toBeTruthy();
    expect(within(card).getByText(GUIDE.description)).toBeTruthy();
    const link = within(card).getByRole('link', { name: `Télécharger « ${GUIDE.title} » (PDF)` });
    expect(link.getAttribute('href')).toBe(GUIDE.pdf_url);
    expect(link.getAttribute('download')).toBe('guide-verification-archives-fiscales.pdf');
    expect(card.querySelector('img')?.getAttribute('src')).toBe(GUIDE.background_url);
    expect(card.querySelector('img')?.getAttribute('alt')).toBe('');

    const bare = screen.getByRole('article', { name: 'Guide sans image' });
    expect(bare.querySelector('img')).toBeNull();
    expect(within(bare).queryByText(/^Par /)).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('asks for the titles and descriptions in the portal’s language (issue 31, item 20)', async () => {
    renderPage('es');
    await screen.findByRole('article', { name: GUIDE.title });
    expect(asked).toEqual(['/api/documentation?locale=es']);
  });

  it('says so when the library is empty', async () => {
    answer = () => json({ documents: [] });
    renderPage();
    expect(await screen.findByText('Aucun document disponible')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('offers to try again when the library cannot be loaded', async () => {
    answer = () => json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
    renderPage();
    expect(await screen.findByText('Impossible de charger la documentation. Réessayez.')).toBeTruthy();
    answer = () => json({ documents: [GUIDE] });
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('article', { name: GUIDE.title })).toBeTruthy();
  });
});

describe('downloadName', () => {
  it('is the last segment of the PDF link', () => {
    expect(downloadName('/documentation/guide-comptes-clients.pdf')).toBe('guide-comptes-clients.pdf');
    expect(downloadName('/documentation/guide%20a.pdf?v=2')).toBe('guide a.pdf');
    expect(downloadName('/')).toBe('document.pdf');
  });
});
