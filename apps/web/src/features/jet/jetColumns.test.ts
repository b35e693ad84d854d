import { describe, expect, it } from 'vitest';
import type { JetJournalRow } from '@comptoir/contracts';
import { createTranslator } from './jet.i18n';
import { eventLabel, formatDetails, jetColumns } from './jetColumns';

const row: JetJournalRow = {
  seq: 3,
  code: '25',
  label: "Modification des droits d'un utilisateur",
  occurredAt: '2026-11-24T10:00:00.000Z',
  companyName: null,
  userName: null,
  details: { targetUserId: 'u-1', before: { services: ['reporting'] }, after: { services: [] }, rowCount: 0 },
  signature: 'bad',
};

describe('the journal columns', () => {
  it('writes nested details on one line, arrays in brackets and objects in braces', () => {
    expect(formatDetails(row.details)).toBe(
      'targetUserId: u-1 · before: { services: [reporting] } · after: { services: [] } · rowCount: 0',
    );
    expect(formatDetails({ sessionId: null })).toBe('sessionId: —');
  });

  it('names a known event in the interface language and keeps the server label of an unknown one', () => {
    expect(eventLabel(createTranslator('en').t, row)).toBe("User's rights changed");
    expect(eventLabel(createTranslator('en').t, { code: '99', label: 'Événement futur' })).toBe(
      'Événement futur',
    );
  });

  it('shows the server as the actor of an event without user, and a bad signature as invalid', () => {
    const columns = jetColumns(createTranslator('fr').t);
    const cell = (id: string) => columns.find((column) => column.id === id)!.value(row);
    expect(cell('user')).toBe('Système');
    expect(cell('signature')).toBe('Invalide');
    expect(cell('event')).toBe("Modification des droits d'un utilisateur");
  });
});
