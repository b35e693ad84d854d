import { describe, expect, it } from 'vitest';
import type { ContentLanguage } from '@comptoir/contracts';
import { pdfText } from '../../testing/pdf-text';
import { softwareIdentity } from '../../platform/pdf/pdf-layout';
import { renderCustomerStatement, type StatementData } from './customer-statement.pdf';

const at = (iso: string) => new Date(iso);

/** A statement with every fixed text: a company customer, each kind of operation, debit and credit balances. */
const statement = (language: ContentLanguage): StatementData => ({
  language,
  issuer: {
    id: '00000000-0000-4000-8000-000000000001',
    company_name: 'La Crêperie',
    legal_name: 'Crêperie SARL',
    siret: '12345678900011',
    vat_number: 'FR12345678901',
    address_street: '3 rue du Port',
    address_zipcode: '29000',
    address_city: 'Quimper',
  },
  customer: {
    name: 'Le Bihan Soazig',
    number: 42,
    companyName: 'Bihan Conseil',
    siren: '123456789',
    vat: 'FR98765432101',
    address: '8 quai de l’Odet, 29000 Quimper',
    email: 'soazig@example.fr',
  },
  companyNames: ['La Crêperie'],
  start: '2026-03-01',
  end: '2026-03-31',
  opening: -1000,
  lines: [
    {
      at: at('2026-03-05T12:00:00Z'),
      companyName: 'La Crêperie',
      kind: 'charge',
      orderNumber: 101,
      paymentName: null,
      amount: -2350,
      balance: -3350,
    },
    {
      at: at('2026-03-10T12:00:00Z'),
      companyName: 'La Crêperie',
      kind: 'payment',
      orderNumber: null,
      paymentName: 'CB',
      amount: 3350,
      balance: 0,
    },
    {
      at: at('2026-03-12T12:00:00Z'),
      companyName: 'La Crêperie',
      kind: 'topup',
      orderNumber: null,
      paymentName: 'Espèces',
      amount: 2000,
      balance: 2000,
    },
    {
      at: at('2026-03-13T12:00:00Z'),
      companyName: 'La Crêperie',
      kind: 'refund',
      orderNumber: null,
      paymentName: 'Espèces',
      amount: -500,
      balance: 1500,
    },
  ],
  printedAt: at('2026-04-01T08:00:00Z'),
  software: softwareIdentity('en cours de certification (NF525)', language),
});

/** The statement's fixed French texts: none may be left in another language's. */
const FRENCH = [
  'Relevé de compte',
  'N° de client',
  'Société',
  'N° TVA',
  'Adresse',
  'Établissement',
  'Opérations',
  'Opération',
  'Débit',
  'Solde',
  'Note n°',
  'Règlement',
  'Recharge',
  'Remboursement',
  'Total de la période',
  'de la période',
  ' dû',
  'en crédit',
  'Édité le',
  'Logiciel',
  'intracommunautaire',
];

const EXPECTED: Record<Exclude<ContentLanguage, 'fr'>, (string | RegExp)[]> = {
  en: [
    // The title wraps after « to » at this width.
    'Account statement from 01/03/2026 to',
    'Customer no.',
    'Company',
    'Address',
    'EU VAT no.: FR12345678901',
    /Date\s+Establishment\s+Operation\s+Debit\s+Credit\s+Balance/,
    /Balance brought forward\s+10,00 € owed/,
    'Note no. 101',
    'Payment (CB)',
    'Top-up (Espèces)',
    'Refund (Espèces)',
    /Total for the period\s+28,50 €\s+53,50 €\s+15,00 € in credit/,
    /Debits for the period\s+28,50 €/,
    /Balance on 31\/03\/2026\s+15,00 € in credit/,
    'Issued on 01/04/2026 10:00:00.',
    `Software: Comptoir`,
  ],
  es: [
    'Extracto de cuenta del 01/03/2026 al 31/03/2026',
    'N.º de cliente',
    'Empresa',
    'Dirección',
    'NIF-IVA intracomunitario: FR12345678901',
    /Fecha\s+Establecimiento\s+Operación\s+Cargo\s+Abono\s+Saldo/,
    /Saldo anterior\s+10,00 € pendiente/,
    'Nota n.º 101',
    'Pago (CB)',
    'Recarga (Espèces)',
    'Reembolso (Espèces)',
    /Total del período\s+28,50 €\s+53,50 €\s+15,00 € a favor/,
    /Cargos del período\s+28,50 €/,
    /Saldo al 31\/03\/2026\s+15,00 € a favor/,
    'Emitido el 01/04/2026 10:00:00.',
    'Certificado:',
  ],
  ca: [
    'Extracte de compte del 01/03/2026 al 31/03/2026',
    'Núm. de client',
    'Empresa',
    'Adreça',
    'NIF-IVA intracomunitari: FR12345678901',
    /Data\s+Establiment\s+Operació\s+Càrrec\s+Abonament\s+Saldo/,
    /Saldo anterior\s+10,00 € pendent/,
    'Nota núm. 101',
    'Pagament (CB)',
    'Recàrrega (Espèces)',
    // The operation's cell wraps before the payment's name.
    'Reemborsament',
    /Total del període\s+28,50 €\s+53,50 €\s+15,00 € a favor/,
    /Càrrecs del període\s+28,50 €/,
    /Saldo a 31\/03\/2026\s+15,00 € a favor/,
    'Emès el 01/04/2026 10:00:00.',
    'Programari: Comptoir',
  ],
};

describe('a statement in the reader’s language (issue 31, item 20)', () => {
  for (const [language, expected] of Object.entries(EXPECTED) as [
    Exclude<ContentLanguage, 'fr'>,
    (string | RegExp)[],
  ][]) {
    it(`prints its title, columns, operations and balances in ${language}, and no French heading`, async () => {
      const text = await pdfText(await renderCustomerStatement(statement(language)));
      for (const wanted of expected) {
        if (typeof wanted === 'string') expect(text).toContain(wanted);
        else expect(text).toMatch(wanted);
      }
      for (const french of FRENCH) expect(text, french).not.toContain(french);
    });
  }

  it('keeps the French texts for fr', async () => {
    const text = await pdfText(await renderCustomerStatement(statement('fr')));
    expect(text).toContain('Relevé de compte du 01/03/2026 au 31/03/2026');
    expect(text).toContain('N° TVA intracommunautaire : FR12345678901');
    expect(text).toMatch(/Solde reporté\s+10,00 € dû/);
    expect(text).toContain('Note n°101');
    expect(text).toMatch(/Solde au 31\/03\/2026\s+15,00 € en crédit/);
    expect(text).toContain('Logiciel : Comptoir');
  });
});
