import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerAccountDetail, TicketPayment } from '@comptoir/contracts';
import { TicketPanel } from './TicketPanel';

const COMPANY = '0c0c0c0c-0000-4000-8000-000000000001';
const CUSTOMER: CustomerAccountDetail = {
  id: '0a0a0a0a-0000-4000-8000-000000000001',
  lastname: 'Martin',
  firstname: 'Léa',
  type: 0,
  account_details: { balance: -2500, visit: 2, guest_average: 1250, order_average: 1250 },
  companies: [{ id: COMPANY, id_customer: 12, company_db_name: COMPANY, company_name: 'Crêperie du Port' }],
  customer_infos: {
    details_email: 'lea@example.test',
    details_phone: null,
    address: null,
    address_zipcode: null,
    address_city: null,
    note: null,
    is_company: 0,
    customer_company_name: null,
    customer_company_id: null,
    customer_company_vat: null,
  },
  credit_limit: null,
  ageing: { d0_30: 2500, d31_60: 0, d61_90: 0, over90: 0 },
};
const payment = (n: number): TicketPayment => ({
  idPayment: `0b0b0b0b-0000-4000-8000-00000000000${n}`,
  customerId: CUSTOMER.id,
  userDb: COMPANY,
});

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response('%PDF-1.7', {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'inline; filename="addition.pdf"',
        },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPanel(payments: TicketPayment[]) {
  const client = new QueryClient();
  const panel = (selected: TicketPayment[]) => (
    <QueryClientProvider client={client}>
      <TicketPanel
        filter="unpaid"
        payments={selected}
        customer={CUSTOMER}
        isSuite={false}
        userEmail="gerant@creperie.test"
        userName="Camille Gérant"
      />
    </QueryClientProvider>
  );
  const view = render(panel(payments));
  return { rerender: (next: TicketPayment[]) => view.rerender(panel(next)) };
}

function pdfCalls() {
  return fetchMock.mock.calls.filter(([path]) =>
    String(path).startsWith('/api/customer-account/notes/details'),
  );
}

describe('the ticket panel', () => {
  it("says 'Aucun ticket sélectionné' and asks for no PDF without a selection", () => {
    renderPanel([]);
    expect(screen.getByText('Aucun ticket sélectionné')).toBeTruthy();
    expect(pdfCalls()).toHaveLength(0);
  });

  it('asks for the PDF of the selection only once it has settled for 2 seconds, then previews it', async () => {
    const { rerender } = renderPanel([]);
    rerender([payment(1)]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    rerender([payment(1), payment(2)]);
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(pdfCalls()).toHaveLength(0);
    expect(screen.getByText('Le ticket sera mis à jour dans un instant.')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(pdfCalls()).toHaveLength(1);
    const body = JSON.parse(String((pdfCalls()[0]![1] as RequestInit).body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      groupedPaymentsList: [{ customerId: CUSTOMER.id, payments: [payment(1), payment(2)] }],
      formatA4: true,
      dayByDay: false,
      userName: 'Camille Gérant',
    });
    // The PDF comes in the answer (nothing stored on the server); the preview shows it as a blob.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await screen.findByTitle('Aperçu du ticket')).getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByRole('link', { name: 'Exporter' }).getAttribute('download')).toBe('addition.pdf');
  });

  it('prefills the send tab from the signed-in user and the customer', async () => {
    renderPanel([payment(1)]);
    await act(async () => {
      screen.getByRole('tab', { name: 'Envoyer par e-mail' }).click();
      await Promise.resolve();
    });
    expect((screen.getByLabelText(/^Expéditeur/) as HTMLInputElement).value).toBe('gerant@creperie.test');
    expect((screen.getByLabelText(/^Destinataire/) as HTMLInputElement).value).toBe('lea@example.test');
    expect((screen.getByLabelText(/^Objet/) as HTMLInputElement).value).toBe('Votre addition');
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe(
      'Bonjour Martin Léa,\n\nVeuillez trouver ci-joint votre addition.\n\nCordialement,\nCrêperie du Port',
    );
    expect(screen.getByRole('button', { name: 'Envoyer' }).getAttribute('aria-disabled')).toBe('false');
  });

  it('sends one PDF per note when « Une note par PDF » is ticked (issue 31, item 15)', async () => {
    renderPanel([payment(1), payment(2)]);
    await act(async () => {
      screen.getByRole('tab', { name: 'Envoyer par e-mail' }).click();
      await Promise.resolve();
    });
    await act(async () => {
      screen.getByRole('checkbox', { name: /^Une note par PDF/ }).click();
      await Promise.resolve();
    });
    await act(async () => {
      screen.getByRole('button', { name: 'Envoyer' }).click();
      await Promise.resolve();
    });
    const send = fetchMock.mock.calls.find(([path]) => String(path) === '/api/customer-account/notes/send');
    expect(send).toBeDefined();
    const body = JSON.parse(String((send![1] as RequestInit).body)) as Record<string, unknown>;
    expect(body.sendSeparateNote).toBe(true);
  });
});
