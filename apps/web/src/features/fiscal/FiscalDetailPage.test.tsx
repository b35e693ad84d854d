import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FiscalDetailPage } from './FiscalDetailPage';
import { FISCAL_DETAIL_ROUTE } from './fiscalNavigation';

vi.mock('./ClosureDetail', () => ({
  ClosureDetail: ({ id }: { id: string }) => <h1>{`Clôture ${id}`}</h1>,
}));

const CLOSURE_ID = '0c0c0c0c-0000-4000-8000-000000000001';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={`/${FISCAL_DETAIL_ROUTE}`} element={<FiscalDetailPage />} />
        <Route path="/404" element={<h1>Page 404</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the fiscal detail page', () => {
  it('opens the detail screen of a known kind read from the address', () => {
    renderAt(`/administration-fiscale/clotures/details/${CLOSURE_ID}`);
    expect(screen.getByRole('heading', { name: `Clôture ${CLOSURE_ID}` })).toBeTruthy();
  });

  it('sends an unknown kind to /404, as an unknown report id', () => {
    renderAt('/administration-fiscale/bogus/details/123');
    expect(screen.getByRole('heading', { name: 'Page 404' })).toBeTruthy();
  });

  it('sends an unknown kind to /404 even with a record id', () => {
    renderAt(`/administration-fiscale/bogus/details/${CLOSURE_ID}`);
    expect(screen.getByRole('heading', { name: 'Page 404' })).toBeTruthy();
  });

  it('sends a known kind with an id that names no record to /404', () => {
    renderAt('/administration-fiscale/clotures/details/123');
    expect(screen.getByRole('heading', { name: 'Page 404' })).toBeTruthy();
  });
});
