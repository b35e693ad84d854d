import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_VERSION } from '../../platform/version';
import { pdfText } from '../../testing/pdf-text';
import { softwareIdentity } from '../../platform/pdf/pdf-layout';
import { renderTicketPdf, type TicketDocument, type TicketNote } from './customer-tickets.pdf';

let tmp: string;
beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'comptoir-tickets-pdf-'));
});
afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

async function pageSizes(bytes: Buffer): Promise<string[]> {
  const file = path.join(tmp, `${Date.now()}-${Math.random()}.pdf`);
  await fs.writeFile(file, bytes);
  const { stdout } = await promisify(execFile)('pdfinfo', ['-f', '1', '-l', '99', file]);
  return [...stdout.matchAll(/Page\s+\d+ size:\s+([\d.]+ x [\d.]+)/g)].map((m) => m[1]!);
}

function note(n: number, day: string, lines: [number, string, number][]): TicketNote {
  const amount = lines.reduce((s, [, , a]) => s + a, 0);
  return {
    id: `note-${n}`,
    kind: 'note',
    at: new Date(`${day}T12:${String(n % 60).padStart(2, '0')}:00Z`),
    businessDay: day,
    amount,
    companyName: 'La Crêperie',
    orderNumber: 100 + n,
    orderTotal: amount,
    lines: lines.map(([quantity, label, a]) => ({ quantity, label, amount: a })),
    taxes: [
      { rate: 0.1, evat: Math.round(amount / 1.1), tax: amount - Math.round(amount / 1.1), ivat: amount },
    ],
    paymentName: null,
  };
}

const company = {
  company_name: 'La Crêperie',
  legal_name: 'Crêperie SARL',
  siret: '12345678900011',
  vat_number: null,
  address_street: '3 rue du Port',
  address_zipcode: '29000',
  address_city: 'Quimper',
};

function document(overrides: Partial<TicketDocument>): TicketDocument {
  return {
    action: 'details',
    formatA4: true,
    dayByDay: false,
    label: 'Consommations',
    language: 'fr',
    companies: [company],
    customerName: 'Le Bihan Soazig',
    userName: null,
    printedAt: new Date('2026-03-15T10:00:00Z'),
    software: softwareIdentity('en cours de certification (NF525)'),
    notes: [
      note(1, '2026-03-13', [
        [2, 'Galette complète', 1900],
        [1, 'Cidre brut', 450],
      ]),
      note(2, '2026-03-14', [[1, 'Crêpe caramel', 650]]),
    ],
    ...overrides,
  };
}

