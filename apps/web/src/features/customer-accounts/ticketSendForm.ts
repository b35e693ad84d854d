import { ticketSendProblem, type CustomerTicketErrorCode } from '@comptoir/contracts';

/** The ticket send form (spec 3 §4 "Ticket panel", §5 "Ticket send form"). */
export interface TicketMailDraft {
  sender: string;
  recipient: string;
  subject: string;
  content: string;
}

/** The translated pieces of the prefilled message. */
export interface TicketMailWording {
  greeting: string;
  sentence: string;
  closing: string;
}

/**
 * The message body prefilled on the send tab: a greeting with the customer's last and first name, a
 * default sentence, then the establishment names.
 */
export function ticketMailContent(
  wording: TicketMailWording,
  customer: { lastname: string; firstname: string },
  establishments: readonly string[],
): string {
  const name = [customer.lastname, customer.firstname]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  const greeting = name ? `${wording.greeting} ${name},` : `${wording.greeting},`;
  const signature = [...new Set(establishments.map((item) => item.trim()).filter(Boolean))].join(', ');
  return [greeting, wording.sentence, signature ? `${wording.closing}\n${signature}` : wording.closing].join(
    '\n\n',
  );
}

/** The send button looks enabled only when sender, recipient and content are filled. */
export function isTicketMailFilled(draft: TicketMailDraft): boolean {
  return draft.sender.trim() !== '' && draft.recipient.trim() !== '' && draft.content.trim() !== '';
}

export type TicketMailProblem = 'NO_CREDIT_SELECTED' | CustomerTicketErrorCode;

/** Why the form cannot be sent yet, checked when the button is pressed (the server checks again). */
export function ticketMailProblem(
  draft: TicketMailDraft,
  paymentIds: readonly string[],
  isCredits: boolean,
): TicketMailProblem | null {
  if (paymentIds.length === 0) return isCredits ? 'NO_CREDIT_SELECTED' : 'NO_TICKET_SELECTED';
  return ticketSendProblem({
    userMail: draft.sender,
    customerEmail: draft.recipient,
    msgContent: draft.content,
    listPaymentIds: [...paymentIds],
  });
}
