import { describe, expect, it } from 'vitest';
import { isTicketMailFilled, ticketMailContent, ticketMailProblem } from './ticketSendForm';

const WORDING = {
  greeting: 'Bonjour',
  sentence: 'Veuillez trouver ci-joint votre addition.',
  closing: 'Cordialement,',
};
const DRAFT = {
  sender: 'gerant@creperie.test',
  recipient: 'client@example.test',
  subject: 'Votre addition',
  content: 'Bonjour',
};
const NOTE = '0f0e0d0c-0000-4000-8000-000000000001';

describe('the prefilled message of the send tab', () => {
  it('greets the customer by last then first name, then the sentence and the establishments', () => {
    expect(
      ticketMailContent(WORDING, { lastname: 'Martin', firstname: 'Léa' }, [
        'Crêperie du Port',
        'Bistrot Gare',
      ]),
    ).toBe(
      'Bonjour Martin Léa,\n\nVeuillez trouver ci-joint votre addition.\n\nCordialement,\nCrêperie du Port, Bistrot Gare',
    );
  });

  it('names each establishment once and copes with a missing first name', () => {
    expect(ticketMailContent(WORDING, { lastname: 'Martin', firstname: ' ' }, ['Port', 'Port'])).toBe(
      'Bonjour Martin,\n\nVeuillez trouver ci-joint votre addition.\n\nCordialement,\nPort',
    );
  });
});

describe('the send form rules', () => {
  it('looks ready only when sender, recipient and content are filled (the subject may be empty)', () => {
    expect(isTicketMailFilled({ ...DRAFT, subject: '' })).toBe(true);
    expect(isTicketMailFilled({ ...DRAFT, sender: ' ' })).toBe(false);
    expect(isTicketMailFilled({ ...DRAFT, recipient: '' })).toBe(false);
    expect(isTicketMailFilled({ ...DRAFT, content: '\n' })).toBe(false);
  });

  it("says 'Aucun ticket sélectionné' first, and asks for a credit on the credits tab", () => {
    expect(ticketMailProblem({ ...DRAFT, sender: '' }, [], false)).toBe('NO_TICKET_SELECTED');
    expect(ticketMailProblem(DRAFT, [], true)).toBe('NO_CREDIT_SELECTED');
  });

  it('then names the missing field or the malformed address', () => {
    expect(ticketMailProblem({ ...DRAFT, recipient: '' }, [NOTE], false)).toBe('TICKET_RECIPIENT_REQUIRED');
    expect(ticketMailProblem({ ...DRAFT, recipient: 'client' }, [NOTE], false)).toBe('TICKET_EMAIL_INVALID');
    expect(ticketMailProblem(DRAFT, [NOTE], false)).toBeNull();
  });
});