describe('ticket PDFs', () => {
  it('names the software, its version and its certificate at the foot, uncut on an 80 mm roll', async () => {
    for (const formatA4 of [true, false]) {
      const text = await pdfText(await renderTicketPdf(document({ formatA4 })));
      expect(text).toContain(`Logiciel : Comptoir ${SERVER_VERSION}`);
      expect(text).toContain('Certificat : en cours de certification (NF525)');
    }
  });

  it('lists each note’s lines, its total, the VAT and the grand total with details', async () => {
    const text = await pdfText(await renderTicketPdf(document({})));
    expect(text).toContain('La Crêperie');
    expect(text).toContain('Client : Le Bihan Soazig');
    expect(text).toMatch(/2\s+Galette complète\s+19,00 €/);
    expect(text).toMatch(/1\s+Cidre brut\s+4,50 €/);
    expect(text).toMatch(/Ticket n°101/);
    expect(text).toMatch(/Total de la note\s+23,50 €/);
    expect(text).toMatch(/Total de la note\s+6,50 €/);
    expect(text).toMatch(/TVA 10 % sur/);
    expect(text).toMatch(/Total TTC \(2 notes\)\s+30,00 €/);
  });

  it('shows one labelled line per note without details', async () => {
    const text = await pdfText(
      await renderTicketPdf(document({ action: 'withoutDetails', label: 'Repas équipe' })),
    );
    expect(text).toMatch(/13\/03\/2026 Repas équipe\s+23,50 €/);
    expect(text).toMatch(/14\/03\/2026 Repas équipe\s+6,50 €/);
    expect(text).not.toContain('Galette');
    expect(text).toMatch(/Total TTC \(2 notes\)\s+30,00 €/);
  });

  it('gives a subtotal per business day day by day', async () => {
    const notes = [...document({}).notes, note(3, '2026-03-14', [[3, 'Café', 360]])];
    const text = await pdfText(
      await renderTicketPdf(document({ action: 'withoutDetails', dayByDay: true, notes })),
    );
    expect(text).toContain('Journée du 13/03/2026');
    expect(text).toMatch(/Sous-total du 13\/03\/2026\s+23,50 €/);
    expect(text).toMatch(/Sous-total du 14\/03\/2026\s+10,10 €/);
    expect(text).toMatch(/Total TTC \(3 notes\)\s+33,60 €/);
  });

  it('prints A4, or an 80 mm roll on one long page', async () => {
    expect(await pageSizes(await renderTicketPdf(document({})))).toEqual(['595.28 x 841.89']);
    const roll = await pageSizes(await renderTicketPdf(document({ formatA4: false })));
    expect(roll).toHaveLength(1);
    expect(roll[0]).toMatch(/^226\.77\d* x /);
  });

  // Its time is a budget of `npm run bench` (customer-accounts), not an assertion here.
  it('renders 200 notes with details and their grand total', async () => {
    const notes = Array.from({ length: 200 }, (_, i) =>
      note(i, `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`, [
        [2, 'Galette complète', 1900],
        [1, 'Cidre brut', 450],
        [1, 'Crêpe caramel', 650],
      ]),
    );
    const pdf = await renderTicketPdf(document({ notes, dayByDay: true }));
    const text = await pdfText(pdf);
    expect(text).toMatch(/Total TTC \(200 notes\)\s+6 000,00 €/);
  });
});

