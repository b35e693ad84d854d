import { z } from 'zod';
import { id } from './common';
import { contentLanguage } from './menu';
import { isEmailAddress } from './rules';

/**
 * Ticket PDFs of customer accounts and their sending by e-mail (spec 3 §2 "Ticket and credit panel",
 * §4 "Ticket panel", §5 "Ticket send form", §7 `notes/{action}` and `notes/send`). A note is a charge
 * operation of a customer account (its id is the note's `payment_line_id`); a credit is a top-up or
 * payment operation. The server renders every PDF itself from the operation ids it is given, after
 * checking that each one is an operation of one of the caller's accounts in a readable establishment.
 */

/** At most this many notes in one PDF or one mail. */
export const TICKET_MAX_NOTES = 500;
/** With `sendSeparateNote` the mail carries one PDF per note: at most this many. */
export const TICKET_SEPARATE_NOTES_MAX = 50;
export const TICKET_LABEL_MAX_LENGTH = 120;
/**
 * Spec 3 §9: the defaults the portal shows (translated there); the server's French ones, its others
 * in `customer-pdf.texts.ts`.
 */
export const TICKET_DEFAULT_LABEL_FR = 'Consommations';
export const TICKET_DEFAULT_SUBJECT_FR = 'Votre addition';

export const ticketPdfAction = z.enum(['details', 'withoutDetails']);
export type TicketPdfAction = z.infer<typeof ticketPdfAction>;

/** One selected note (or credit): `userDb` is the establishment (company) id. */
export const ticketPayment = z.object({
  idPayment: id,
  customerId: id,
  userDb: id,
});
export type TicketPayment = z.infer<typeof ticketPayment>;

export const ticketPaymentGroup = z.object({
  customerId: id,
  payments: z.array(ticketPayment).max(TICKET_MAX_NOTES),
});
export type TicketPaymentGroup = z.infer<typeof ticketPaymentGroup>;

/**
 * `POST /api/customer-account/notes/details` and `/notes/withoutDetails`. An empty selection answers
 * 400 `NO_TICKET_SELECTED` ('Aucun ticket sélectionné'); an id that is not one of the caller's notes
 * (or whose `customerId`/`userDb` do not match it) answers 404 `TICKET_NOT_FOUND`.
 * `formatA4`: true A4, false an 80 mm ticket roll. `dayByDay`: notes grouped per business day
 * (Europe/Paris) with a subtotal per day. `label`: the one line's text of "without details"
 * (default 'Consommations', in the caller's language). `userName`: shown as "Édité par" when
 * given. The PDF is in the caller's language (its saved locale; issue 31, item 20).
 * Answers the PDF itself (`application/pdf`, `content-disposition: inline; filename="…"` naming the
 * file): a preview stores nothing, so view-as sessions may call it (issue 31 item 6; the spec's
 * `{url, nameFile}` pointed at a stored copy, written on every preview and never purged).
 */
export const ticketPdfRequest = z
  .object({
    groupedPaymentsList: z.array(ticketPaymentGroup).max(TICKET_MAX_NOTES),
    label: z.string().max(TICKET_LABEL_MAX_LENGTH).optional(),
    userName: z.string().max(200).optional(),
    formatA4: z.boolean(),
    dayByDay: z.boolean(),
  })
  .refine(
    (body) => body.groupedPaymentsList.reduce((n, group) => n + group.payments.length, 0) <= TICKET_MAX_NOTES,
    { message: `At most ${TICKET_MAX_NOTES} notes`, path: ['groupedPaymentsList'] },
  );
export type TicketPdfRequest = z.infer<typeof ticketPdfRequest>;

/**
 * `POST /api/customer-account/notes/send` (a write: it mails). The mail goes from the platform's
 * sender with Reply-To `userMail`, which must be the signed-in user's own address (403
 * `TICKET_SENDER_NOT_USER`). The PDF is regenerated from `listPaymentIds` (never from a file the
 * browser names): `oldPdfSelected` says which one (details by default; withoutDetails uses
 * `labelWithoutDetails`); `sendSeparateNote` attaches one PDF per note; `dayByDayEmail` is for the
 * suite edition only (403 `TICKET_DAY_BY_DAY_SUITE_ONLY`). `nameFileToDisplay` names the attachment
 * (cleaned, `.pdf` added). `subject` defaults to 'Votre addition'. `msgContent` is sent as plain text.
 * Missing sender/recipient/content: 400 `TICKET_SENDER_REQUIRED` / `TICKET_RECIPIENT_REQUIRED` /
 * `TICKET_CONTENT_REQUIRED`; a malformed address 400 `TICKET_EMAIL_INVALID`; no ticket 400
 * `NO_TICKET_SELECTED`; an unknown ticket 404 `TICKET_NOT_FOUND`; the mail server refusing it 502
 * `TICKET_MAIL_FAILED` (the portal's send-mail error). `locale`: the mail's language, which the PDF
 * and the default subject and label are written in (issue 31, item 20); the sender's own when absent
 * (the portal's form offers no choice: its user writes the message in the portal's language).
 */
export const ticketSendRequest = z.object({
  userMail: z.string().trim().max(254),
  customerEmail: z.string().trim().max(254),
  subject: z.string().trim().max(200).optional(),
  msgContent: z.string().max(10_000),
  nameFileToDisplay: z.string().max(120).optional(),
  listPaymentIds: z.array(id).max(TICKET_MAX_NOTES),
  formatA4: z.boolean(),
  dayByDayEmail: z.boolean(),
  sendSeparateNote: z.boolean(),
  userName: z.string().max(200).optional(),
  oldPdfSelected: ticketPdfAction.optional(),
  labelWithoutDetails: z.string().max(TICKET_LABEL_MAX_LENGTH).optional(),
  locale: contentLanguage.optional(),
});
export type TicketSendRequest = z.infer<typeof ticketSendRequest>;

export const ticketSendResponse = z.object({ message: z.literal('success') });
export type TicketSendResponse = z.infer<typeof ticketSendResponse>;

export const customerTicketErrorCode = z.enum([
  'NO_TICKET_SELECTED',
  'TICKET_NOT_FOUND',
  'TICKET_SENDER_REQUIRED',
  'TICKET_RECIPIENT_REQUIRED',
  'TICKET_CONTENT_REQUIRED',
  'TICKET_EMAIL_INVALID',
  'TICKET_SENDER_NOT_USER',
  'TICKET_DAY_BY_DAY_SUITE_ONLY',
  'TICKET_TOO_MANY_ATTACHMENTS',
  'TICKET_MAIL_FAILED',
]);
export type CustomerTicketErrorCode = z.infer<typeof customerTicketErrorCode>;

/** The send form's rule, in the portal (button look) and on the server. */
export function ticketSendProblem(
  form: Pick<TicketSendRequest, 'userMail' | 'customerEmail' | 'msgContent' | 'listPaymentIds'>,
): CustomerTicketErrorCode | null {
  if (form.userMail.trim() === '') return 'TICKET_SENDER_REQUIRED';
  if (form.customerEmail.trim() === '') return 'TICKET_RECIPIENT_REQUIRED';
  if (form.msgContent.trim() === '') return 'TICKET_CONTENT_REQUIRED';
  if (!isEmailAddress(form.userMail) || !isEmailAddress(form.customerEmail)) return 'TICKET_EMAIL_INVALID';
  if (form.listPaymentIds.length === 0) return 'NO_TICKET_SELECTED';
  return null;
}
