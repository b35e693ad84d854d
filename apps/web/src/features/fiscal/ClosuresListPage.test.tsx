import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSURE_FILTER_KEYS } from './closureFilters';
import { SignatureCheckCard } from '../fiscal-check/SignatureCheckCard';
import { ClosuresListPage } from './ClosuresListPage';

let fetchMock: ReturnType<typeof vi.fn>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem(CLOSURE_FILTER_KEYS.startDate, '2026-03-01');
  sessionStorage.setItem(CLOSURE_FILTER_KEYS.endDate, '2026-03-31');
  sessionStorage.setItem(CLOSURE_FILTER_KEYS.type, '7');
  fetchMock = vi.fn((path: string) => {
    if (path.startsWith('/api/administration-fiscale/cloture'))
      return Promise.resolve(json({ closures: [] }));
    return Promise.resolve(json({ error: { code: 'NOT_FOUND', message: path } }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ClosuresListPage renderSignatureCheck={(check) => <SignatureCheckCard {...check} />} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function closureCalls(): string[] {
  return fetchMock.mock.calls
    .map(([path]) => String(path))
    .filter((path) => path.startsWith('/api/administration-fiscale/cloture'));
}

/** Types into a date field as a keyboard would, one state after another, without leaving it. */
function typeInto(label: string, ...texts: string[]) {
  const input = screen.getByLabelText(label);
  input.focus();
  for (const text of texts) fireEvent.change(input, { target: { value: text } });
  return input;
}

describe('the closures list', () => {
  it('applies nothing while a range is half edited or the start is after the end, and keeps the last valid range', async () => {
    renderPage();
    await waitFor(() => expect(closureCalls()).toHaveLength(1));
    expect(closureCalls()[0]).toContain('startDate=2026-03-01&endDate=2026-03-31');
    const caption = () => document.querySelector('.data-table-title')?.textContent;
    const hint = () =>
      screen.getByRole('button', { name: 'Vérifier les signatures' }).getAttribute('aria-describedby');
    const hintText = () => document.getElementById(hint() ?? '')?.textContent;
    await waitFor(() => expect(caption()).toContain('01-03-2026'));
    const [captionBefore, hintBefore] = [caption(), hintText()];

    // 01/03 → 15/04: the day first, then the month; 15/03 on the way was never chosen.
    typeInto('Date de début', '1/03/2026', '15/03/2026', '15/0/2026', '15/04/2026').blur();
    expect(
      await screen.findByText('La date de début ne peut pas être postérieure à la date de fin.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Type de clôture'), { target: { value: '1' } });

    expect(
      closureCalls().every((path) => path.includes('startDate=2026-03-01&endDate=2026-03-31&type=7')),
    ).toBe(true);
    expect(caption()).toBe(captionBefore);
    expect(hintText()).toBe(hintBefore);
    expect(sessionStorage.getItem(CLOSURE_FILTER_KEYS.startDate)).toBe('2026-03-01');

    typeInto('Date de fin', '30/04/2026').blur();
    await waitFor(() =>
      expect(
        closureCalls().some((path) => path.includes('startDate=2026-04-15&endDate=2026-04-30&type=1')),
      ).toBe(true),
    );
  });
});