describe('ticket PDFs in the reader’s language (issue 31, item 20)', () => {
  /** The fixed French texts of a ticket PDF: none may be left in another language's. */
  const FRENCH = [
    'Relevé de notes',
    'Crédits',
    'Document n°',
    'Client :',
    'Édité le',
    'Journée du',
    'Sous-total',
    'Ticket n°',
    'Total du ticket',
    'dont TVA',
    'Total de la note',
    'Total TTC',
    'Total des crédits',
    ' sur ',
    ' HT',
    'a payé la note',
    'reste disponible',
    'Logiciel',
    'Certificat :',
    'N° TVA',
  ];
  const credit: TicketNote = {
    id: 'credit-1',
    kind: 'credit',
    at: new Date('2026-03-14T18:00:00Z'),
    businessDay: '2026-03-14',
    amount: 5000,
    companyName: 'La Crêperie',
    orderNumber: null,
    orderTotal: null,
    lines: [],
    uses: [{ at: new Date('2026-03-13T12:01:00Z'), orderNumber: 101, amountPaid: 2350 }],
    taxes: [],
    paymentName: 'CB',
  };
  /** A document with every fixed text: notes with details, a day's subtotal, a credit and its uses. */
  const everything = (language: TicketDocument['language']) =>
    document({
      language,
      software: softwareIdentity('en cours de certification (NF525)', language),
      dayByDay: true,
      companies: [{ ...company, vat_number: 'FR12345678901' }],
      customerDetails: {
        companyName: 'Bihan Conseil',
        siren: '123456789',
        vat: 'FR98765432101',
        address: [],
      },
      userName: 'Demo',
      notes: [
        { ...note(1, '2026-03-13', [[2, 'Galette complète', 1900]]), orderTotal: 2500 },
        note(2, '2026-03-14', [[1, 'Crêpe caramel', 650]]),
        credit,
      ],
    });

  const EXPECTED = {
    en: [
      'Statement of notes',
      'Document no. 20260315100000',
      'Customer: Le Bihan Soazig',
      'SIREN: 123456789',
      'VAT no.: FR98765432101',
      'Issued on 15/03/2026 11:00:00 by Demo',
      'Day of 13/03/2026',
      'Ticket no. 101',
      /Ticket total\s+25,00 €/,
      /incl\. VAT 10 %/,
      /Note total\s+19,00 €/,
      /Subtotal for 13\/03\/2026\s+19,00 €/,
      /VAT 10 % on [\d ]+,\d{2} € excl\. VAT/,
      /Total incl\. VAT \(2 notes\)\s+25,50 €/,
      /Total of credits \(1\)\s+50,00 €/,
      /Credit \(CB\)\s+50,00 €/,
      /paid note no\. 101 of 13\/03\/2026\s+23,50 €/,
      /still available\s+26,50 €/,
      `Software: Comptoir ${SERVER_VERSION}`,
      'Certificate: en cours de certification (NF525)',
    ],
    es: [
      'Relación de notas',
      'Documento n.º 20260315100000',
      'Cliente: Le Bihan Soazig',
      'SIREN: 123456789',
      'N.º IVA: FR98765432101',
      'Emitido el 15/03/2026 11:00:00 por Demo',
      'Jornada del 13/03/2026',
      'Ticket n.º 101',
      /Total del ticket\s+25,00 €/,
      /incluye IVA 10 %/,
      /Total de la nota\s+19,00 €/,
      /Subtotal del 13\/03\/2026\s+19,00 €/,
      /IVA 10 % sobre una base de [\d ]+,\d{2} €/,
      /Total con IVA \(2 notas\)\s+25,50 €/,
      /Total de los créditos \(1\)\s+50,00 €/,
      /Crédito \(CB\)\s+50,00 €/,
      /pagó la nota n\.º 101 del 13\/03\/2026\s+23,50 €/,
      /queda disponible\s+26,50 €/,
      `Software: Comptoir ${SERVER_VERSION}`,
      'Certificado: en cours de certification (NF525)',
    ],
    ca: [
      'Relació de notes',
      'Document núm. 20260315100000',
      'Client: Le Bihan Soazig',
      'SIREN: 123456789',
      'Núm. IVA: FR98765432101',
      'Emès el 15/03/2026 11:00:00 per Demo',
      'Jornada del 13/03/2026',
      'Tiquet núm. 101',
      /Total del tiquet\s+25,00 €/,
      /inclou IVA 10 %/,
      /Total de la nota\s+19,00 €/,
      /Subtotal del 13\/03\/2026\s+19,00 €/,
      /IVA 10 % sobre una base de [\d ]+,\d{2} €/,
      /Total amb IVA \(2 notes\)\s+25,50 €/,
      /Total dels crèdits \(1\)\s+50,00 €/,
      /Crèdit \(CB\)\s+50,00 €/,
      /va pagar la nota núm\. 101 del 13\/03\/2026\s+23,50 €/,
      /queda disponible\s+26,50 €/,
      `Programari: Comptoir ${SERVER_VERSION}`,
      'Certificat: en cours de certification (NF525)',
    ],
  } as const;

  for (const [language, expected] of Object.entries(EXPECTED) as [
    keyof typeof EXPECTED,
    readonly (string | RegExp)[],
  ][]) {
    it(`prints its headings, totals and VAT lines in ${language}, and no French one`, async () => {
      const text = await pdfText(await renderTicketPdf(everything(language)));
      for (const wanted of expected) {
        if (typeof wanted === 'string') expect(text).toContain(wanted);
        else expect(text).toMatch(wanted);
      }
      for (const french of FRENCH) expect(text, french).not.toContain(french);
    });
  }

  it('keeps the French texts for fr', async () => {
    const text = await pdfText(await renderTicketPdf(everything('fr')));
    for (const french of [
      'Relevé de notes',
      'Client : Le Bihan Soazig',
      'N° TVA : FR98765432101',
      'Journée du 13/03/2026',
    ]) {
      expect(text).toContain(french);
    }
    expect(text).toMatch(/Total TTC \(2 notes\)\s+25,50 €/);
    expect(text).toMatch(/a payé la note n°101 du 13\/03\/2026\s+23,50 €/);
  });

  it('says « Crédits » in the heading of a credits-only document in each language', async () => {
    const headings = { fr: 'Crédits', en: 'Credits', es: 'Créditos', ca: 'Crèdits' } as const;
    for (const [language, heading] of Object.entries(headings) as [TicketDocument['language'], string][]) {
      const text = await pdfText(await renderTicketPdf(document({ language, notes: [credit] })));
      expect(text.split('\n').map((line) => line.trim())).toContain(heading);
    }
  });
});
