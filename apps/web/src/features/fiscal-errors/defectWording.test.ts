import { describe, expect, it } from 'vitest';
import type { SignatureDefect } from '@comptoir/contracts';
import { createTranslator } from './fiscal-errors.i18n';
import { describeDefect } from './defectWording';

const base: SignatureDefect = {
  id: '00000000-0000-4000-8000-000000000001',
  detectedAt: '2026-03-02T10:00:00.000Z',
  jobId: 1,
  source: 'server',
  scope: 'register',
  code: 'BAD_SIGNATURE',
  companyId: null,
  companyName: null,
  registerId: null,
  registerName: null,
  recordKind: 'order',
  recordId: null,
  seq: 12,
  businessDay: '2026-03-02',
  serviceId: null,
  details: {},
  message: 'Message stocké',
};

const fr = createTranslator('fr').t;
const en = createTranslator('en').t;

describe('describeDefect', () => {
  it('names the record of a bad signature in the interface language', () => {
    expect(describeDefect(fr, base)).toBe('La signature de order n° 12 ne se vérifie pas.');
    expect(describeDefect(en, base)).toBe('The signature of order no. 12 does not verify.');
  });

  it('says the missing sequence numbers of a gap', () => {
    const gap = { ...base, code: 'SEQUENCE_GAP' as const, details: { missingFrom: 4, missingTo: 7 } };
    expect(describeDefect(fr, gap)).toBe('Les enregistrements n° 4 à 7 manquent.');
  });

  it('shows money fields in euros, expected against found', () => {
    const row = {
      ...base,
      code: 'ROW_MISMATCH' as const,
      details: { table: 'orders', field: 'amount_total_ivat', expected: 1250, found: 1990 },
    };
    const text = describeDefect(fr, row).replace(/\u00a0|\u202f/g, ' ');
    expect(text).toBe('orders.amount_total_ivat de order n° 12 : 12.50 € attendu, 19.90 € trouvé.');
  });

  it('falls back to the stored French message when the details do not say enough', () => {
    const gap = { ...base, code: 'SEQUENCE_GAP' as const, details: {} };
    expect(describeDefect(en, gap)).toBe('Message stocké');
    const row = { ...base, code: 'ROW_MISMATCH' as const, details: { field: 'price' } };
    expect(describeDefect(fr, row)).toBe('Message stocké');
  });

  it('quotes what a client reported', () => {
    const client = {
      ...base,
      source: 'client' as const,
      code: 'CLIENT_REPORTED' as const,
      message: 'Ticket illisible',
    };
    expect(describeDefect(fr, client)).toBe('Signalée par la caisse : Ticket illisible');
  });
});
